import { bumpContentVersion } from "../cache/cache";
import { periodicJob } from "../ops/periodic";
import { db } from "../db";
import { logger } from "../logger";
import { nowIso, toIso } from "./rows";
import type { TrashedItem } from "./versions";

// The Trash of services and projects (docs/decisions/0013-versions-and-trash.md): a deleted record is
// kept TRASH_DAYS, then deleted with its versions, after which `npm run uploads -- prune` no longer
// finds its images referenced and can reclaim them.

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;
/** How often a running server looks for expired records; every instance may, the delete is idempotent. */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60_000;

/** The tables whose records go to the Trash; both have deleted_at/deleted_by and the card fields the Trash lists. */
export type TrashTable = "services" | "projects";

/** Delete: moves the record to the Trash (kept TRASH_DAYS). False when it is not there to delete. */
export async function moveToTrash(table: TrashTable, id: string, userId: string | null): Promise<boolean> {
  const result = await db()
    .updateTable(table)
    .set({ deleted_at: nowIso(), deleted_by: userId })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) await bumpContentVersion();
  return result.numUpdatedRows > 0n;
}

/** The Trash of one table: records deleted and not yet purged, most recently deleted first, with who deleted them. */
export async function listTrashed(table: TrashTable): Promise<TrashedItem[]> {
  const rows = await db()
    .selectFrom(table)
    .leftJoin("profiles", "profiles.id", `${table}.deleted_by`)
    .leftJoin("user", "user.id", `${table}.deleted_by`)
    .select([`${table}.id`, `${table}.title`, `${table}.short_description`, `${table}.featured_image_url`, `${table}.featured_image_focal_x`, `${table}.featured_image_focal_y`, `${table}.deleted_at`, "profiles.full_name", "user.email"])
    .where(`${table}.deleted_at`, "is not", null)
    .orderBy(`${table}.deleted_at`, "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    short_description: r.short_description,
    featured_image_url: r.featured_image_url,
    featured_image_focal_x: Number(r.featured_image_focal_x),
    featured_image_focal_y: Number(r.featured_image_focal_y),
    deleted_at: toIso(r.deleted_at),
    deleted_by: r.full_name?.trim() || r.email || null,
  }));
}

/** Takes a record out of the Trash, as it was. False when it is not in the Trash. */
export async function restoreFromTrash(table: TrashTable, id: string): Promise<boolean> {
  const result = await db()
    .updateTable(table)
    .set({ deleted_at: null, deleted_by: null, updated_at: nowIso() })
    .where("id", "=", id)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) await bumpContentVersion();
  return result.numUpdatedRows > 0n;
}

/** Deletes a record in the Trash, with its versions (a foreign key cascades). False when it is not in the Trash. */
export async function deleteForever(table: TrashTable, id: string): Promise<boolean> {
  const result = await db().deleteFrom(table).where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes the records of `table` that went to the Trash before `cutoff` (ISO); how many. */
export async function purgeTrashed(table: TrashTable, cutoff: string): Promise<number> {
  const result = await db().deleteFrom(table).where("deleted_at", "is not", null).where("deleted_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes records that went to the Trash more than TRASH_DAYS before `now`. */
export async function purgeExpiredTrash(now = new Date()): Promise<{ services: number; projects: number }> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  const services = await purgeTrashed("services", cutoff);
  const projects = await purgeTrashed("projects", cutoff);
  if (services + projects > 0) logger.info({ services, projects }, "purged expired trash");
  return { services, projects };
}

const purge = periodicJob("trash purge failed", purgeExpiredTrash);

/** Purges once now and then every `intervalMs`, in the background (server start). */
export function startTrashPurge(intervalMs = TRASH_PURGE_INTERVAL_MS): void {
  purge.start(intervalMs);
}

/** Stops the timer and waits for a purge under way (server shutdown, before the database closes). */
export const stopTrashPurge = purge.stop;
