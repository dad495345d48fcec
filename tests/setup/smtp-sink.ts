import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import type { MailSender } from "~/.server/mail/mailer";

// A real SMTP server on loopback that keeps every message it receives (or refuses them all).

export interface SmtpSink {
  received: string[];
  /** Refuse every message: for good (550) or for now (451, "try again later"). */
  refuse: false | "permanent" | "temporary";
  sender: MailSender;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { received: [] as string[], refuse: false } as SmtpSink;
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
  sink.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return sink;
}

/** The decoded text of a raw message (quoted-printable soft breaks joined), for finding links in it. */
export function decodedText(raw: string): string {
  // One pass: decoding "=3D" first and then every "=XX" would decode twice, so "id=3D71..." became "id" + "q"...
  // whenever a token after "=" began with two hex digits.
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
