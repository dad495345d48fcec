import crypto from "node:crypto";
import { type ContactPrefill, ENQUIRY_FAILED, type EnquiryPostResult, SOURCE_FIELDS } from "~/content/enquiry";
import { getPublicProject } from "../models/projects";
import { getActiveService } from "../models/services";
import { ENQUIRY_LANGUAGE_FIELD, enquiryLanguage, EnquirySchema, FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/validation/enquiry";
import { type Language, languageOfPath } from "~/i18n/language";
import { fieldErrors, formValues } from "~/validation/fields";
import { authSecret } from "../auth/auth";
import { env } from "../env";
import { logger } from "../logger";
import { addMailDrain, kickMailQueue, mailQueueIdle, startMailQueue, stopMailQueue } from "../mail/mail-queue";
import { mailConfig, type MailConfig, sendEnquiryNotification } from "../mail/mailer";
import {
  claimDueNotification,
  createEnquiry,
  type Enquiry,
  recordNotificationFailed,
  recordNotificationSent,
} from "../models/enquiries";
import { startLeadDigest, stopLeadDigest } from "./lead-digest";
import { hitRateLimit } from "../models/rate-limits";
import {
  AttachmentError,
  deleteEnquiryWithFiles,
  EnquiryFormError,
  type PreparedAttachment,
  prepareAttachment,
  readEnquiryForm,
  type ReceivedFile,
  storeAttachments,
} from "./attachments";
import { recordEnquiryConversion, type VisitOrigin, visitOrigin } from "../insight/insight";
import { clientIp } from "../auth/sign-in";

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
  // Compared as bytes: a forged signature of as many characters but not ASCII is longer in bytes.
  const given = Buffer.from(mac);
  const expected = Buffer.from(formToken(issued).split(".")[1]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return now - issued;
}

export type SubmitResult =
  | { ok: true; spam: boolean; enquiry: Enquiry }
  | { ok: false; status: 400 | 429; message: string; fieldErrors: Record<string, string> };

export const ENQUIRY_RATE_LIMITED = "You have sent several messages in a short time. Please wait a few minutes and try again.";

/**
 * The page a lead came from: the home page, or the service or project page whose call to action led to the form, in
 * English or under /dv in Dhivehi (docs/decisions/0077-dhivehi-design.md).
 */
const SOURCE_PAGE = /^(?:\/dv(?:\/(?:service|project)\/[A-Za-z0-9_-]{1,64})?|\/(?:(?:service|project)\/[A-Za-z0-9_-]{1,64})?)$/;
const trackingText = (value: FormDataEntryValue | null) =>
  typeof value === "string" ? value.replace(/[^\p{L}\p{N} ._~+\-/:]/gu, "").trim().slice(0, 100) || null : null;

/** Where the visitor came from: hidden fields the page (and its island script) fill in. Anything odd is dropped. */
export function enquirySource(form: FormData, fallbackPage: string | null) {
  const page = form.get("source_page");
  let referrer: string | null = null;
  const rawReferrer = form.get("referrer");
  if (typeof rawReferrer === "string" && rawReferrer.length <= 2000) {
    try {
      const url = new URL(rawReferrer);
      // The referring site only (its host): enough to know where leads come from, no visitor's path or query.
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) referrer = url.hostname.slice(0, 200);
    } catch {
      referrer = null;
    }
  }
  return {
    source_page: typeof page === "string" && SOURCE_PAGE.test(page) ? page : fallbackPage,
    referrer,
    utm_source: trackingText(form.get("utm_source")),
    utm_medium: trackingText(form.get("utm_medium")),
    utm_campaign: trackingText(form.get("utm_campaign")),
  };
}

/**
 * The language of an enquiry (docs/decisions/0093-enquiry-language-and-dhivehi-templates.md). The form's
 * hidden `language` field decides when it is there: `dv` is Dhivehi, any other value English, never an error. A post
 * without the field (a hand-made post, or a page rendered before the form had it) takes the language of the address
 * it was posted to (a plain post from a /dv page goes to /dv), else of the page in its Referer when that page is on
 * this site. Nothing else (no cookie, no Accept-Language), as for the pages themselves.
 */
export function languageOfEnquiry(form: FormData, request: Request): Language {
  const field = form.get(ENQUIRY_LANGUAGE_FIELD);
  if (field !== null) return enquiryLanguage(field);
  const url = new URL(request.url);
  if (languageOfPath(url.pathname) === "dv") return "dv";
  const referer = request.headers.get("referer");
  if (!referer || referer.length > 2000) return "en";
  try {
    const from = new URL(referer);
    return from.host === url.host ? languageOfPath(from.pathname) : "en";
  } catch {
    return "en";
  }
}

/**
 * An enquiry's source as the visit began (docs/product.md#insight): the first counted view's landing page, campaign
 * and referring site win over the hidden fields of the form, which know only the page the form was sent from (a
 * visit that began on `/?utm_source=...` may send it from a plain `/`). Without a counted visit, the fields.
 */
export function sourceOfVisit(fields: ReturnType<typeof enquirySource>, origin: VisitOrigin | null) {
  if (!origin) return { ...fields, landing_page: null };
  // A visitor's "source" is its utm_source, else the referring site's host, else "(direct)".
  const referringSite = origin.utm_source === null && origin.source !== "(direct)" ? origin.source : null;
  return {
    ...fields,
    landing_page: origin.landing_path,
    referrer: referringSite ?? fields.referrer,
    utm_source: origin.utm_source,
    utm_medium: origin.utm_medium,
    utm_campaign: origin.utm_campaign,
  };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The home page's query string turned into the form's start: `?service=<id>` or `?project=<id>` (the
 * detail pages' calls to action) fill Project Type and the source page; `utm_*` are kept for the lead.
 * Only pages with a query string get a prefill, and those never enter the page cache (page-cache.ts).
 */
export async function contactPrefill(params: URLSearchParams): Promise<ContactPrefill | null> {
  const utm = {
    utm_source: trackingText(params.get("utm_source")),
    utm_medium: trackingText(params.get("utm_medium")),
    utm_campaign: trackingText(params.get("utm_campaign")),
  };
  let subject: string | null = null;
  let source_page: string | null = null;
  const serviceId = params.get("service");
  const projectId = params.get("project");
  try {
    if (serviceId && ID.test(serviceId)) {
      const service = await getActiveService(serviceId);
      if (service) [subject, source_page] = [service.title.slice(0, 200), `/service/${service.id}`];
    } else if (projectId && ID.test(projectId)) {
      const project = await getPublicProject(projectId);
      if (project) [subject, source_page] = [`Similar to: ${project.title}`.slice(0, 200), `/project/${project.id}`];
    }
  } catch (error) {
    logger.warn({ err: error }, "contact prefill lookup failed");
  }
  if (!subject && !Object.values(utm).some(Boolean)) return null;
  return { subject, source_page, ...utm };
}

export async function submitEnquiry(request: Request, form: FormData, sourcePage: string | null, files: ReceivedFile[] = []): Promise<SubmitResult> {
  const values = formValues(form, EnquirySchema);
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

  // Files of a real enquiry are checked and re-encoded before anything is stored; spam keeps none.
  const prepared: PreparedAttachment[] = [];
  if (!spamReason) {
    for (const file of files) {
      try {
        prepared.push(await prepareAttachment(file));
      } catch (error) {
        if (error instanceof AttachmentError) return { ok: false, status: 400, message: error.message, fieldErrors: { attachments: error.message } };
        throw error;
      }
    }
  }

  const notify = mailConfig() !== null;
  const origin = spamReason ? null : await visitOrigin(request);
  const enquiry = await createEnquiry({
    ...parsed.data,
    ...sourceOfVisit(enquirySource(form, sourcePage), origin),
    language: languageOfEnquiry(form, request),
    ip,
    user_agent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    spam_reason: spamReason,
    notify,
  });
  try {
    await storeAttachments(enquiry.id, prepared);
  } catch (error) {
    // All or nothing: an enquiry whose files were lost would look complete to staff.
    await deleteEnquiryWithFiles(enquiry.id);
    throw error;
  }
  logger.info({ enquiryId: enquiry.id, spam: Boolean(spamReason), reason: spamReason ?? undefined, files: prepared.length }, "enquiry stored");
  if (notify && !spamReason) kickNotificationQueue();
  if (!spamReason) await recordEnquiryConversion(request, enquiry.id, origin);
  return { ok: true, spam: Boolean(spamReason), enquiry };
}

/** What is echoed back of a field: the longest the form takes (Project Details). */
const ECHO_MAX_CHARS = 5000;

/** Reads, checks and stores a posted contact form; any failure is a message for the visitor, never a 500. */
export async function handleEnquiryPost(request: Request, sourcePage: string): Promise<{ status: number; body: EnquiryPostResult }> {
  let form: FormData;
  let files: ReceivedFile[];
  // What the visitor typed comes back with a failure, so a plain post does not lose it.
  const echo = (from: FormData) =>
    Object.fromEntries([...Object.keys(EnquirySchema.shape), ...SOURCE_FIELDS].map((k) => [k, String(from.get(k) ?? "").slice(0, ECHO_MAX_CHARS)]));
  try {
    ({ form, files } = await readEnquiryForm(request));
  } catch (error) {
    if (error instanceof EnquiryFormError) {
      return { status: error.status, body: { ok: false, message: error.message, fieldErrors: { attachments: error.message }, values: echo(error.form) } };
    }
    return { status: 400, body: { ok: false, message: ENQUIRY_FAILED, fieldErrors: {}, values: {} } };
  }
  const values = echo(form);
  try {
    const result = await submitEnquiry(request, form, sourcePage, files);
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
      logger.warn({ enquiryId: claimed.id, attempt: claimed.email_attempts + 1, err: error }, "enquiry notification failed");
    }
  }
  return attempted;
}

// The background loop is the general mail queue's (app/.server/mail/mail-queue.ts); these names stay for callers.
addMailDrain(() => processNotificationQueue());

/** Runs the queue soon, in the background; at most one run at a time in this process. */
export const kickNotificationQueue = kickMailQueue;
/** Resolves when the background run (if any) has finished. */
export const notificationQueueIdle = mailQueueIdle;
/** Retries on a timer (backoff is in the rows), so failed sends are tried again even without new enquiries. */
export function startNotificationQueue(): void {
  startMailQueue();
  // The assignees' daily digest needs the same mail setup (docs/decisions/0017-leads-pipeline.md).
  startLeadDigest();
}

export async function stopNotificationQueue(): Promise<void> {
  await Promise.all([stopMailQueue(), stopLeadDigest()]);
}
