import { sql } from "kysely";
import sharp from "sharp";
import { AVIF_WIDTHS, UPLOAD_BASE_PATTERN, VARIANT_WIDTHS } from "~/lib/images";
import { bumpContentVersion } from "../cache/cache";
import { db, getDatabase } from "../db";
import { logger } from "../logger";
import { periodicJob } from "../ops/periodic";
import { contentTypeForKey, getStorage, type Storage } from "../storage";
import { AVIF_MARKER_KEYS } from "../storage/keys";
import { uploadBase } from "../storage/prune";
import type { MediaItem, MediaKind, MediaUse } from "~/lib/media";
import { findMediaUses } from "./media-uses";
import { nowIso, toIso } from "./rows";
import { MEDIA_PAGE_SIZE, type PageWindow, pageWindow } from "~/validation/paging";

// The media library (docs/product.md#media-library, docs/decisions/0088-media-library.md): a row per stored
// upload, written when it is uploaded, and for files stored before the library (or by another instance whose
// answer never came) from the storage listing. The row holds what the file is and its alt text; where it is
// used is computed from the content each time.

export type { MediaItem, MediaKind } from "~/lib/media";

export interface NewMedia {
  key: string;
  url: string;
  fileName: string;
  bytes: number;
  width?: number;
  height?: number;
}

export const MEDIA_ALT_MAX = 300;
const FILE_NAME_MAX = 200;

const kindOfKey = (key: string): MediaKind => (contentTypeForKey(key)?.startsWith("video/") ? "video" : "image");
const baseOf = (key: string) => (uploadBase(key) ?? key).toLowerCase();

/** A file name as the browser sent it, made safe to show: no path, no control characters, not endless. */
export function cleanFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/^.*[\\/]/, "")
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, FILE_NAME_MAX);
  return cleaned || fallback;
}

const keyName = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** Records files just uploaded; a row the storage listing made first takes the uploader's name and details. */
export async function recordMedia(files: NewMedia[], userId: string | null): Promise<void> {
  const now = nowIso();
  for (const file of files) {
    const row = {
      key: file.key,
      url: file.url,
      file_name: cleanFileName(file.fileName, keyName(file.key)),
      kind: kindOfKey(file.key),
      bytes: file.bytes,
      width: file.width ?? null,
      height: file.height ?? null,
      uploaded_by: userId,
      created_at: now,
    };
    await db()
      .insertInto("media")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ file_name: row.file_name, uploaded_by: row.uploaded_by, width: row.width, height: row.height }))
      .execute();
  }
}

/** An original, as opposed to one of its variants: the base plus its own extension. */
const isOriginal = (key: string) => {
  const base = uploadBase(key);
  return base !== null && /^\.[a-z0-9]+$/i.test(key.slice(base.length));
};

async function dimensions(storage: Storage, key: string): Promise<{ width: number | null; height: number | null }> {
  if (kindOfKey(key) !== "image") return { width: null, height: null };
  try {
    const data = await storage.get(key);
    const meta = data ? await sharp(data).metadata() : null;
    return { width: meta?.width ?? null, height: meta?.height ?? null };
  } catch (error) {
    logger.warn({ err: error, key }, "media: could not read an image's size");
    return { width: null, height: null };
  }
}

/** Rows removed per statement: a store that lost thousands of files never makes one unbounded `where key in (...)`. */
export const MEDIA_SYNC_CHUNK = 500;

/**
 * Makes the table match the store: a row for every stored original it lacks (files from before the library, or
 * whose row an upload could not write), and no row for a file that is gone (the prune deleted it). A row newer than
 * the listing is kept: its file may have been written after the listing passed it. Runs in the background
 * (mediaSync below, docs/decisions/0094-media-replace-and-paging.md), never while a page waits.
 */
export async function syncMediaWithStorage(storage: Storage, chunk = MEDIA_SYNC_CHUNK): Promise<{ added: number; removed: number }> {
  const startedAt = Date.now();
  const stored = new Map<string, { size: number; modified: Date }>();
  for await (const object of storage.list()) {
    if (!AVIF_MARKER_KEYS.includes(object.key) && isOriginal(object.key)) stored.set(object.key, object);
  }
  const rows = await db().selectFrom("media").select(["key", "created_at"]).execute();
  const known = new Set(rows.map((r) => r.key));
  const gone = rows.filter((r) => !stored.has(r.key) && new Date(toIso(r.created_at)).getTime() < startedAt).map((r) => r.key);
  for (let i = 0; i < gone.length; i += chunk) await db().deleteFrom("media").where("key", "in", gone.slice(i, i + chunk)).execute();
  let added = 0;
  for (const [key, object] of stored) {
    if (known.has(key)) continue;
    const size = await dimensions(storage, key);
    const result = await db()
      .insertInto("media")
      .values({ key, url: storage.publicUrl(key), file_name: keyName(key), kind: kindOfKey(key), bytes: object.size, ...size, uploaded_by: null, created_at: object.modified.toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return { added, removed: gone.length };
}

/** Every MEDIA_SYNC_INTERVAL_MS, at start, and when an upload could not write its row. */
export const MEDIA_SYNC_INTERVAL_MS = 15 * 60_000;
const syncJob = periodicJob("media library: storage sync failed", () => syncMediaWithStorage(getStorage()), "warn");

/** The background pass that keeps the library's table in line with the store (server start). */
export const mediaSync = {
  start: (intervalMs = MEDIA_SYNC_INTERVAL_MS) => syncJob.start(intervalMs),
  /** One more pass soon (an upload whose row could not be written); a pass under way already covers it. */
  request: () => syncJob.run(),
  idle: () => syncJob.idle(),
  stop: () => syncJob.stop(),
};

export interface MediaFilter {
  q?: string;
  kind?: MediaKind | null;
  unused?: boolean;
}

/** The library's one page: its files, newest first, each with its uses, and where the page is in the list. */
export interface MediaPage {
  items: MediaItem[];
  paging: PageWindow;
}

/** `%q%` for LIKE, the user's own % and _ taken literally (with `escape '\\'`). */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the library, newest first, filtered by name or alt text, kind and "not used anywhere". Name, alt and
 * kind are filtered by the database; "not used" needs the uses, which are computed from the content (decision
 * 0088), so the keys that pass the first filters are read (one short column), the unused ones kept, and only the
 * page's rows read in full.
 */
export async function listMedia(filter: MediaFilter = {}, requested = 1, size = MEDIA_PAGE_SIZE): Promise<MediaPage> {
  const q = filter.q?.trim().toLowerCase() ?? "";
  let keysQuery = db().selectFrom("media").select(["media.key"]).orderBy("media.created_at", "desc").orderBy("media.key", "desc");
  if (q) {
    const like = containing(q);
    keysQuery = keysQuery.where((eb) => eb.or([sql<boolean>`lower(media.file_name) like ${like} escape '\\'`, sql<boolean>`lower(media.alt) like ${like} escape '\\'`]));
  }
  if (filter.kind) keysQuery = keysQuery.where("media.kind", "=", filter.kind);
  const [keyRows, uses] = await Promise.all([keysQuery.execute(), findMediaUses(getDatabase())]);
  const usesOf = (key: string) => uses.get(baseOf(key)) ?? [];
  const keys = keyRows.map((r) => r.key).filter((key) => !filter.unused || usesOf(key).length === 0);
  const paging = pageWindow(keys.length, requested, size);
  const pageKeys = keys.slice(paging.offset, paging.offset + paging.limit);
  if (pageKeys.length === 0) return { items: [], paging };
  const rows = await db()
    .selectFrom("media")
    .leftJoin("user", "user.id", "media.uploaded_by")
    .select(["media.key", "media.url", "media.file_name", "media.kind", "media.bytes", "media.width", "media.height", "media.alt", "media.created_at", "user.name", "user.email"])
    .where("media.key", "in", pageKeys)
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const items = pageKeys.flatMap((key): MediaItem[] => {
    const row = byKey.get(key);
    if (!row) return [];
    return [
      {
        key: row.key,
        url: row.url,
        name: row.file_name,
        kind: row.kind === "video" ? "video" : "image",
        bytes: Number(row.bytes),
        width: row.width === null ? null : Number(row.width),
        height: row.height === null ? null : Number(row.height),
        alt: row.alt,
        createdAt: toIso(row.created_at),
        uploadedBy: row.name || row.email || null,
        uses: usesOf(row.key),
      },
    ];
  });
  return { items, paging };
}

export async function findMedia(key: string): Promise<{ key: string; alt: string; file_name: string } | null> {
  return (await db().selectFrom("media").select(["key", "alt", "file_name"]).where("key", "=", key).executeTakeFirst()) ?? null;
}

/** Sets the library's alt text; every public page that shows the file without its own alt says it. */
export async function setMediaAlt(key: string, alt: string): Promise<boolean> {
  const result = await db().updateTable("media").set({ alt }).where("key", "=", key).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await bumpContentVersion();
  return true;
}

/** What the pipeline may have stored beside an original (app/lib/images.ts); removing a missing one is no error. */
const variantKeys = (base: string) => [...VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp`), ...AVIF_WIDTHS.map((w) => `${base}-w${w}.avif`)];

export type DeleteMediaResult = { kind: "deleted" } | { kind: "in-use"; uses: MediaUse[] } | { kind: "missing" };

/**
 * Deletes an unused file and its copies (the copies first, as the prune does: docs/security.md "No leftovers after
 * a crash"). Refused while anything uses it, by the prune's own reading of the content: a service or project, one
 * in the Trash, a saved version in History, a draft, a setting, an avatar.
 */
export async function deleteMedia(key: string, storage: Storage): Promise<DeleteMediaResult> {
  if (!(await findMedia(key))) return { kind: "missing" };
  const base = uploadBase(key);
  if (base === null) return { kind: "missing" };
  const uses = (await findMediaUses(getDatabase())).get(base.toLowerCase()) ?? [];
  if (uses.length > 0) return { kind: "in-use", uses };
  for (const variant of variantKeys(base)) await storage.delete(variant);
  await storage.delete(key);
  await db().deleteFrom("media").where("key", "=", key).execute();
  return { kind: "deleted" };
}

const UPLOAD_KEY = new RegExp(`(${UPLOAD_BASE_PATTERN}\\.[a-z0-9]+)$`, "i");

/** The library's alt text of each of these URLs that has one (a field's own alt, where it has one, wins). */
export async function mediaAlts(urls: ReadonlyArray<string | null | undefined>): Promise<Record<string, string>> {
  const keys = new Map<string, string>();
  for (const url of urls) {
    const key = url ? UPLOAD_KEY.exec(url)?.[1] : undefined;
    if (url && key) keys.set(key, url);
  }
  if (keys.size === 0) return {};
  const rows = await db().selectFrom("media").select(["key", "alt"]).where("key", "in", [...keys.keys()]).where("alt", "<>", "").execute();
  return Object.fromEntries(rows.map((row) => [keys.get(row.key) as string, row.alt]));
}
