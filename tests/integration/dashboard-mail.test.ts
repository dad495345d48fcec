import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { drainErrorLogs } from "~/.server/logger";
import { db } from "~/.server/db";
import { enqueueMail, mailQueueIdle } from "~/.server/mail/mail-queue";
import { setMailConfigForTests, setMailSenderForTests } from "~/.server/mail/mailer";
import DashboardPage, { loader } from "~/routes/admin/dashboard";
import { useTestDatabase } from "../setup/database";
import { type SmtpSink, useSmtpSink } from "../setup/smtp-sink";
import { adminSession, call, decodeHtml, getRequest, renderPage } from "./admin-support";

// Vitest shares modules between files here (isolate: false): the mail sender this file sets must not outlive it.
afterAll(() => setMailSenderForTests(undefined));

useTestDatabase();

// The dashboard's email row (docs/decisions/0059-email-on-the-dashboard.md): not set up, working, or failing with
// the mail server's reason, read from the real outgoing-mail queue and enquiry rows, messages sent to a real SMTP
// server on loopback.

const sink = useSmtpSink();

type MailRow = { tone: string; text: string; detail: string | null };

async function dashboard(cookie: string) {
  const answer = await call<{ mail: MailRow }>(loader, getRequest("/admin/dashboard", cookie));
  return { mail: answer.data.mail, html: decodeHtml(renderPage(DashboardPage as never, "/admin/dashboard", answer.data)) };
}

/** A message sent through the queue while the sink answers as told. */
async function send(to: string, refuse: SmtpSink["refuse"]) {
  sink.refuse = refuse;
  await enqueueMail({ to, subject: "Hello", text: "Hello" });
  await mailQueueIdle();
  sink.refuse = false;
}

async function insertEnquiry(id: string, fields: { email_status: string; email_error: string | null; created_at: string }) {
  await db()
    .insertInto("enquiries")
    .values({ id, name: "Visitor", email: "visitor@example.mv", subject: "Residential", message: "Hello", email_attempts: 5, updated_at: fields.created_at, ...fields })
    .execute();
}

describe("the dashboard's email row", () => {
  it("says when email is not set up, and what that means", async () => {
    const { cookie } = await adminSession();
    setMailConfigForTests(null);
    setMailSenderForTests(null);
    const { mail, html } = await dashboard(cookie);
    expect(mail).toMatchObject({ tone: "warn", text: "Email Not Set Up" });
    expect(html).toContain("Email Not Set Up");
    expect(html).toContain("Enquiries are not emailed and invitations are links to copy: set SMTP_URL and NOTIFY_EMAIL.");
  });

  it("is working while nothing failed, and says when enquiries are not emailed for want of NOTIFY_EMAIL", async () => {
    const { cookie } = await adminSession();
    setMailConfigForTests(sink.config);
    await send("a@example.com", false);
    expect((await dashboard(cookie)).mail).toEqual({ tone: "ok", text: "Email Delivery Working", detail: null });

    setMailConfigForTests(null);
    setMailSenderForTests(sink.sender);
    expect((await dashboard(cookie)).mail).toEqual({ tone: "warn", text: "Email Delivery Working", detail: "Enquiries are not emailed: set NOTIFY_EMAIL." });
  });

  it("is failing with counts and the newest reason when messages were refused in the last 24 hours or wait for a retry", async () => {
    const { cookie } = await adminSession();
    setMailConfigForTests(sink.config);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    // Older than a day: not counted.
    await insertEnquiry("enq-old", { email_status: "failed", email_error: "Old trouble", created_at: hoursAgo(30) });
    expect((await dashboard(cookie)).mail).toMatchObject({ tone: "ok" });

    await insertEnquiry("enq-failed", { email_status: "failed", email_error: "Connection refused", created_at: hoursAgo(2) });
    await send("refused@example.com", "permanent");
    await send("later@example.com", "temporary");
    const { mail, html } = await dashboard(cookie);
    expect(mail.tone).toBe("fail");
    expect(mail.text).toBe("Email Delivery Failing");
    expect(mail.detail).toMatch(/^2 not sent in the last 24 hours, 1 waiting to be tried again\. Last reason: .*try again later$/);
    expect(html).toContain("Email Delivery Failing");
    expect(html).toContain("2 not sent in the last 24 hours, 1 waiting to be tried again.");

    // Without NOTIFY_EMAIL the row says so after the reason, as its own sentence.
    setMailConfigForTests(null);
    setMailSenderForTests(sink.sender);
    expect((await dashboard(cookie)).mail.detail).toMatch(/try again later\. Enquiries are not emailed: set NOTIFY_EMAIL\.$/);
  });

  it("says the status is unknown, and logs why, when the mail tables cannot be read; the page still loads", async () => {
    const { cookie } = await adminSession();
    setMailConfigForTests(sink.config);
    await sql`drop table mail_outbox`.execute(db());
    const { mail } = await dashboard(cookie);
    expect(mail).toEqual({ tone: "warn", text: "Email Status Unknown", detail: null });
    expect(drainErrorLogs().map((l) => l.msg)).toContain("dashboard mail status failed");
  });
});
