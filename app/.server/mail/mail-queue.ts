import { logger } from "../logger";
import { periodicJob } from "../ops/periodic";
import { type MailSender, mailSender, renderAccountEmail, type AccountEmailContent } from "./mailer";
import { claimDueMail, getMailDelivery, insertOutgoingMail, type NewOutgoingMail, recordMailFailed, recordMailSent } from "../models/outbox";
import { setReplyDelivery } from "../models/lead-events";
import { publishedCompanyName } from "../models/site-chrome";

// The outgoing-mail queue and the background loop that drains it (docs/decisions/0015-outgoing-mail-queue.md).
// A message is stored first; the loop sends it, retrying with backoff, so a slow or refusing mail server never
// holds a request longer than an admin's wait for the first try (waitForFirstTry) and a failed send is not lost.
// Enquiry notifications keep their delivery state on the enquiry and are drained by the same loop (addMailDrain).
// A lead reply's timeline event follows its message's delivery (docs/decisions/0058-lead-replies-through-the-mail-queue.md).

export type MailMessage = Omit<NewOutgoingMail, "kind"> & {
  /** What the message is, for logs: "invite", "password-reset", "reply", ... */
  kind?: string;
};

/**
 * Queues one email. Returns its id, or null when no SMTP server is configured (nothing is stored: the
 * caller shows what the email would have carried, e.g. an invite link to copy).
 */
export async function enqueueMail(message: MailMessage): Promise<string | null> {
  if (!mailSender()) return null;
  const id = await insertOutgoingMail({ ...message, kind: message.kind ?? "mail" });
  kickMailQueue();
  return id;
}

/** An SMTP answer of 5xx refuses a message for good (RFC 5321): trying it again would only be refused again. */
export const isPermanentMailFailure = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** Queues an account email rendered with the shared template (app/.server/mail/mailer.ts renderAccountEmail). */
export async function enqueueAccountEmail(to: string, kind: string, content: AccountEmailContent): Promise<string | null> {
  return enqueueMail({ to, kind, ...renderAccountEmail(content, await publishedCompanyName()) });
}

/** Sends every due queued message; returns how many were attempted. */
export async function processMailQueue(config: MailSender | null = mailSender()): Promise<number> {
  if (!config) return 0;
  let attempted = 0;
  for (let mail = await claimDueMail(); mail; mail = await claimDueMail()) {
    attempted++;
    try {
      await config.transport.sendMail({
        from: mail.fromName ? { name: mail.fromName, address: config.from } : config.from,
        to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await recordMailSent(mail.id);
      if (mail.kind === "reply") await setReplyDelivery(mail.id, "sent", null);
      logger.info({ mailId: mail.id, kind: mail.kind }, "email sent");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givenUp = await recordMailFailed(mail.id, mail.attempts, reason, Date.now(), isPermanentMailFailure(error));
      if (mail.kind === "reply") await setReplyDelivery(mail.id, givenUp ? "failed" : "queued", reason);
      logger.warn({ mailId: mail.id, kind: mail.kind, attempt: mail.attempts + 1, err: error, givenUp }, "email failed");
    }
  }
  return attempted;
}

const drains: Array<() => Promise<unknown>> = [() => processMailQueue()];

/** Another queue drained by the same loop (enquiry notifications register theirs). */
export function addMailDrain(drain: () => Promise<unknown>): void {
  drains.unshift(drain);
}

// Each drain's failure is logged and the next drain still runs; the loop itself never fails.
const queue = periodicJob("mail queue failed", async () => {
  for (const drain of drains) {
    await drain().catch((error: unknown) => logger.error({ err: error }, "mail queue failed"));
  }
});

/** Runs every drain soon, in the background; at most one run at a time in this process. */
export const kickMailQueue = queue.run;

/** Resolves when the background run (if any) has finished. */
export const mailQueueIdle = queue.idle;

/** What became of a message's first try: taken by the mail server, refused for good, or still queued (with why). */
export type FirstTry = { status: "sent" } | { status: "failed"; error: string } | { status: "queued"; error: string | null };

/** How long an admin's request waits for the first try of a message it queued (a lead reply, an invitation). */
export const FIRST_TRY_WAIT_MS = 8_000;

/**
 * Starts a run and waits (at most `waitMs`) until the queue has tried the message once, so an admin who sends a
 * reply or an invitation still learns at once, in the usual case, whether the mail server took it
 * (docs/decisions/0058-lead-replies-through-the-mail-queue.md). Still queued when the wait ends: not tried yet, or
 * refused for now and to be tried again.
 */
export async function waitForFirstTry(mailId: string, waitMs = FIRST_TRY_WAIT_MS): Promise<FirstTry> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    // A run under way may have passed the message by: another run after it picks it up.
    kickMailQueue();
    await Promise.race([mailQueueIdle(), sleep(deadline - Date.now())]);
    const delivery = await getMailDelivery(mailId);
    if (!delivery) return { status: "failed", error: "The message is no longer in the mail queue" };
    if (delivery.status === "sent") return { status: "sent" };
    if (delivery.status === "failed") return { status: "failed", error: delivery.error ?? "The mail server refused it" };
    if (delivery.attempts > 0 || Date.now() >= deadline) return { status: "queued", error: delivery.error };
    await sleep(25);
  }
}

/** A pause that does not keep the process alive. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

/** Retries on a timer (backoff is in the rows), so failed sends are tried again without new mail. */
export function startMailQueue(intervalMs = 15_000): void {
  if (mailSender()) queue.start(intervalMs);
}

export const stopMailQueue = queue.stop;
