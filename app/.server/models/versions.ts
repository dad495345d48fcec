import type { Kysely } from "kysely";
import { db } from "../db";
import type { DB } from "../db/schema";
import { newId, nowIso, toIso } from "./rows";

// Versions of services and projects (docs/decisions/0013-versions-and-trash.md): every save keeps the
// record's fields as JSON, with who and when; the newest VERSIONS_KEPT per record stay. The two tables
// have the same shape, so one set of functions serves both.

export const VERSIONS_KEPT = 50;

export type VersionedKind = "service" | "project";

export type VersionAction = "create" | "update" | "status" | "restore";

// Both tables have one row type; Kysely cannot take a union of table names in one query, so the
// service table's name stands for either.
const TABLES = { service: "service_versions", project: "project_versions" } as const satisfies Record<VersionedKind, keyof DB>;
const table = (kind: VersionedKind) => TABLES[kind] as "service_versions";

export interface VersionSummary {
  id: string;
  version: number;
  action: VersionAction;
  created_at: string;
  /** The saver's name or email; null when the account is gone. */
  author: string | null;
}

/** What restoring a version gave: the record, not found (or in the Trash), or a snapshot today's rules refuse. */
export type RestoreResult<T> = { kind: "ok"; record: T } | { kind: "not-found" } | { kind: "invalid"; fieldErrors: Record<string, string> };

export interface TrashedItem {
  id: string;
  title: string;
  short_description: string | null;
  featured_image_url: string | null;
  /** The featured image's focal point in percent, so the thumbnail crops as the public card does. */
  featured_image_focal_x: number;
  featured_image_focal_y: number;
  deleted_at: string;
  /** Who moved it to the Trash: name or email; null when unknown. */
  deleted_by: string | null;
}

export interface VersionDetail extends VersionSummary {
  snapshot: Record<string, unknown>;
}

/**
 * Keeps `snapshot` as the record's next version, inside the caller's transaction, and drops versions
 * beyond the newest VERSIONS_KEPT. The caller updates the record's row first: on Postgres that row lock
 * makes concurrent saves of one record take their version numbers one after the other.
 */
export async function recordVersion(
  executor: Kysely<DB>,
  kind: VersionedKind,
  recordId: string,
  snapshot: Record<string, unknown>,
  action: VersionAction,
  userId: string | null,
): Promise<number> {
  const t = table(kind);
  const last = await executor
    .selectFrom(t)
    .select((eb) => eb.fn.max("version").as("latest"))
    .where("record_id", "=", recordId)
    .executeTakeFirst();
  const version = Number(last?.latest ?? 0) + 1;
  await executor
    .insertInto(t)
    .values({ id: newId(), record_id: recordId, version, action, snapshot: JSON.stringify(snapshot), created_by: userId, created_at: nowIso() })
    .execute();
  await executor.deleteFrom(t).where("record_id", "=", recordId).where("version", "<=", version - VERSIONS_KEPT).execute();
  return version;
}

function toAction(value: string): VersionAction {
  return value === "create" || value === "status" || value === "restore" ? value : "update";
}

function parseSnapshot(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function versionQuery(kind: VersionedKind) {
  // Aliased: the joins below name its columns whichever table it is.
  return db()
    .selectFrom(`${TABLES[kind]} as v` as "service_versions as v")
    .leftJoin("profiles", "profiles.id", "v.created_by")
    .leftJoin("user", "user.id", "v.created_by")
    .select([
      "v.id",
      "v.version",
      "v.action",
      "v.snapshot",
      "v.created_at",
      "profiles.full_name",
      "user.email",
    ]);
}

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionQuery>["executeTakeFirstOrThrow"]>>;

function toSummary(row: VersionRow): VersionSummary {
  return {
    id: row.id,
    version: Number(row.version),
    action: toAction(row.action),
    created_at: toIso(row.created_at),
    author: row.full_name?.trim() || row.email || null,
  };
}

/** A record's versions, newest first. */
export async function listVersions(kind: VersionedKind, recordId: string): Promise<VersionSummary[]> {
  const rows = await versionQuery(kind).where("v.record_id", "=", recordId).orderBy("v.version", "desc").execute();
  return rows.map(toSummary);
}

/** One version of one record, or null (a version id of another record is not found). */
export async function getVersion(kind: VersionedKind, recordId: string, versionId: string): Promise<VersionDetail | null> {
  const row = await versionQuery(kind)
    .where("v.record_id", "=", recordId)
    .where("v.id", "=", versionId)
    .executeTakeFirst();
  return row ? { ...toSummary(row), snapshot: parseSnapshot(row.snapshot) } : null;
}

/** The stored snapshot of a version inside a transaction (restore), or null. */
export async function readSnapshot(
  executor: Kysely<DB>,
  kind: VersionedKind,
  recordId: string,
  versionId: string,
): Promise<Record<string, unknown> | null> {
  const row = await executor
    .selectFrom(table(kind))
    .select("snapshot")
    .where("record_id", "=", recordId)
    .where("id", "=", versionId)
    .executeTakeFirst();
  return row ? parseSnapshot(row.snapshot) : null;
}

/**
 * A snapshot as the form would send it, for the form's own schema to check again on restore: numbers as
 * text, null as empty; lists and switches stay as they are (the schemas take both).
 */
export function snapshotAsForm(snapshot: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([key, value]) => [key, value === null || value === undefined ? "" : typeof value === "number" ? String(value) : value]),
  );
}

/**
 * The form's schema splits list fields on commas, but a version may hold an item with a comma in it (demo
 * content, imports). Where the schema's list is exactly the snapshot's items split up, the snapshot's own
 * items are kept, so a restore gives back the list as it was; anything else keeps the schema's result.
 */
export function keepListItems<T extends Record<string, unknown>>(snapshot: Record<string, unknown>, parsed: T): T {
  const out: Record<string, unknown> = { ...parsed };
  for (const [key, value] of Object.entries(parsed)) {
    const items = snapshot[key];
    if (!Array.isArray(value) || !Array.isArray(items) || !items.every((i): i is string => typeof i === "string")) continue;
    const own = items.map((i) => i.trim()).filter(Boolean);
    const split = own.flatMap((i) => i.split(",")).map((i) => i.trim()).filter(Boolean);
    if (JSON.stringify(split) === JSON.stringify(value)) out[key] = own;
  }
  return out as T;
}
