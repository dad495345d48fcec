import crypto from "node:crypto";
import { ENQUIRY_FAILED, type EnquiryPostResult } from "~/content/enquiry";
import { EnquirySchema, FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/validation/enquiry";
import { fieldErrors, formValues } from "~/validation/fields";
import { authSecret } from "./auth";
import { env } from "./env";
import { logger } from "./logger";
import { mailConfig, type MailConfig, sendEnquiryNotification } from "./mailer";
import {
  claimDueNotification,
  createEnquiry,
  type Enquiry,
  recordNotificationFailed,
  recordNotificationSent,
} from "./models/enquiries";
import { hitRateLimit } from "./rate-limit";
import { recordEnquiryConversion } from "./insight";
import { clientIp } from "./sign-in";

// The contact form's server side (docs/product.md#enquiries): validate, catch spam, store first, then notify staff
// from a background queue so the visitor never waits on the mail server.

/** A signed render time: the form proves when it was shown, so "filled in 0.2 s" can be caught. */
export function formToken(now = Date.now()): string {
  const mac = crypto.createHmac("sha256", authSecret()).update(`enquiry:${now}`).digest("base64url").slice(0, 22);
  return `${now}.${mac}`;
}

function tokenAge(token: unknown, now = Date.now()): number | null {
  if (typeof token !== "string") return null;
  const [ts, mac] = token.split(".");
  const issued = Number(ts);
  if (!Number.isSafeInteger(issued) || !mac) return null;
  const expected = formToken(issued).split(".")[1];
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  return now - issued;
}

export type SubmitResult =
  | { ok: true; spam: boolean; enquiry: Enquiry }
  | { ok: false; status: 400 | 429; message: string; fieldErrors: Record<string, string> };

export const ENQUIRY_RATE_LIMITED = "You have sent several messages in a short time. Please wait a few minutes and try again.";

export async function submitEnquiry(request: Request, form: FormData, sourcePage: string | null): Promise<SubmitResult> {
  const values = formValues(form);
  const parsed = EnquirySchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, status: 400, message: "Please check the highlighted fields.", fieldErrors: fieldErrors(parsed.error) };
  }

  const ip = clientIp(request);
  const [limit, seconds] = env.ENQUIRY_IP_LIMIT.split("/").map(Number);
  const rate = await hitRateLimit(`enquiry-ip:${ip}`, limit, seconds * 1000);
  if (!rate.allowed) return { ok: false, status: 429, message: ENQUIRY_RATE_LIMITED, fieldErrors: {} };

  let spamReason: string | null = null;
  const age = tokenAge(values[FORM_TOKEN_FIELD]);
  if (typeof values[HONEYPOT_FIELD] === "string" && values[HONEYPOT_FIELD].trim() !== "") spamReason = "honeypot field filled";
  else if (age === null) spamReason = "missing or forged form token";
  else if (age < env.ENQUIRY_MIN_FILL_MS) spamReason = `form filled in ${Math.max(0, Math.round(age))} ms`;

  const notify = mailConfig() !== null;
  const enquiry = await createEnquiry({
    ...parsed.data,
    source_page: sourcePage,
    ip,
    user_agent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    spam_reason: spamReason,
    notify,
  });
  logger.info({ enquiryId: enquiry.id, spam: Boolean(spamReason), reason: spamReason ?? undefined }, "enquiry stored");
  if (notify && !spamReason) kickNotificationQueue();
  if (!spamReason) await recordEnquiryConversion(request, enquiry.id);
  return { ok: true, spam: Boolean(spamReason), enquiry };
}

/** What is echoed back of a field: the longest the form takes (Project Details). */
const ECHO_MAX_CHARS = 5000;

/** Reads, checks and stores a posted contact form; any failure is a message for the visitor, never a 500. */
export async function handleEnquiryPost(request: Request, sourcePage: string): Promise<{ status: number; body: EnquiryPostResult }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { status: 400, body: { ok: false, message: ENQUIRY_FAILED, fieldErrors: {}, values: {} } };
  }
  // What the visitor typed comes back with a failure, so a plain post does not lose it.
  const values = Object.fromEntries(
    Object.keys(EnquirySchema.shape).map((k) => [k, String(form.get(k) ?? "").slice(0, ECHO_MAX_CHARS)]),
  );
  try {
    const result = await submitEnquiry(request, form, sourcePage);
    if (result.ok) return { status: 200, body: { ok: true } };
    return { status: result.status, body: { ok: false, message: result.message, fieldErrors: result.fieldErrors, values } };
  } catch (error) {
    logger.error({ err: error }, "enquiry could not be stored");
    return { status: 503, body: { ok: false, message: ENQUIRY_FAILED, fieldErrors: {}, values } };
  }
}

/** Sends every due notification; returns how many were attempted. */
export async function processNotificationQueue(config: MailConfig | null = mailConfig()): Promise<number> {
  if (!config) return 0;
  let attempted = 0;
  for (let claimed = await claimDueNotification(); claimed; claimed = await claimDueNotification()) {
    attempted++;
    try {
      await sendEnquiryNotification(claimed, config);
      await recordNotificationSent(claimed.id);
      logger.info({ enquiryId: claimed.id }, "enquiry notification sent");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await recordNotificationFailed(claimed.id, claimed.email_attempts, reason);
      logger.warn({ enquiryId: claimed.id, attempt: claimed.email_attempts + 1, reason }, "enquiry notification failed");
    }
  }
  return attempted;
}

let running: Promise<unknown> | null = null;
let timer: NodeJS.Timeout | null = null;

/** Runs the queue soon, in the background; at most one run at a time in this process. */
export function kickNotificationQueue(): void {
  if (running) return;
  running = processNotificationQueue()
    .catch((error: unknown) => logger.error({ err: error }, "notification queue failed"))
    .finally(() => {
      running = null;
    });
}

/** Resolves when the background run (if any) has finished. */
export async function notificationQueueIdle(): Promise<void> {
  await running;
}

/** Retries on a timer (backoff is in the rows), so failed sends are tried again even without new enquiries. */
export function startNotificationQueue(intervalMs = 15_000): void {
  if (timer || !mailConfig()) return;
  timer = setInterval(kickNotificationQueue, intervalMs);
  timer.unref();
  kickNotificationQueue();
}

export async function stopNotificationQueue(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
