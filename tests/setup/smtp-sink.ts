import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type MailConfig, type MailSender, setMailConfigForTests, setMailSenderForTests } from "~/.server/mail/mailer";

// A real SMTP server on loopback that keeps every message it receives (or refuses them all).

export interface SmtpSink {
  /** Each message as it arrived: headers, a blank line, the body. */
  received: string[];
  /** Refuse every message: for good (550) or for now (451, "try again later"). */
  refuse: false | "permanent" | "temporary";
  sender: MailSender;
  /** The sender with the office's address (office@atoll.example): what enquiry notifications and replies need. */
  config: MailConfig;
  close(): Promise<void>;
}

/** Starts a sink on a free loopback port; `sink`, when given, is the object filled in (useSmtpSink hands it out early). */
export async function startSmtpSink(sink = { received: [] as string[], refuse: false } as SmtpSink): Promise<SmtpSink> {
  const refusals = {
    permanent: { message: "Mailbox unavailable", responseCode: 550 },
    temporary: { message: "Mailbox busy, try again later", responseCode: 451 },
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        if (sink.refuse) {
          const { message, responseCode } = refusals[sink.refuse];
          return callback(Object.assign(new Error(message), { responseCode }));
        }
        sink.received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  sink.sender = { transport: nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }), from: "website@atoll.example" };
  sink.config = { ...sink.sender, to: "office@atoll.example" };
  sink.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return sink;
}

/**
 * A sink for this test file: started before its tests, emptied and accepting again after each (the mail seams back to
 * the environment, where no SMTP server is set), closed after the file. Its sender and config exist once the file's
 * tests run.
 */
export function useSmtpSink(): SmtpSink {
  const sink = { received: [] as string[], refuse: false } as SmtpSink;
  beforeAll(async () => {
    await startSmtpSink(sink);
  });
  afterEach(() => {
    sink.received.length = 0;
    sink.refuse = false;
    setMailConfigForTests(undefined);
    setMailSenderForTests(undefined);
  });
  afterAll(async () => {
    setMailConfigForTests(undefined);
    setMailSenderForTests(undefined);
    await sink.close();
  });
  return sink;
}

/** The decoded text of a raw message (quoted-printable soft breaks joined), for finding links in it. */
export function decodedText(raw: string): string {
  // One pass: decoding "=3D" first and then every "=XX" would decode twice, so "id=3D71..." became "id" + "q"...
  // whenever a token after "=" began with two hex digits.
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
