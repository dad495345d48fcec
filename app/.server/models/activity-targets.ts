import { db } from "../db";

// The records activity entries are about, by name (docs/decisions/0075-activity-names-and-labels.md): looked up
// when an entry is written (kept in activity_log.entity_name) and again when a page of entries is read, one query
// per kind for the whole page, so a renamed record shows its name of today and a deleted one the name it had.

/** The kinds of record an entry can name, and where each lives. */
export const NAMED_ENTITIES = ["service", "project", "enquiry", "reply-template"] as const;
export type NamedEntity = (typeof NAMED_ENTITIES)[number];

export interface TargetRecord {
  name: string;
  /** In the Trash (services and projects). */
  trashed: boolean;
}

const isNamed = (entity: string | null | undefined): entity is NamedEntity => (NAMED_ENTITIES as readonly string[]).includes(entity ?? "");

/** The records of one kind that still exist, by id, with their names now: one query. */
async function recordsOf(entity: NamedEntity, ids: string[]): Promise<Map<string, TargetRecord>> {
  if (ids.length === 0) return new Map();
  const rows =
    entity === "service" || entity === "project"
      ? await db()
          .selectFrom(entity === "service" ? "services" : "projects")
          .select(["id", "title as name", "deleted_at"])
          .where("id", "in", ids)
          .execute()
      : (
          await db()
            .selectFrom(entity === "enquiry" ? "enquiries" : "reply_templates")
            .select(["id", "name"])
            .where("id", "in", ids)
            .execute()
        ).map((r) => ({ ...r, deleted_at: null }));
  return new Map(rows.map((r) => [r.id, { name: r.name, trashed: r.deleted_at !== null && r.deleted_at !== undefined }]));
}

/** For each entry (entity, id), the record it names if it still exists: one query per kind present. Keyed `entity:id`. */
export async function findActivityTargets(entries: ReadonlyArray<{ entity: string | null; entity_id: string | null }>): Promise<Map<string, TargetRecord>> {
  const idsByKind = new Map<NamedEntity, Set<string>>();
  for (const e of entries) {
    if (!isNamed(e.entity) || !e.entity_id) continue;
    const ids = idsByKind.get(e.entity) ?? new Set<string>();
    ids.add(e.entity_id);
    idsByKind.set(e.entity, ids);
  }
  const found = new Map<string, TargetRecord>();
  await Promise.all(
    [...idsByKind].map(async ([entity, ids]) => {
      for (const [id, record] of await recordsOf(entity, [...ids])) found.set(`${entity}:${id}`, record);
    }),
  );
  return found;
}

/**
 * The name to keep on a new entry: the record's name now, else (it was just deleted) the name the last entry about
 * it kept. Null for kinds without a name.
 */
export async function nameForNewEntry(entity: string | null | undefined, entityId: string | null | undefined): Promise<string | null> {
  if (!isNamed(entity) || !entityId) return null;
  const now = (await recordsOf(entity, [entityId])).get(entityId);
  if (now) return now.name;
  const earlier = await db()
    .selectFrom("activity_log")
    .select("entity_name")
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .where("entity_name", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return earlier?.entity_name ?? null;
}

/** The names of records about to be deleted, for the entries written after (an enquiry has no earlier entry to take it from). */
export async function namesBeforeDelete(entity: NamedEntity, ids: string[]): Promise<Map<string, string>> {
  return new Map([...(await recordsOf(entity, ids))].map(([id, record]) => [id, record.name]));
}
