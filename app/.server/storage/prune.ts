import { UPLOAD_BASE_PATTERN, VARIANT_SUFFIX_PATTERN } from "~/lib/images";
import type { Database } from "../db";
import { readEveryTable } from "../models/site-data";
import { DiskStorage } from "./disk";
import { AVIF_MARKER_KEYS, CONTENT_TYPES } from "./keys";
import type { ListedObject, Storage } from "./types";

// Reclaims uploads nothing refers to (`npm run uploads -- prune`, docs/deploy.md): a replaced featured image, a
// removed gallery image, a deleted service or project, an upload made in a dialog that was then cancelled.
// Safety first: only names the server makes are ever deleted, an upload counts as used when its name appears
// anywhere in the content (whatever the column), and young uploads wait, because a dialog may still be open.

export const DEFAULT_MIN_AGE_HOURS = 24;
/** A write takes seconds: a temp file this old belongs to no write that will finish, whoever started it. */
export const TEMP_FILE_MAX_AGE_MS = 3_600_000;

/** A server-made key: its base, then the original's extension or a variant's suffix. */
const SERVER_KEY = new RegExp(`^(${UPLOAD_BASE_PATTERN})(?:${VARIANT_SUFFIX_PATTERN}|\\.(?:${Object.keys(CONTENT_TYPES).join("|")}))$`);
/**
 * A server-made base anywhere in stored text: in a `/uploads/...` URL, an S3_PUBLIC_URL URL, a JSON list, a bare
 * key. Case-insensitive and unanchored on purpose: a doubtful match keeps a file, it never deletes one.
 */
const REFERENCE = new RegExp(UPLOAD_BASE_PATTERN, "gi");

/**
 * Tables whose text never counts as a reference. Every other table counts, including better-auth's `user` (its
 * `image`) and any table added later, so a new place that stores upload URLs keeps its files without a change here.
 */
export const NOT_CONTENT: ReadonlySet<string> = new Set([
  // Enquiries are written by anonymous visitors: a pasted URL must not keep online a file an admin removed.
  "enquiries",
  // Sign-in machinery, counters and migration bookkeeping hold no content (and sessions and limits grow large).
  "session",
  "account",
  "verification",
  "rate_limits",
  "site_counters",
  "kysely_migration",
  "kysely_migration_lock",
  // The activity log names uploads and settings it saw change; a year of history must not keep a removed file online.
  "activity_log",
  // The media library lists every stored upload: being listed there is not being used (docs/decisions/0088-media-library.md).
  "media",
]);

/** One upload: the original and its variants, which share a base and live or go together. */
export interface UploadGroup {
  base: string;
  objects: ListedObject[];
  bytes: number;
}

export interface PruneOptions {
  database: Database;
  storage: Storage;
  /** Delete; without it nothing is touched (a dry run). */
  apply?: boolean;
  /** An upload with any object younger than this is never deleted. */
  minAgeHours?: number;
  now?: Date;
}

export interface PruneResult {
  /** Unreferenced uploads old enough to go (or incomplete), copies first: deleted when `apply` was set. */
  unreferenced: UploadGroup[];
  /** Unreferenced, but younger than the minimum age: perhaps still in an open dialog. */
  young: UploadGroup[];
  /** How many uploads the content refers to. */
  kept: number;
  /** Objects whose names the server does not make: never deleted, only reported. */
  leftAlone: ListedObject[];
  /** With `apply`: the keys deleted, and those that could not be. */
  deleted: string[];
  failed: Array<{ key: string; error: string }>;
  /** Disk only: temp files of writes that cannot finish (a killed process, or over an hour old); removed with `apply`. */
  tempFiles: string[];
}

/** Refused: the answer would be to delete every upload, which points at the wrong database rather than a tidy one. */
export class PruneRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PruneRefusedError";
  }
}

/** The base of a server-made key (`project-images/gallery/<hex>-<ms>`), or null for any other name. */
export function uploadBase(key: string): string | null {
  return SERVER_KEY.exec(key)?.[1] ?? null;
}

/** Lower-cased bases of every server-made name found in the string values (and JSON text) of the content tables. */
export async function findReferencedBases(database: Database): Promise<Set<string>> {
  const found = new Set<string>();
  await scanReferences(database, (_table, _row, bases) => bases.forEach((base) => found.add(base)));
  return found;
}

/**
 * Calls `onRow` for every content row that names at least one upload, with the lower-cased bases it names. The one
 * scanner behind prune and the media library's "where used" (docs/decisions/0088-media-library.md).
 */
export async function scanReferences(database: Database, onRow: (table: string, row: Record<string, unknown>, bases: Set<string>) => void): Promise<void> {
  // Every column of every table but these, generically: the point is to see columns this code has never heard of.
  for await (const { table, rows } of readEveryTable(database, NOT_CONTENT)) {
    for (const row of rows) {
      const bases = new Set<string>();
      collectReferences(row, bases);
      if (bases.size > 0) onRow(table, row, bases);
    }
  }
}

function collectReferences(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    // JSON written elsewhere may escape its slashes (`service-images\/featured\/...`).
    for (const match of value.replaceAll("\\/", "/").matchAll(REFERENCE)) into.add(match[0].toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, into);
  } else if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    // A json/jsonb column that the driver has already parsed.
    for (const item of Object.values(value)) collectReferences(item, into);
  }
}

const isVariantOf = (base: string, object: ListedObject) => object.key.charAt(base.length) === "-";

/**
 * The copies first, the original last: uploads write the original first, so an interrupted write or delete
 * never leaves copies without their original (docs/security.md "No leftovers after a crash").
 */
function originalLast(base: string) {
  return (a: ListedObject, b: ListedObject) => Number(!isVariantOf(base, a)) - Number(!isVariantOf(base, b)) || a.key.localeCompare(b.key);
}

/**
 * Finds the uploads nothing refers to and, with `apply`, deletes them. The store is listed before the content is
 * read, so an object that gains a reference in between is kept. What it cannot see is a dialog left open longer
 * than the minimum age: its upload goes before the form is saved, which a day's margin makes unlikely.
 */
export async function pruneUploads(options: PruneOptions): Promise<PruneResult> {
  const minAgeHours = options.minAgeHours ?? DEFAULT_MIN_AGE_HOURS;
  if (!Number.isFinite(minAgeHours) || minAgeHours < 0) throw new RangeError(`minimum age must be a number of hours >= 0, not ${minAgeHours}`);
  const cutoff = (options.now ?? new Date()).getTime() - minAgeHours * 3_600_000;

  const groups = new Map<string, UploadGroup>();
  const leftAlone: ListedObject[] = [];
  for await (const object of options.storage.list()) {
    // The server's own notes beside the uploads (docs/decisions/0043-avif-480-marker-for-s3-public-url.md): not strangers.
    if (AVIF_MARKER_KEYS.includes(object.key)) continue;
    const base = uploadBase(object.key);
    if (base === null) {
      leftAlone.push(object);
      continue;
    }
    const group = groups.get(base) ?? { base, objects: [], bytes: 0 };
    group.objects.push(object);
    group.bytes += object.size;
    groups.set(base, group);
  }

  const referenced = await findReferencedBases(options.database);
  const tempFiles =
    options.storage instanceof DiskStorage
      ? await options.storage.removeStaleTempFiles({ olderThanMs: TEMP_FILE_MAX_AGE_MS, now: options.now?.getTime(), dryRun: !options.apply })
      : [];
  const result: PruneResult = { unreferenced: [], young: [], kept: 0, leftAlone, deleted: [], failed: [], tempFiles };
  for (const group of [...groups.values()].sort((a, b) => a.base.localeCompare(b.base))) {
    group.objects.sort(originalLast(group.base));
    // Copies without an original are what a crash left mid-write (the original is written first): no dialog
    // can be waiting for them, so they need not wait for the minimum age.
    const incomplete = group.objects.every((o) => isVariantOf(group.base, o));
    if (referenced.has(group.base.toLowerCase())) result.kept += 1;
    else if (!incomplete && group.objects.some((o) => o.modified.getTime() > cutoff)) result.young.push(group);
    else result.unreferenced.push(group);
  }
  leftAlone.sort((a, b) => a.key.localeCompare(b.key));

  if (!options.apply) return result;
  if (result.kept === 0 && result.unreferenced.length > 0) {
    throw new PruneRefusedError(
      `Not deleting: the database refers to none of the ${groups.size} stored uploads. Is this the site's database ` +
        "(DATABASE_URL, or DATA_DIR for SQLite)? If the site really uses none of them, delete them by hand.",
    );
  }
  for (const group of result.unreferenced) {
    for (const object of group.objects) {
      try {
        await options.storage.delete(object.key);
        result.deleted.push(object.key);
      } catch (error) {
        result.failed.push({ key: object.key, error: error instanceof Error ? error.message : String(error) });
        // The rest of this upload stays, its original included; the next run finishes it.
        break;
      }
    }
  }
  return result;
}
