import nodemailer, { type Transporter } from "nodemailer";
import { COMPANY } from "~/content/company";
import { env } from "./env";
import type { Enquiry } from "./models/enquiries";

export interface MailConfig {
  transport: Transporter;
  to: string;
  from: string;
}

let cached: MailConfig | null | undefined;

/** The configured mail transport, or null when SMTP_URL/NOTIFY_EMAIL are not both set. */
export function mailConfig(): MailConfig | null {
  if (cached !== undefined) return cached;
  if (!env.SMTP_URL || !env.NOTIFY_EMAIL) {
    cached = null;
    return cached;
  }
  cached = {
    // Short timeouts: a slow mail server delays only the background queue, never a visitor.
    transport: nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    to: env.NOTIFY_EMAIL,
    from: env.MAIL_FROM ?? env.NOTIFY_EMAIL,
  };
  return cached;
}

/** Header values never carry line breaks (no header injection), and stay short. */
export const headerSafe = (value: string, max = 150) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").trim().slice(0, max);

export function enquiryEmail(enquiry: Enquiry, config: Pick<MailConfig, "to" | "from">) {
  const lines = [
    `New enquiry from the website (${COMPANY.name})`,
    "",
    `Name:          ${enquiry.name}`,
    `Email:         ${enquiry.email}`,
    `Phone:         ${enquiry.phone ?? "-"}`,
    `Project type:  ${enquiry.subject}`,
    `Received:      ${enquiry.created_at}`,
    `Page:          ${enquiry.source_page ?? "-"}`,
    "",
    "Project details:",
    enquiry.message,
    "",
    "Reply to this email to answer the visitor directly.",
  ];
  return {
    to: config.to,
    from: config.from,
    // An address object: nodemailer encodes the name, so it cannot add headers or recipients.
    replyTo: { name: headerSafe(enquiry.name, 100), address: enquiry.email },
    subject: headerSafe(`New enquiry: ${enquiry.subject} (${enquiry.name})`),
    text: lines.join("\n"),
    headers: { "X-Enquiry-Id": enquiry.id },
  };
}

export async function sendEnquiryNotification(enquiry: Enquiry, config: MailConfig): Promise<void> {
  await config.transport.sendMail(enquiryEmail(enquiry, config));
}

/** Tests point the mailer at their own SMTP server. */
export function setMailConfigForTests(config: MailConfig | null | undefined): void {
  cached = config;
}

/** A reply from a lead's page (docs/decisions/0017-leads-pipeline.md): plain text, to the visitor, answers come back to the office. */
export function leadReplyEmail(
  reply: { to: string; toName: string; subject: string; body: string; enquiryId: string },
  config: Pick<MailConfig, "to" | "from">,
) {
  // The schema refuses line breaks in the subject already; headerSafe is the second lock on the door.
  if (/[\r\n]/.test(reply.subject) || /[\r\n<>,;]/.test(reply.to)) throw new Error("unsafe mail header");
  return {
    to: { name: headerSafe(reply.toName, 100), address: reply.to },
    from: { name: COMPANY.name, address: config.from },
    replyTo: config.to,
    subject: headerSafe(reply.subject, 200),
    text: reply.body,
    headers: { "X-Enquiry-Id": reply.enquiryId },
  };
}

export async function sendLeadReplyMail(reply: Parameters<typeof leadReplyEmail>[0], config: MailConfig): Promise<void> {
  await config.transport.sendMail(leadReplyEmail(reply, config));
}
