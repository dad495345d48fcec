import { z } from "zod";
import { logger } from "../logger";
import { mailConfig, sendLeadReplyMail } from "../mail/mailer";
import { type Author, type Lead, recordLeadReply } from "../models/leads";

// Replies from a lead's page (docs/decisions/0017-leads-pipeline.md). The sending is this one
// function, so it can move onto a retry queue later; today it sends at once and records the outcome.

export const MAIL_NOT_CONFIGURED = "Email is not set up: set SMTP_URL and NOTIFY_EMAIL to send replies";

export type ReplyOutcome = { status: "sent" } | { status: "failed"; error: string } | { status: "not-configured" };

const SafeAddress = z.email();

export async function sendLeadReply(
  lead: Pick<Lead, "id" | "name" | "email">,
  author: Author,
  reply: { subject: string; body: string },
): Promise<ReplyOutcome> {
  const config = mailConfig();
  if (!config) return { status: "not-configured" };
  let outcome: ReplyOutcome;
  if (!SafeAddress.safeParse(lead.email).success || /[\r\n]/.test(lead.email)) {
    outcome = { status: "failed", error: "The visitor's email address is not valid" };
  } else {
    try {
      await sendLeadReplyMail({ to: lead.email, toName: lead.name, subject: reply.subject, body: reply.body, enquiryId: lead.id }, config);
      outcome = { status: "sent" };
    } catch (error) {
      outcome = { status: "failed", error: error instanceof Error ? error.message : String(error) };
      logger.warn({ enquiryId: lead.id, reason: outcome.error }, "lead reply failed");
    }
  }
  await recordLeadReply(lead.id, author, {
    to: lead.email,
    subject: reply.subject,
    body: reply.body,
    status: outcome.status === "sent" ? "sent" : "failed",
    error: outcome.status === "failed" ? outcome.error : null,
  });
  return outcome;
}
