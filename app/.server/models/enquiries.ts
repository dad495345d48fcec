import { leadScopeCondition } from "./lead-scope";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Language } from "~/i18n/language";
import type { EnquiryFields } from "~/lib/lead-records";
import type { EnquiryInput, EnquiryStatus } from "~/validation/enquiry";
import type { LeadStage } from "~/validation/lead-stages";
import { db } from "../db";
import { newId, nowIso, toIso } from "./rows";

export interface Enquiry extends EnquiryFields {
  /** The language of the page the form was sent from (docs/decisions/0077-dhivehi-design.md). */
  language: Language;
  status: EnquiryStatus;
  email_status: "pending" | "sending" | "sent" | "failed" | "skipped";
  email_attempts: number;
  created_at: string;
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirstOrThrow"]>>;

function baseQuery() {
  return db()
    .selectFrom("enquiries")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "subject",
      "message",
      "source_page",
      "language",
      "status",
      "spam_reason",
      "email_status",
      "email_attempts",
      "email_error",
      "created_at",
    ]);
}

function toEnquiry(row: Row): Enquiry {
  return {
    ...row,
    status: row.status as EnquiryStatus,
    language: row.language === "dv" ? "dv" : "en",
    email_status: row.email_status as Enquiry["email_status"],
    email_attempts: Number(row.email_attempts),
    created_at: toIso(row.created_at),
  };
}

export interface NewEnquiry extends EnquiryInput {
  source_page: string | null;
  referrer?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  landing_page?: string | null;
  /** English unless the form said Dhivehi. */
  language?: Language;
  ip: string | null;
  user_agent: string | null;
  /** Set when spam checks caught it: stored in Spam, never emailed. */
  spam_reason: string | null;
  /** Whether staff notification is configured: the enquiry waits in the mail queue. */
  notify: boolean;
}

/** Stores the enquiry first, before anything else happens. */
export async function createEnquiry(input: NewEnquiry): Promise<Enquiry> {
  const id = newId();
  const now = nowIso();
  const queued = input.notify && !input.spam_reason;
  await db()
    .insertInto("enquiries")
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      source_page: input.source_page,
      referrer: input.referrer ?? null,
      utm_source: input.utm_source ?? null,
      utm_medium: input.utm_medium ?? null,
      utm_campaign: input.utm_campaign ?? null,
      landing_page: input.landing_page ?? null,
      language: input.language ?? "en",
      ip: input.ip,
      user_agent: input.user_agent,
      status: input.spam_reason ? "spam" : "new",
      spam_reason: input.spam_reason,
      email_status: queued ? "pending" : "skipped",
      email_attempts: 0,
      email_next_attempt_at: queued ? Date.now() : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return (await getEnquiry(id))!;
}

export async function getEnquiry(id: string): Promise<Enquiry | null> {
  const row = await baseQuery().where("id", "=", id).executeTakeFirst();
  return row ? toEnquiry(row) : null;
}

export interface EnquiryFilter {
  status?: EnquiryStatus | "inbox";
  q?: string;
  /** A lead stage: the board's "View all" of a column. */
  stage?: LeadStage | null;
  /** Only the enquiries sent from the pages of this language. */
  language?: Language | null;
  limit?: number;
  /** Rows to skip, newest first: a later page of the list. */
  offset?: number;
  /** A Sales member's scope (app/.server/enquiries/lead-scope.ts): their leads and the unassigned ones. */
  visibleTo?: string | null;
}

/**
 * The folder and search of the Enquiries page as one WHERE condition, for any query over enquiries (`table` is the
 * name or alias it gives them): the list, and the CSV export that joins the lead's assignee.
 */
export function enquiryFilterCondition(filter: EnquiryFilter, table = "enquiries"): RawBuilder<SqlBool> {
  const ref = (col: string) => sql.ref(`${table}.${col}`);
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`1 = 1`];
  if (filter.status === "inbox") parts.push(sql<SqlBool>`${ref("status")} in ('new', 'read')`);
  else if (filter.status) parts.push(sql<SqlBool>`${ref("status")} = ${filter.status}`);
  if (filter.stage) parts.push(sql<SqlBool>`${ref("stage")} = ${filter.stage}`);
  if (filter.language) parts.push(sql<SqlBool>`${ref("language")} = ${filter.language}`);
  if (filter.visibleTo) parts.push(leadScopeCondition(filter.visibleTo, table));
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    // LIKE with escaped wildcards: the search box is text, not a pattern language.
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = (["name", "email", "phone", "subject", "message"] as const).map(
      (col) => sql<SqlBool>`lower(${ref(col)}) like ${pattern} escape '\\'`,
    );
    parts.push(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Newest first. "inbox" is new + read. Search looks at name, email, phone, project type and details. */
export async function listEnquiries(filter: EnquiryFilter = {}): Promise<Enquiry[]> {
  const rows = await baseQuery()
    .where(enquiryFilterCondition(filter))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit ?? 500)
    .offset(filter.offset ?? 0)
    .execute();
  return rows.map(toEnquiry);
}

/** How many enquiries the filter matches (folder, search and stage), for the list's pages. */
export async function countMatchingEnquiries(filter: EnquiryFilter = {}): Promise<number> {
  const row = await db()
    .selectFrom("enquiries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(enquiryFilterCondition(filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Enquiries per folder status; with a stage, only that stage's (the list filtered by a board column's "View all"
 * shows its folders' counts for that stage, docs/decisions/0057-lead-board-columns-and-stage-filter.md), and with a
 * language, only that language's. `visibleTo` narrows it to a Sales member's scope (lead-scope.ts).
 */
export async function countEnquiries(
  stage: LeadStage | null = null,
  visibleTo: string | null = null,
  language: Language | null = null,
): Promise<Record<EnquiryStatus, number>> {
  let query = db()
    .selectFrom("enquiries")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .where(leadScopeCondition(visibleTo));
  if (stage) query = query.where("stage", "=", stage);
  if (language) query = query.where("language", "=", language);
  const rows = await query.groupBy("status").execute();
  const out: Record<EnquiryStatus, number> = { new: 0, read: 0, archived: 0, spam: 0 };
  for (const r of rows) if (r.status in out) out[r.status as EnquiryStatus] = Number(r.count);
  return out;
}

/**
 * How many enquiries a folder holds, from `countEnquiries` of the same stage: without a search that is the list's
 * total, so the page counts the table once instead of twice.
 */
export function folderTotal(counts: Record<EnquiryStatus, number>, folder: EnquiryFilter["status"]): number {
  if (folder === "inbox") return counts.new + counts.read;
  if (folder) return counts[folder];
  return counts.new + counts.read + counts.archived + counts.spam;
}

export async function setEnquiryStatus(id: string, status: EnquiryStatus): Promise<boolean> {
  const result = await db().updateTable("enquiries").set({ status, updated_at: nowIso() }).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteEnquiry(id: string): Promise<boolean> {
  const result = await db().deleteFrom("enquiries").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Sets the status of several enquiries at once (the inbox's bulk actions) in one transaction. Answers the ones that
 * exist, each with the status it had before, so the caller can log the changes that were real.
 */
export async function setEnquiriesStatus(ids: readonly string[], status: EnquiryStatus): Promise<Array<{ id: string; previous: EnquiryStatus }>> {
  if (ids.length === 0) return [];
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("enquiries").select(["id", "status"]).where("id", "in", [...ids]).execute();
      const changing = before.filter((row) => row.status !== status).map((row) => row.id);
      if (changing.length > 0) await trx.updateTable("enquiries").set({ status, updated_at: nowIso() }).where("id", "in", changing).execute();
      return before.map((row) => ({ id: row.id, previous: row.status as EnquiryStatus }));
    });
}

// --- the notification queue -------------------------------------------------

export const MAX_EMAIL_ATTEMPTS = 5;
const LEASE_MS = 60_000;

/** Backoff after the nth failed attempt: 30 s, 1 min, 2 min, 4 min... */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/**
 * Claims one enquiry whose notification is due, so that only one instance sends it: the claim moves
 * its next attempt past a lease, and only the instance whose update matched the old value wins.
 */
export async function claimDueNotification(now = Date.now()): Promise<Enquiry | null> {
  for (let tries = 0; tries < 3; tries++) {
    const due = await db()
      .selectFrom("enquiries")
      .select(["id", "email_next_attempt_at"])
      .where("email_status", "in", ["pending", "sending"])
      .where("email_next_attempt_at", "<=", now)
      .orderBy("email_next_attempt_at", "asc")
      .limit(1)
      .executeTakeFirst();
    if (!due) return null;
    const result = await db()
      .updateTable("enquiries")
      .set({ email_status: "sending", email_next_attempt_at: now + LEASE_MS })
      .where("id", "=", due.id)
      .where("email_next_attempt_at", "=", due.email_next_attempt_at)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return getEnquiry(due.id);
  }
  return null;
}

export async function recordNotificationSent(id: string): Promise<void> {
  await db()
    .updateTable("enquiries")
    .set((eb) => ({ email_status: "sent", email_error: null, email_next_attempt_at: null, email_attempts: eb("email_attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function recordNotificationFailed(id: string, attemptsBefore: number, reason: string): Promise<void> {
  const attempts = attemptsBefore + 1;
  const final = attempts >= MAX_EMAIL_ATTEMPTS;
  await db()
    .updateTable("enquiries")
    .set({
      email_status: final ? "failed" : "pending",
      email_attempts: attempts,
      email_error: reason.slice(0, 500),
      email_next_attempt_at: final ? null : Date.now() + retryDelayMs(attempts),
    })
    .where("id", "=", id)
    .execute();
}
