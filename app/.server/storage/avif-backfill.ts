import type { NextFunction, Request, RequestHandler, Response } from "express";
import { bucketAvifWidths, LATE_AVIF_WIDTHS, type LateAvifWidth, setBucketAvifWidths, UPLOAD_BASE_PATTERN } from "~/lib/images";
import { bumpContentVersion } from "../cache/cache";
import { logger } from "../logger";
import { avifVariantFromOriginal, ImageRejectedError } from "./images";
import { avifMarkerKey } from "./keys";
import type { Storage } from "./types";

// Uploads stored before an AVIF width existed (480 px: docs/decisions/0038-upload-avif-480.md; 800 px:
// docs/decisions/0051-avif-800.md) get it without anyone doing anything: a job started with the server
// makes every missing one, one file at a time, and a request for one that is still missing (served from /uploads)
// makes it on the spot. Both only ever write `<base>-w<width>.avif` from `<base>.<ext>`, whole or not at all, so two
// instances doing the same one at once store the same thing twice, never a broken file. With S3_PUBLIC_URL a request
// never reaches the app, so the job's complete pass writes a marker per width before srcsets name those files
// (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).

const IMAGE_EXTS = ["jpg", "png", "webp", "gif", "avif"] as const;
const ORIGINAL = new RegExp(`^(${UPLOAD_BASE_PATTERN})\\.(?:${IMAGE_EXTS.join("|")})$`);
const VARIANT_PATH = new RegExp(`^/(${UPLOAD_BASE_PATTERN})-w(${LATE_AVIF_WIDTHS.join("|")})\\.avif$`);
const suffix = (width: number) => `-w${width}.avif`;

export type VariantOutcome = "made" | "exists" | "no-original" | "unreadable";

/** In this process, one encode per variant: a page of twelve thumbnails asks for each once, not twelve times. */
const inFlight = new Map<string, Promise<VariantOutcome>>();

/** Makes `<base>-w<width>.avif` from the stored original `originalKey` unless it is there already. */
export function ensureAvif(storage: Storage, originalKey: string, width: LateAvifWidth): Promise<VariantOutcome> {
  const match = ORIGINAL.exec(originalKey);
  if (!match) return Promise.resolve("no-original");
  const key = `${match[1]}${suffix(width)}`;
  let job = inFlight.get(key);
  if (!job) {
    job = make(storage, originalKey, key, width).finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  return job;
}

async function make(storage: Storage, originalKey: string, key: string, width: number): Promise<VariantOutcome> {
  // Another instance (or an earlier request) may have made it since the caller looked.
  if (await storage.exists(key)) return "exists";
  const original = await storage.get(originalKey);
  if (!original) return "no-original";
  let data: Buffer;
  try {
    data = await avifVariantFromOriginal(original, width);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    logger.warn({ key: originalKey, reason: error.message }, `stored upload cannot be read: no ${width} px AVIF made`);
    return "unreadable";
  }
  await storage.put(key, data, "image/avif");
  return "made";
}

export interface BackfillReport {
  /** Files made. */
  made: number;
  /** Originals that cannot be read (each counted once, whatever widths it lacks). */
  unreadable: number;
  /** Files made meanwhile by another instance or a request. */
  skipped: number;
  /**
   * The widths the job's last listing found on every upload, apart from originals that cannot be read and have no
   * 960 px AVIF either (no srcset of theirs shows an image anyway). Empty when the job was stopped first.
   */
  complete: LateAvifWidth[];
}

/** Listings at most per run: each after the first only finds uploads stored while the one before ran. */
const MAX_PASSES = 5;

/**
 * Every stored image upload without an AVIF of LATE_AVIF_WIDTHS gets it. The listing is read first (keys only),
 * then the missing files are made one at a time, the originals in a shuffled order, so two instances starting
 * together mostly work on different images. A source that cannot be read is logged and passed over; `signal` stops
 * between files. A pass that found work is followed by another listing: an upload stored meanwhile by an instance
 * still on a version without a width (a rolling upgrade) lacks it, and `complete` must not claim it past that.
 */
export async function backfillAvif(storage: Storage, signal?: AbortSignal): Promise<BackfillReport> {
  const report: BackfillReport = { made: 0, unreadable: 0, skipped: 0, complete: [] };
  const unreadable = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const keys = new Set<string>();
    for await (const object of storage.list()) keys.add(object.key);
    const todo: Array<{ key: string; widths: LateAvifWidth[] }> = [];
    const brokenWithout = new Set<LateAvifWidth>();
    for (const key of keys) {
      const match = ORIGINAL.exec(key);
      if (!match) continue;
      const widths = LATE_AVIF_WIDTHS.filter((w) => !keys.has(`${match[1]}${suffix(w)}`));
      if (widths.length === 0) continue;
      if (!unreadable.has(key)) todo.push({ key, widths });
      else if (keys.has(`${match[1]}${suffix(960)}`)) widths.forEach((w) => brokenWithout.add(w));
    }
    if (todo.length === 0) {
      report.complete = LATE_AVIF_WIDTHS.filter((w) => !brokenWithout.has(w));
      return report;
    }
    for (let i = todo.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [todo[i], todo[j]] = [todo[j], todo[i]];
    }
    for (const { key, widths } of todo) {
      for (const width of widths) {
        if (signal?.aborted) return report;
        const outcome = await ensureAvif(storage, key, width);
        if (outcome === "made") report.made++;
        else if (outcome === "unreadable") {
          report.unreadable++;
          unreadable.add(key);
          break;
        } else report.skipped++;
      }
    }
  }
  return report;
}

let running: { controller: AbortController; done: Promise<void> } | undefined;

/**
 * Starts the backfill in the background (server start); its outcome goes to the log. When pages link uploads at
 * an absolute URL (S3_PUBLIC_URL), browsers ask the bucket and never reach makeMissingAvif below: srcsets then name
 * an upload's AVIF of a late width only once that width's marker says the store holds every one, and this resolves
 * once the markers have been read, so the first page rendered already knows
 * (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).
 */
export async function startAvifBackfill(storage: Storage): Promise<void> {
  if (running) return;
  const direct = !storage.publicUrl(avifMarkerKey(480)).startsWith("/");
  const controller = new AbortController();
  const marked = direct ? markedWidths(storage).then(setBucketAvifWidths) : Promise.resolve();
  running = { controller, done: marked.then(() => runBackfill(storage, controller.signal, direct)) };
  await marked;
}

/** Resolves when the job started by startAvifBackfill has ended (at once when none runs). */
export async function avifBackfillDone(): Promise<void> {
  await running?.done;
}

/** Stops after the file in hand (shutdown). */
export async function stopAvifBackfill(): Promise<void> {
  if (!running) return;
  running.controller.abort();
  await running.done;
  running = undefined;
}

async function runBackfill(storage: Storage, signal: AbortSignal, direct: boolean): Promise<void> {
  let report: BackfillReport;
  try {
    report = await backfillAvif(storage, signal);
  } catch (error) {
    logger.error({ err: error }, "AVIF backfill stopped; the next start resumes it");
    return;
  }
  if (report.made + report.unreadable > 0) logger.info(report, "made the missing AVIF variants of stored uploads");
  if (direct && !signal.aborted) await adoptMarkers(storage, report.complete);
}

/** The late widths whose marker is stored. A failed read counts as no marker: the 960 px AVIF shows meanwhile. */
async function markedWidths(storage: Storage): Promise<LateAvifWidth[]> {
  const found: LateAvifWidth[] = [];
  for (const width of LATE_AVIF_WIDTHS) {
    try {
      if (await storage.exists(avifMarkerKey(width))) found.push(width);
    } catch (error) {
      logger.warn({ err: error, width }, "could not read an AVIF marker: uploads' srcsets leave that width out for now");
    }
  }
  return found;
}

/**
 * After this instance's pass, for each late width srcsets do not name yet: writes its marker when the pass left
 * none missing, and once the marker is there (written now, or by another instance whose pass ended first) names
 * that width from now on and makes the rendered pages of every instance re-render, as a content save does.
 */
async function adoptMarkers(storage: Storage, complete: readonly LateAvifWidth[]): Promise<void> {
  const offered = bucketAvifWidths();
  const adopted: LateAvifWidth[] = [];
  for (const width of LATE_AVIF_WIDTHS) {
    if (offered.includes(width)) continue;
    const key = avifMarkerKey(width);
    try {
      if (complete.includes(width)) {
        await storage.put(key, Buffer.from(`Every stored image upload has its ${width} px AVIF (${new Date().toISOString()}).\n`), "text/plain");
      } else if (!(await storage.exists(key))) {
        logger.warn({ width }, "uploads served from S3_PUBLIC_URL leave an AVIF width out: some could not be made");
        continue;
      }
    } catch (error) {
      logger.warn({ err: error, width }, "could not write an AVIF marker: the next start tries again");
      continue;
    }
    adopted.push(width);
  }
  if (adopted.length === 0) return;
  setBucketAvifWidths([...offered, ...adopted]);
  await bumpContentVersion();
  logger.info({ widths: adopted }, "uploads' srcsets name these AVIF widths from now on");
}

/**
 * Before /uploads answers: a request for a late-width AVIF that is not stored yet makes it from its original, so a
 * page that names it never shows a broken image while the backfill is still on its way. Anything else passes.
 */
export function makeMissingAvif(storage: Storage): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const match = req.method === "GET" || req.method === "HEAD" ? VARIANT_PATH.exec(req.path) : null;
    if (!match) return next();
    const width = Number(match[2]) as LateAvifWidth;
    findMissing(storage, match[1], width)
      .then(() => next())
      .catch((error: unknown) => {
        logger.error({ err: error, path: req.path }, `could not make a ${width} px AVIF on request`);
        next();
      });
  };
}

async function findMissing(storage: Storage, base: string, width: LateAvifWidth): Promise<void> {
  if (await storage.exists(`${base}${suffix(width)}`)) return;
  for (const ext of IMAGE_EXTS) {
    if (await storage.exists(`${base}.${ext}`)) {
      await ensureAvif(storage, `${base}.${ext}`, width);
      return;
    }
  }
}
