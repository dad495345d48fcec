import { z } from "zod";
import { logger } from "../logger";
import { enqueueMail, waitForFirstTry } from "../mail/mail-queue";
import { leadReplyEmail, mailConfig } from "../mail/mailer";
import { publishedCompanyName } from "../models/site-chrome";
import type { Lead } from "~/lib/lead-records";
import { recordLeadReply, setReplyDelivery } from "../models/lead-events";
import type { Author } from "../models/leads";
import { newId } from "../models/rows";

// Replies from a lead's page (docs/decisions/0017-leads-pipeline.md), sent through the outgoing-mail queue
// (docs/decisions/0058-lead-replies-through-the-mail-queue.md): the reply joins the timeline as queued, the queue
// sends it and retries a refusal for now, and the admin's request waits a few seconds for the first try, so the
// usual answer is still "sent" or "refused" at once.

export const MAIL_NOT_CONFIGURED = "Email is not set up: set SMTP_URL and NOTIFY_EMAIL to send replies";

export type ReplyOutcome =
  | { status: "sent" }
  /** Refused for good (or never sendable): on the timeline as not sent. */
  | { status: "failed"; error: string }
  /** Still in the queue when the wait ended: not tried yet, or refused for now (`error`) and to be tried again. */
  | { status: "queued"; error: string | null }
  | { status: "not-configured" };

const SafeAddress = z.email();
const INVALID_ADDRESS = "The visitor's email address is not valid";

export async function sendLeadReply(lead: Pick<Lead, "id" | "name" | "email">, author: Author, reply: { subject: string; body: string }): Promise<ReplyOutcome> {
  const config = mailConfig();
  if (!config) return { status: "not-configured" };
  const record = (status: "queued" | "failed", error: string | null, mailId: string | null = null) =>
    recordLeadReply(lead.id, author, { to: lead.email, subject: reply.subject, body: reply.body, status, error, mailId });
  // An address that is not one, or that would add recipients or headers, is never queued (leadReplyEmail refuses the
  // same characters; the subject's line breaks were refused by the form's schema).
  if (!SafeAddress.safeParse(lead.email).success || /[\r\n<>,;]/.test(lead.email)) {
    await record("failed", INVALID_ADDRESS);
    return { status: "failed", error: INVALID_ADDRESS };
  }
  const message = leadReplyEmail(
    { to: lead.email, toName: lead.name, subject: reply.subject, body: reply.body, enquiryId: lead.id },
    config,
    await publishedCompanyName(),
  );
  // The event first, naming the message it will follow: the queue may send the message before this request goes on.
  const mailId = newId();
  await record("queued", null, mailId);
  let queued: string | null;
  try {
    queued = await enqueueMail({
      id: mailId,
      kind: "reply",
      to: message.to.address,
      toName: message.to.name,
      fromName: message.from.name,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      headers: message.headers,
    });
  } catch (error) {
    await setReplyDelivery(mailId, "failed", "The reply could not be queued");
    throw error;
  }
  if (!queued) {
    await setReplyDelivery(mailId, "failed", MAIL_NOT_CONFIGURED);
    return { status: "failed", error: MAIL_NOT_CONFIGURED };
  }
  const delivery = await waitForFirstTry(mailId);
  if (delivery.status === "failed") logger.warn({ enquiryId: lead.id, reason: delivery.error }, "lead reply failed");
  return delivery;
}
