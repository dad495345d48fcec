import { describe, expect, it } from "vitest";
import { formToken, notificationQueueIdle, processNotificationQueue, submitEnquiry } from "~/.server/enquiries/enquiries";
import { env } from "~/.server/env";
import { setMailConfigForTests } from "~/.server/mail/mailer";
import {
  countEnquiries,
  deleteEnquiry,
  getEnquiry,
  listEnquiries,
  MAX_EMAIL_ATTEMPTS,
  setEnquiryStatus,
} from "~/.server/models/enquiries";
import { db } from "~/.server/db";
import { enquiryFields, formDataOf } from "../factories";
import { useTestDatabase } from "../setup/database";
import { useSmtpSink } from "../setup/smtp-sink";

useTestDatabase();

// Notifications reach a real SMTP server on loopback.
const sink = useSmtpSink();

let ipSeq = 0;
function post(fields: Record<string, string>, ip = `192.0.2.${++ipSeq}`) {
  const request = new Request("http://localhost:3000/", { method: "POST", headers: { "x-client-ip": ip, "user-agent": "vitest" } });
  return submitEnquiry(request, formDataOf(fields), "/");
}

describe("submitting an enquiry", () => {
  it("stores it first, then emails staff with reply-to the visitor", async () => {
    setMailConfigForTests(sink.config);
    const result = await post(enquiryFields());
    expect(result).toMatchObject({ ok: true, spam: false });
    if (!result.ok) return;
    const stored = await getEnquiry(result.enquiry.id);
    expect(stored).toMatchObject({ name: "Aishath Shifa", status: "new", source_page: "/" });
    expect(["pending", "sending", "sent"]).toContain(stored?.email_status);

    await processNotificationQueue(sink.config);
    await expect.poll(() => sink.received.length).toBe(1);
    expect(sink.received[0]).toMatch(/^Reply-To: "?Aishath Shifa"? <shifa@example\.mv>/m);
    expect(sink.received[0]).toMatch(/^Subject: New enquiry: Residential \(Aishath Shifa\)/m);
    expect(sink.received[0]).toContain("two-storey house");
    // The send that the submission kicked off in the background may be the one that delivered it (then the call
    // above found nothing to claim): the status is recorded once that send has finished.
    await notificationQueueIdle();
    expect((await getEnquiry(result.enquiry.id))?.email_status).toBe("sent");
  });

  it("cannot inject headers or recipients through the name or project type", async () => {
    const result = await post(enquiryFields({ name: "Bob\r\nBcc: evil@attacker.example", subject: "X\nCc: evil@attacker.example" }));
    expect(result.ok).toBe(true);
    await processNotificationQueue(sink.config);
    expect(sink.received).toHaveLength(0); // mail not configured for the app: nothing queued
    if (!result.ok) return;
    await db().updateTable("enquiries").set({ email_status: "pending", email_next_attempt_at: 0 }).where("id", "=", result.enquiry.id).execute();
    await processNotificationQueue(sink.config);
    expect(sink.received).toHaveLength(1);
    const headers = sink.received[0].split(/\r?\n\r?\n/)[0];
    expect(headers).not.toMatch(/^(Bcc|Cc):/im);
    expect(headers).not.toContain("attacker.example>");
  });

  it("refuses invalid input with field errors and stores nothing", async () => {
    const result = await post(enquiryFields({ name: " ", email: "not-an-email", subject: "", message: "" }));
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: "Please check the highlighted fields.",
      fieldErrors: {
        name: "Please enter your full name",
        email: "Please enter a valid email address",
        subject: "Please tell us the project type",
        message: "Please describe your project",
      },
    });
    expect(await listEnquiries()).toEqual([]);
  });

  it("keeps spam in the Spam folder and never emails it", async () => {
    setMailConfigForTests(sink.config);
    const honeypot = await post(enquiryFields({ website: "http://spam.example" }));
    const tooFast = await post(enquiryFields({ form_token: formToken(Date.now() - 200) }));
    const forged = await post(enquiryFields({ form_token: `${Date.now() - 60_000}.forgedmacforgedmac0000` }));
    const missing = await post(enquiryFields({ form_token: "" }));
    // As many characters as a real signature, but more bytes: still spam, not a failure.
    const nonAscii = await post(enquiryFields({ form_token: `${Date.now() - 60_000}.${"\u00e9".repeat(22)}` }));
    for (const r of [honeypot, tooFast, forged, missing, nonAscii]) expect(r).toMatchObject({ ok: true, spam: true });
    const spam = await listEnquiries({ status: "spam" });
    const reasons = spam.map((e) => e.spam_reason?.replace(/\d+ ms$/, "N ms")).sort();
    expect(reasons).toEqual(["form filled in N ms", "honeypot field filled", ...Array(3).fill("missing or forged form token")]);
    expect(spam.every((e) => e.email_status === "skipped")).toBe(true);
    expect(await listEnquiries({ status: "inbox" })).toEqual([]);
    await processNotificationQueue(sink.config);
    expect(sink.received).toHaveLength(0);
  });

  it("limits enquiries per IP", async () => {
    const [limit] = env.ENQUIRY_IP_LIMIT.split("/").map(Number);
    for (let i = 0; i < limit; i++) expect((await post(enquiryFields(), "203.0.113.9")).ok).toBe(true);
    const blocked = await post(enquiryFields(), "203.0.113.9");
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    expect(await listEnquiries()).toHaveLength(limit);
  });

  it("records a failing mail server, retries with backoff and gives up after the last attempt", async () => {
    setMailConfigForTests(sink.config);
    sink.refuse = "permanent";
    const result = await post(enquiryFields());
    if (!result.ok) throw new Error("not stored");
    // The submission already started the queue in the background; let that first attempt finish.
    await notificationQueueIdle();
    await processNotificationQueue(sink.config);
    let stored = await getEnquiry(result.enquiry.id);
    expect(stored).toMatchObject({ status: "new", email_status: "pending", email_attempts: 1 });
    expect(stored?.email_error).toMatch(/Mailbox unavailable/);
    // Not due again until the backoff has passed.
    expect(await processNotificationQueue(sink.config)).toBe(0);
    for (let i = 1; i < MAX_EMAIL_ATTEMPTS; i++) {
      await db().updateTable("enquiries").set({ email_next_attempt_at: 0 }).where("id", "=", result.enquiry.id).execute();
      await processNotificationQueue(sink.config);
    }
    stored = await getEnquiry(result.enquiry.id);
    expect(stored).toMatchObject({ email_status: "failed", email_attempts: MAX_EMAIL_ATTEMPTS });
    expect(sink.received).toHaveLength(0);
  });
});

describe("the enquiries inbox model", () => {
  it("searches, counts, marks and deletes", async () => {
    const a = await post(enquiryFields({ name: "Hassan Ali", message: "Jetty repair 50% discount?" }));
    const b = await post(enquiryFields({ name: "Mariyam Nazeer", subject: "Commercial", email: "m@n.mv" }));
    if (!a.ok || !b.ok) throw new Error("not stored");
    expect((await listEnquiries({ q: "hassan" })).map((e) => e.id)).toEqual([a.enquiry.id]);
    expect((await listEnquiries({ q: "50%" })).map((e) => e.id)).toEqual([a.enquiry.id]);
    expect((await listEnquiries({ q: "_" })).map((e) => e.id)).toEqual([]);
    expect((await listEnquiries({ q: "COMMERCIAL" })).map((e) => e.id)).toEqual([b.enquiry.id]);
    expect(await setEnquiryStatus(a.enquiry.id, "read")).toBe(true);
    expect(await setEnquiryStatus(b.enquiry.id, "archived")).toBe(true);
    expect(await countEnquiries()).toEqual({ new: 0, read: 1, archived: 1, spam: 0 });
    expect((await listEnquiries({ status: "inbox" })).map((e) => e.id)).toEqual([a.enquiry.id]);
    expect(await deleteEnquiry(a.enquiry.id)).toBe(true);
    expect(await getEnquiry(a.enquiry.id)).toBeNull();
  });
});
