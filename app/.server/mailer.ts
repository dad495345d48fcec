import nodemailer, { type Transporter } from "nodemailer";
import { COMPANY } from "~/content/company";
import { getSiteContent } from "./models/site-chrome";
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

export function enquiryEmail(enquiry: Enquiry, config: Pick<MailConfig, "to" | "from">, companyName: string = COMPANY.name) {
  const lines = [
    `New enquiry from the website (${companyName})`,
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
  // The company's name as published in the site editor (docs/decisions/0011-site-content-drafts.md).
  const { company } = await getSiteContent();
  await config.transport.sendMail(enquiryEmail(enquiry, config, company.name));
}

/** Tests point the mailer at their own SMTP server. */
export function setMailConfigForTests(config: MailConfig | null | undefined): void {
  cached = config;
}
