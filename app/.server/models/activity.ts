import { sql } from "kysely";
import type { ActivityFilter, ActivityKind } from "~/validation/activity";
import { db } from "../db";
import { logger } from "../logger";
import { nameForNewEntry } from "./activity-targets";
import { newestFirstPages, newId, nowIso, toIso, toTextList } from "./rows";

// The activity log (docs/decisions/0016-activity-log.md): one row per admin write and per sign-in
// event. recordActivity is the one entry point other code calls; it never throws.

export interface ActivityEntryInput {
  actorId: string | null;
  actorEmail?: string | null;
  ip?: string | null;
  kind: ActivityKind;
  action: string;
  entity?: string | null;
  entityId?: string | null;
  /** The record's name, where the caller has it (one about to be deleted); otherwise it is looked up. */
  entityName?: string | null;
  fields?: string[];
  detail?: string | null;
}

export interface ActivityEntry {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  kind: ActivityKind;
  action: string;
  entity: string | null;
  entity_id: string | null;
  entity_name: string | null;
  fields: string[];
  detail: string | null;
}

/** Bounds on what one entry may hold: a typed-in email or a long detail cannot grow the table without end. */
const MAX_TEXT = 500;
const MAX_FIELDS = 60;
const clip = (value: string | null | undefined) => (value ? value.slice(0, MAX_TEXT) : null);

/**
 * Writes one entry. A failure is logged and swallowed: the admin's own change has already been made,
 * and refusing it because the log could not be written would be worse than a missing line.
 */
export async function recordActivity(entry: ActivityEntryInput): Promise<void> {
  try {
    const entityName = entry.entityName ?? (await nameForNewEntry(entry.entity, entry.entityId));
    await db()
      .insertInto("activity_log")
      .values({
        id: newId(),
        created_at: nowIso(),
        actor_id: entry.actorId,
        actor_email: clip(entry.actorEmail?.toLowerCase()),
        ip: clip(entry.ip),
        kind: entry.kind,
        action: entry.action.slice(0, 100),
        entity: clip(entry.entity),
        entity_id: clip(entry.entityId),
        entity_name: clip(entityName),
        fields: JSON.stringify((entry.fields ?? []).slice(0, MAX_FIELDS)),
        detail: clip(entry.detail),
      })
      .execute();
  } catch (error) {
    logger.error({ err: error, action: entry.action, entity: entry.entity, entityId: entry.entityId }, "activity entry not recorded");
  }
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirstOrThrow"]>>;

function baseQuery() {
  return db()
    .selectFrom("activity_log")
    .select(["id", "created_at", "actor_id", "actor_email", "ip", "kind", "action", "entity", "entity_id", "entity_name", "fields", "detail"]);
}

function toEntry(row: Row): ActivityEntry {
  return { ...row, kind: row.kind as ActivityKind, created_at: toIso(row.created_at), fields: toTextList(row.fields) };
}

function filtered(filter: ActivityFilter) {
  let query = baseQuery();
  if (filter.person) query = query.where("actor_id", "=", filter.person);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  if (filter.before) query = query.where("created_at", "<", filter.before);
  return query;
}

/** One page of entries, newest first, and how many match in all. */
export async function listActivity(filter: ActivityFilter, page: { offset: number; limit: number }): Promise<{ entries: ActivityEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(filter).orderBy("created_at", "desc").orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
    filtered(filter)
      .clearSelect()
      .select(sql<number | string>`count(*)`.as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toEntry), total: Number(count.count) };
}

/**
 * Every matching entry for the CSV, newest first, up to `limit` rows, a page of `pageSize` at a time (the
 * export's memory bound). As pagesOfLeadsForExport: pages follow on from the last row's (created_at, id), in the
 * database's own text of the timestamp.
 */
export async function* pagesOfActivityForExport(filter: ActivityFilter, limit: number, pageSize = 1000): AsyncGenerator<ActivityEntry[]> {
  const pages = newestFirstPages(
    (after, size) => {
      let query = filtered(filter).select(sql<string>`cast(created_at as text)`.as("cursor_at"));
      if (after) {
        const { at, id } = after;
        query = query.where((eb) => eb.or([eb("created_at", "<", at), eb.and([eb("created_at", "=", at), eb("id", "<", id)])]));
      }
      return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(size).execute();
    },
    limit,
    pageSize,
  );
  for await (const rows of pages) yield rows.map(({ cursor_at: _, ...row }) => toEntry(row));
}

/** The people the log names: the "Person" filter's choices, by the latest email seen for each account. */
export async function listActivityPeople(): Promise<Array<{ id: string; email: string }>> {
  const rows = await db()
    .selectFrom("activity_log")
    .select(["actor_id", sql<string>`max(actor_email)`.as("email")])
    .where("actor_id", "is not", null)
    .groupBy("actor_id")
    .orderBy(sql`max(actor_email)`)
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.actor_id as string, email: r.email ?? r.actor_id ?? "" }));
}

/** Deletes entries older than `cutoff`; answers how many went. */
export async function pruneActivity(cutoff: Date): Promise<number> {
  const result = await db().deleteFrom("activity_log").where("created_at", "<", cutoff.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The names of the fields whose values differ between the stored record and the saved input. Only keys of
 * `after` count; empty text and null are the same; lists and numbers compare by value. Without a stored
 * record (a create), the fields given a value.
 */
export function changedFields(before: object | null, after: object): string[] {
  const old = before as Record<string, unknown> | null;
  const next = after as Record<string, unknown>;
  const norm = (value: unknown): string | null => {
    if (value === null || value === undefined || value === "") return null;
    if (Array.isArray(value)) return value.length === 0 ? null : JSON.stringify(value);
    if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return String(Number(value));
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
  // A new record "gives" a field only when it has a value: a switch left off is not a change.
  const given = (value: unknown) => norm(value) !== null && value !== false;
  return Object.keys(next).filter((key) => (old ? norm(old[key]) !== norm(next[key]) : given(next[key])));
}
