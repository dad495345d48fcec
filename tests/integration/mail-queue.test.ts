import { afterAll, describe, expect, it } from "vitest";
import { pruneOldMail } from "~/.server/activity/activity-pruning";
import { db } from "~/.server/db";
import { enqueueMail, mailQueueIdle, processMailQueue } from "~/.server/mail/mail-queue";
import { setMailSenderForTests } from "~/.server/mail/mailer";
import { listOutgoingMail, MAX_MAIL_ATTEMPTS } from "~/.server/models/outbox";
import { useTestDatabase } from "../setup/database";
import { decodedText, useSmtpSink } from "../setup/smtp-sink";

// Vitest shares modules between files here (isolate: false): the mail sender this file sets must not outlive it.
afterAll(() => setMailSenderForTests(undefined));

// The outgoing-mail queue (docs/decisions/0015-outgoing-mail-queue.md) against a real SMTP server on loopback.

useTestDatabase();

const sink = useSmtpSink();

describe("enqueueMail", () => {
  it("stores nothing and answers null when no SMTP server is configured", async () => {
    setMailSenderForTests(null);
    expect(await enqueueMail({ to: "a@example.com", subject: "Hi", text: "Hello" })).toBeNull();
    expect(await listOutgoingMail()).toEqual([]);
  });

  it("stores the message first, then sends it with its text, HTML and reply-to", async () => {
    setMailSenderForTests(sink.sender);
    const id = await enqueueMail({ to: "a@example.com", subject: "Quote for your villa", text: "Plain body", html: "<p>HTML body</p>", replyTo: "office@atoll.example", kind: "reply" });
    expect(id).toBeTruthy();
    await mailQueueIdle();
    await processMailQueue(sink.sender);
    expect(sink.received).toHaveLength(1);
    const raw = decodedText(sink.received[0]);
    expect(raw).toMatch(/Subject: Quote for your villa/);
    expect(raw).toMatch(/Reply-To: office@atoll\.example/);
    expect(raw).toContain("Plain body");
    expect(raw).toContain("<p>HTML body</p>");
    expect(await listOutgoingMail()).toMatchObject([{ id, status: "sent", attempts: 1, error: null }]);
  });

  it("retries a message refused for now (4xx) with backoff and gives up after the last attempt", async () => {
    sink.refuse = "temporary";
    setMailSenderForTests(sink.sender);
    const id = (await enqueueMail({ to: "b@example.com", subject: "Hi", text: "Hello" })) ?? "";
    await mailQueueIdle();
    let [mail] = await listOutgoingMail();
    expect(mail).toMatchObject({ id, status: "pending", attempts: 1 });
    expect(mail.error).toMatch(/try again later/);
    // Not due yet: nothing is tried.
    expect(await processMailQueue(sink.sender)).toBe(0);
    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      await db().updateTable("mail_outbox").set({ next_attempt_at: 0 }).where("id", "=", id).execute();
      await processMailQueue(sink.sender);
    }
    [mail] = await listOutgoingMail();
    expect(mail).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
    sink.refuse = false;
    expect(await processMailQueue(sink.sender)).toBe(0);
    expect(sink.received).toEqual([]);
  });

  it("gives up at once on a message refused for good (5xx)", async () => {
    sink.refuse = "permanent";
    setMailSenderForTests(sink.sender);
    const id = (await enqueueMail({ to: "nobody@example.com", subject: "Hi", text: "Hello" })) ?? "";
    await mailQueueIdle();
    const [mail] = await listOutgoingMail();
    expect(mail).toMatchObject({ id, status: "failed", attempts: 1 });
    expect(mail.error).toMatch(/Mailbox unavailable/);
    sink.refuse = false;
    await db().updateTable("mail_outbox").set({ next_attempt_at: 0 }).where("id", "=", id).execute();
    expect(await processMailQueue(sink.sender)).toBe(0);
  });

  it("sends a message's display names and extra headers as stored", async () => {
    setMailSenderForTests(sink.sender);
    await enqueueMail({ to: "c@example.com", toName: "Aishath Shifa", fromName: "Atoll Construction", subject: "Hi", text: "Hello", headers: { "X-Enquiry-Id": "e-1" } });
    await mailQueueIdle();
    const raw = decodedText(sink.received[0]);
    expect(raw).toMatch(/^To: "?Aishath Shifa"? <c@example\.com>/m);
    expect(raw).toMatch(/^From: "?Atoll Construction"? <website@atoll\.example>/m);
    expect(raw).toMatch(/^X-Enquiry-Id: e-1/im);
  });
});

describe("housekeeping", () => {
  it("deletes sent mail after 30 days and given-up mail after 90; a message still waiting is kept whatever its age", async () => {
    const now = new Date("2026-11-24T06:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const rows = [
      { id: "sent-old", status: "sent", created_at: daysAgo(31) },
      { id: "sent-recent", status: "sent", created_at: daysAgo(29) },
      { id: "failed-old", status: "failed", created_at: daysAgo(91) },
      { id: "failed-recent", status: "failed", created_at: daysAgo(60) },
      { id: "pending-old", status: "pending", created_at: daysAgo(400) },
    ];
    for (const row of rows) {
      await db()
        .insertInto("mail_outbox")
        .values({ ...row, kind: "invite", to_address: "a@example.com", subject: "Hi", text_body: "https://example.com/invite/secret", attempts: 1 })
        .execute();
    }
    expect(await pruneOldMail(now)).toBe(2);
    expect((await listOutgoingMail()).map((m) => m.id).sort()).toEqual(["failed-recent", "pending-old", "sent-recent"]);
    expect(await pruneOldMail(now)).toBe(0);
  });
});
