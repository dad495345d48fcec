import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import { bumpContentVersion } from "../cache/cache";
import { db } from "../db";
import type { DB } from "../db/schema";
import { newId, nowIso, toBool } from "./rows";
import { deleteForever, listTrashed, moveToTrash, restoreFromTrash, type TrashTable } from "./trash";
import { keepListItems, type RestoreResult, readSnapshot, recordVersion, snapshotAsForm, type VersionAction, type VersionedKind } from "./versions";

// One record with versions and a Trash (docs/decisions/0081-versioned-record-module.md): services and projects
// today, the next such entity tomorrow. Every write that changes what the form edits keeps a version in the same
// transaction and bumps the content version the public page cache keys on (docs/decisions/0013-versions-and-trash.md).

/** A record as the admin has it: its id, who made it and when, and the fields its form edits. */
interface RecordBase {
  id: string;
  created_by: string | null;
  created_at: string;
}

export interface VersionedRecordSpec<T extends TrashTable, R extends RecordBase, I> {
  table: T;
  kind: VersionedKind;
  /** The form's schema: a restored version passes it again before it becomes the record. */
  schema: z.ZodType<I>;
  toRecord(row: Selectable<DB[T]>): R;
  /** The columns a save writes, from the form's parsed input. */
  toColumns(input: I): Record<string, unknown>;
  /**
   * docs/product.md#entities: whether every save (update, restore) makes the saver the record's created_by
   * (services) or created_by stays the creator's (projects).
   */
  saverIsCreatedBy: boolean;
  /** The column that says whether visitors see the record (is_active, is_public), for the admin preview. */
  shownColumn: keyof DB[T] & string;
}

/** What a version keeps: every field the form edits, not the id nor who made the record when. */
export type Snapshot<R extends RecordBase> = Omit<R, "id" | "created_at" | "created_by">;

export function snapshotOf<R extends RecordBase>(record: R): Snapshot<R> {
  const { id: _id, created_at: _created, created_by: _by, ...fields } = record;
  return fields;
}

/**
 * Kysely cannot check a query against a table chosen at run time, so the queries here name it as one table of
 * loose columns; every versioned table has the columns they use (id, created_*, updated_at, deleted_at).
 */
type Loose = Kysely<{ record: Record<string, unknown> }>;
const loose = (executor: Kysely<DB>) => executor as unknown as Loose;

export function versionedRecord<T extends TrashTable, R extends RecordBase, I>(spec: VersionedRecordSpec<T, R, I>) {
  const { table, kind } = spec;
  const named = table as TrashTable as unknown as "record";

  /** The record not in the Trash, shown to visitors or not (admin edits and the admin preview), or null. */
  async function get(id: string, executor: Kysely<DB> = db()): Promise<R | null> {
    const row = await loose(executor).selectFrom(named).selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
    return row ? spec.toRecord(row as Selectable<DB[T]>) : null;
  }

  /** Keeps the record's current state as its next version; inside the transaction that changed it. */
  async function keepVersion(trx: Kysely<DB>, id: string, action: VersionAction, userId: string | null): Promise<R | null> {
    const record = await get(id, trx);
    if (record) await recordVersion(trx, kind, id, snapshotOf(record), action, userId);
    return record;
  }

  /** Sets columns of a record not in the Trash and keeps the version; false when there is no such record. */
  async function write(trx: Kysely<DB>, id: string, set: Record<string, unknown>, action: VersionAction, userId: string | null): Promise<R | null> {
    const result = await loose(trx)
      .updateTable(named)
      .set({ ...set, updated_at: nowIso() })
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? null : keepVersion(trx, id, action, userId);
  }

  /** The columns a save writes, with created_by where the saver becomes it. */
  const saved = (input: I, userId: string | null) => ({ ...spec.toColumns(input), ...(spec.saverIsCreatedBy ? { created_by: userId } : {}) });

  /** Runs a write in a transaction and bumps the content version when it changed something. */
  async function changing<X>(work: (trx: Kysely<DB>) => Promise<X>, changed: (x: X) => boolean): Promise<X> {
    const out = await db().transaction().execute(work);
    if (changed(out)) await bumpContentVersion();
    return out;
  }

  return {
    get,

    async create(input: I, userId: string | null, createdAt = nowIso()): Promise<R> {
      const id = newId();
      const created = await changing(
        async (trx) => {
          await loose(trx)
            .insertInto(named)
            .values({ id, ...spec.toColumns(input), created_by: userId, created_at: createdAt, updated_at: createdAt })
            .execute();
          return keepVersion(trx, id, "create", userId);
        },
        () => true,
      );
      return created!;
    },

    /** `userId` is who saved (the version's author). Null when the record is not there (or in the Trash). */
    update: (id: string, input: I, userId: string | null) => changing((trx) => write(trx, id, saved(input, userId), "update", userId), Boolean),

    /** The card switches (shown, featured): a few columns alone, kept as a "status" version. False when not there. */
    setColumns: async (id: string, set: Record<string, unknown>, userId: string | null) =>
      (await changing((trx) => write(trx, id, set, "status", userId), Boolean)) !== null,

    /**
     * Makes a version the current record and keeps the result as a new version, so the state it replaced stays
     * in the history. The snapshot passes the form's schema again; created_by as any save.
     */
    restoreVersion: (id: string, versionId: string, userId: string | null) =>
      changing(
        async (trx): Promise<RestoreResult<R>> => {
          const snapshot = await readSnapshot(trx, kind, id, versionId);
          if (!snapshot) return { kind: "not-found" };
          const parsed = spec.schema.safeParse(snapshotAsForm(snapshot));
          if (!parsed.success) {
            return { kind: "invalid", fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])) };
          }
          const input = keepListItems(snapshot, parsed.data as Record<string, unknown>) as I;
          const record = await write(trx, id, saved(input, userId), "restore", userId);
          return record ? { kind: "ok", record } : { kind: "not-found" };
        },
        (r) => r.kind === "ok",
      ),

    /**
     * The admin preview of the record's public page (docs/decisions/0013-versions-and-trash.md): any record not
     * in the Trash, shown or not, with the same public columns a visitor would get. Never cached.
     */
    async preview<C extends keyof Selectable<DB[T]> & string, P>(
      id: string,
      columns: readonly C[],
      toPublic: (row: Pick<Selectable<DB[T]>, C>) => P,
    ): Promise<{ record: P; shown: boolean } | null> {
      const row = await loose(db())
        .selectFrom(named)
        .select([...columns, spec.shownColumn])
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      const { [spec.shownColumn]: shown, ...visible } = row;
      return { record: toPublic(visible as unknown as Pick<Selectable<DB[T]>, C>), shown: toBool(shown as boolean | number) };
    },

    /** Delete: moves the record to the Trash (kept TRASH_DAYS). False when it is not there to delete. */
    trash: (id: string, userId: string | null = null) => moveToTrash(table, id, userId),
    /** The Trash: records deleted and not yet purged, most recently deleted first. */
    listTrashed: () => listTrashed(table),
    /** Takes a record out of the Trash, as it was. False when it is not in the Trash. */
    restoreFromTrash: (id: string) => restoreFromTrash(table, id),
    /** Deletes a record in the Trash, with its versions. False when it is not in the Trash. */
    deleteForever: (id: string) => deleteForever(table, id),
  };
}
