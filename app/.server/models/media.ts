import sharp from "sharp";
import { AVIF_WIDTHS, UPLOAD_BASE_PATTERN, VARIANT_WIDTHS } from "~/lib/images";
import { bumpContentVersion } from "../cache/cache";
import { db, getDatabase } from "../db";
import { logger } from "../logger";
import { contentTypeForKey, type Storage } from "../storage";
import { AVIF_MARKER_KEYS } from "../storage/keys";
import { uploadBase } from "../storage/prune";
import type { MediaItem, MediaKind, MediaUse } from "~/lib/media";
import { findMediaUses } from "./media-uses";
import { nowIso, toIso } from "./rows";

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

/**
 * Makes the table match the store: a row for every stored original it lacks (files from before the library), and
 * no row for a file that is gone (the prune deleted it). A row newer than the listing is kept: its file may have
 * been written after the listing passed it.
 */
export async function syncMediaWithStorage(storage: Storage): Promise<void> {
  const startedAt = Date.now();
  const stored = new Map<string, { size: number; modified: Date }>();
  for await (const object of storage.list()) {
    if (!AVIF_MARKER_KEYS.includes(object.key) && isOriginal(object.key)) stored.set(object.key, object);
  }
  const rows = await db().selectFrom("media").select(["key", "created_at"]).execute();
  const known = new Set(rows.map((r) => r.key));
  const gone = rows.filter((r) => !stored.has(r.key) && new Date(toIso(r.created_at)).getTime() < startedAt).map((r) => r.key);
  if (gone.length > 0) await db().deleteFrom("media").where("key", "in", gone).execute();
  for (const [key, object] of stored) {
    if (known.has(key)) continue;
    const size = await dimensions(storage, key);
    await db()
      .insertInto("media")
      .values({ key, url: storage.publicUrl(key), file_name: keyName(key), kind: kindOfKey(key), bytes: object.size, ...size, uploaded_by: null, created_at: object.modified.toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

export interface MediaFilter {
  q?: string;
  kind?: MediaKind | null;
  unused?: boolean;
}

/** The library, newest first, each file with its uses; filtered by name or alt text, kind and "not used anywhere". */
export async function listMedia(filter: MediaFilter = {}): Promise<MediaItem[]> {
  const [rows, uses] = await Promise.all([
    db()
      .selectFrom("media")
      .leftJoin("user", "user.id", "media.uploaded_by")
      .select(["media.key", "media.url", "media.file_name", "media.kind", "media.bytes", "media.width", "media.height", "media.alt", "media.created_at", "user.name", "user.email"])
      .orderBy("media.created_at", "desc")
      .orderBy("media.key", "desc")
      .execute(),
    findMediaUses(getDatabase()),
  ]);
  const q = filter.q?.trim().toLowerCase() ?? "";
  return rows
    .map(
      (row): MediaItem => ({
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
        uses: uses.get(baseOf(row.key)) ?? [],
      }),
    )
    .filter((item) => !q || item.name.toLowerCase().includes(q) || item.alt.toLowerCase().includes(q))
    .filter((item) => !filter.kind || item.kind === filter.kind)
    .filter((item) => !filter.unused || item.uses.length === 0);
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
