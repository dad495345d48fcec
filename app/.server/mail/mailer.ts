import nodemailer, { type Transporter } from "nodemailer";
import { COMPANY } from "~/content/company";
import { fillCompanyName } from "~/lib/company-name";
import { getSiteContent } from "../models/site-chrome";
import { env } from "../env";
import type { Enquiry } from "../models/enquiries";

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
// eslint-disable-next-line no-control-regex -- removing control characters is the point
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

// --- Account emails and the general outgoing-mail queue (docs/decisions/0015-outgoing-mail-queue.md) ---

export interface MailSender {
  transport: Transporter;
  from: string;
}

let sender: MailSender | null | undefined;

/**
 * Who sends account emails (invites, password resets, sign-in notices): needs only SMTP_URL. The sender
 * address is MAIL_FROM, else NOTIFY_EMAIL, else no-reply@ the site's host.
 */
export function mailSender(): MailSender | null {
  if (sender !== undefined) return sender;
  if (cached) return { transport: cached.transport, from: cached.from };
  if (!env.SMTP_URL) return null;
  const host = new URL(env.PUBLIC_URL ?? "http://localhost").hostname;
  sender = {
    transport: nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    from: env.MAIL_FROM ?? env.NOTIFY_EMAIL ?? `no-reply@${host}`,
  };
  return sender;
}

/** Tests point account emails at their own SMTP server (undefined: back to the environment). */
export function setMailSenderForTests(value: MailSender | null | undefined): void {
  sender = value;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export interface AccountEmailContent {
  subject: string;
  /** Greeting line, e.g. "Hello Aishath,". */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Why the reader got this email and what to do if it was not them. */
  footnote: string;
}

/**
 * The one template of every account email: plain text and HTML, in the company's published name, which also fills
 * `{company}` in the paragraphs.
 */
export function renderAccountEmail(raw: AccountEmailContent, companyName: string = COMPANY.name): { subject: string; text: string; html: string } {
  const content = { ...raw, paragraphs: raw.paragraphs.map((p) => fillCompanyName(p, companyName)) };
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    content.footnote,
    "",
    companyName,
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f2a44;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#0f2a44">${escapeHtml(companyName)}</p>
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join("\n")}
${button}
<p style="margin:24px 0 0;font-size:13px;color:#555;line-height:1.5">${escapeHtml(content.footnote)}</p>
</div></body></html>`;
  return { subject: headerSafe(`${content.subject} | ${companyName}`), text, html };
}

/**
 * A reply from a lead's page (docs/decisions/0017-leads-pipeline.md): plain text, to the visitor, answers come back to
 * the office. Queued as it is built here (docs/decisions/0058-lead-replies-through-the-mail-queue.md).
 */
export function leadReplyEmail(
  reply: { to: string; toName: string; subject: string; body: string; enquiryId: string },
  config: Pick<MailConfig, "to" | "from">,
  companyName: string = COMPANY.name,
) {
  // The schema refuses line breaks in the subject already; headerSafe is the second lock on the door.
  if (/[\r\n]/.test(reply.subject) || /[\r\n<>,;]/.test(reply.to)) throw new Error("unsafe mail header");
  return {
    to: { name: headerSafe(reply.toName, 100), address: reply.to },
    from: { name: headerSafe(companyName, 100), address: config.from },
    replyTo: config.to,
    subject: headerSafe(reply.subject, 200),
    text: reply.body,
    headers: { "X-Enquiry-Id": reply.enquiryId },
  };
}
