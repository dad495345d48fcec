import type { NextFunction, Request, RequestHandler, Response } from "express";
import { bucketOffersAvif480, setBucketAvif480, UPLOAD_BASE_PATTERN } from "~/lib/images";
import { bumpContentVersion } from "../cache/cache";
import { logger } from "../logger";
import { avifVariantFromOriginal, ImageRejectedError } from "./images";
import { AVIF_480_MARKER_KEY } from "./keys";
import type { Storage } from "./types";

// Uploads stored before the 480 px AVIF existed get it without anyone doing anything
// (docs/decisions/0038-upload-avif-480.md): a job started with the server makes every missing one, one image at a
// time, and a request for one that is still missing (served from /uploads) makes it on the spot. Both only ever
// write `<base>-w480.avif` from `<base>.<ext>`, whole or not at all, so two instances doing the same one at once
// store the same thing twice, never a broken file. With S3_PUBLIC_URL a request never reaches the app, so the
// job's complete pass writes a marker before srcsets name the file (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).

export const BACKFILL_WIDTH = 480;
const SUFFIX = `-w${BACKFILL_WIDTH}.avif`;
const IMAGE_EXTS = ["jpg", "png", "webp", "gif", "avif"] as const;
const ORIGINAL = new RegExp(`^(${UPLOAD_BASE_PATTERN})\\.(?:${IMAGE_EXTS.join("|")})$`);
const VARIANT_PATH = new RegExp(`^/(${UPLOAD_BASE_PATTERN})${SUFFIX.replace(".", "\\.")}$`);

export type VariantOutcome = "made" | "exists" | "no-original" | "unreadable";

/** In this process, one encode per variant: a page of twelve thumbnails asks for each once, not twelve times. */
const inFlight = new Map<string, Promise<VariantOutcome>>();

/** Makes `<base>-w480.avif` from the stored original `originalKey` unless it is there already. */
export function ensureAvif480(storage: Storage, originalKey: string): Promise<VariantOutcome> {
  const match = ORIGINAL.exec(originalKey);
  if (!match) return Promise.resolve("no-original");
  const key = `${match[1]}${SUFFIX}`;
  let job = inFlight.get(key);
  if (!job) {
    job = make(storage, originalKey, key).finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  return job;
}

async function make(storage: Storage, originalKey: string, key: string): Promise<VariantOutcome> {
  // Another instance (or an earlier request) may have made it since the caller looked.
  if (await storage.exists(key)) return "exists";
  const original = await storage.get(originalKey);
  if (!original) return "no-original";
  let data: Buffer;
  try {
    data = await avifVariantFromOriginal(original, BACKFILL_WIDTH);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    logger.warn({ key: originalKey, reason: error.message }, "stored upload cannot be read: no 480 px AVIF made");
    return "unreadable";
  }
  await storage.put(key, data, "image/avif");
  return "made";
}

export interface BackfillReport {
  made: number;
  unreadable: number;
  /** Made meanwhile by another instance or a request. */
  skipped: number;
  /**
   * The job ran to its end and its last listing found every upload with its 480 px AVIF, apart from originals that
   * cannot be read and have no 960 px AVIF either (no srcset of theirs shows an image anyway).
   */
  complete: boolean;
}

/** Listings at most per run: each after the first only finds uploads stored while the one before ran. */
const MAX_PASSES = 5;

/**
 * Every stored image upload without its 480 px AVIF gets one. The listing is read first (keys only), then the
 * missing ones are made one at a time in a shuffled order, so two instances starting together mostly work on
 * different images. A source that cannot be read is logged and passed over; `signal` stops between images.
 * A pass that found work is followed by another listing: an upload stored meanwhile by an instance still on a
 * version without this variant (a rolling upgrade) has none either, and `complete` must not be claimed past it.
 */
export async function backfillAvif480(storage: Storage, signal?: AbortSignal): Promise<BackfillReport> {
  const report: BackfillReport = { made: 0, unreadable: 0, skipped: 0, complete: false };
  const unreadable = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const keys = new Set<string>();
    for await (const object of storage.list()) keys.add(object.key);
    const todo: string[] = [];
    let brokenWithout480 = false;
    for (const key of keys) {
      const match = ORIGINAL.exec(key);
      if (!match || keys.has(`${match[1]}${SUFFIX}`)) continue;
      if (!unreadable.has(key)) todo.push(key);
      else if (keys.has(`${match[1]}-w960.avif`)) brokenWithout480 = true;
    }
    if (todo.length === 0) {
      report.complete = !brokenWithout480;
      return report;
    }
    for (let i = todo.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [todo[i], todo[j]] = [todo[j], todo[i]];
    }
    for (const key of todo) {
      if (signal?.aborted) return report;
      const outcome = await ensureAvif480(storage, key);
      if (outcome === "made") report.made++;
      else if (outcome === "unreadable") {
        report.unreadable++;
        unreadable.add(key);
      } else report.skipped++;
    }
  }
  return report;
}

let running: { controller: AbortController; done: Promise<void> } | undefined;

/**
 * Starts the backfill in the background (server start); its outcome goes to the log. When pages link uploads at
 * an absolute URL (S3_PUBLIC_URL), browsers ask the bucket and never reach makeMissingAvif below: srcsets then name
 * an upload's 480 px AVIF only once the marker says the store holds every one, and this resolves once the marker
 * has been read, so the first page rendered already knows (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).
 */
export async function startAvifBackfill(storage: Storage): Promise<void> {
  if (running) return;
  const direct = !storage.publicUrl(AVIF_480_MARKER_KEY).startsWith("/");
  const controller = new AbortController();
  const marked = direct ? markerStored(storage).then(setBucketAvif480) : Promise.resolve();
  running = { controller, done: marked.then(() => runBackfill(storage, controller.signal, direct)) };
  await marked;
}

/** Resolves when the job started by startAvifBackfill has ended (at once when none runs). */
export async function avifBackfillDone(): Promise<void> {
  await running?.done;
}

/** Stops after the image in hand (shutdown). */
export async function stopAvifBackfill(): Promise<void> {
  if (!running) return;
  running.controller.abort();
  await running.done;
  running = undefined;
}

async function runBackfill(storage: Storage, signal: AbortSignal, direct: boolean): Promise<void> {
  let report: BackfillReport;
  try {
    report = await backfillAvif480(storage, signal);
  } catch (error) {
    logger.error({ err: error }, "480 px AVIF backfill stopped; the next start resumes it");
    return;
  }
  if (report.made + report.unreadable > 0) logger.info(report, "made the 480 px AVIF of stored uploads");
  if (direct && !bucketOffersAvif480() && !signal.aborted) await adoptMarker(storage, report.complete);
}

/** A failed read counts as no marker: the 960 px AVIF shows where the 480 might have been missing. */
async function markerStored(storage: Storage): Promise<boolean> {
  try {
    return await storage.exists(AVIF_480_MARKER_KEY);
  } catch (error) {
    logger.warn({ err: error }, "could not read the 480 px AVIF marker: uploads' srcsets leave that width out for now");
    return false;
  }
}

/**
 * After this instance's pass: writes the marker when the pass left nothing missing, and once the marker is there
 * (written now, or by another instance whose pass ended first) names the 480 px AVIF from now on and makes the
 * rendered pages of every instance re-render, as a content save does.
 */
async function adoptMarker(storage: Storage, complete: boolean): Promise<void> {
  try {
    if (complete) {
      await storage.put(AVIF_480_MARKER_KEY, Buffer.from(`Every stored image upload has its 480 px AVIF (${new Date().toISOString()}).\n`), "text/plain");
    } else if (!(await storage.exists(AVIF_480_MARKER_KEY))) {
      logger.warn("uploads served from S3_PUBLIC_URL keep to the 960 px AVIF: some 480 px AVIF could not be made");
      return;
    }
  } catch (error) {
    logger.warn({ err: error }, "could not write the 480 px AVIF marker: the next start tries again");
    return;
  }
  setBucketAvif480(true);
  await bumpContentVersion();
  logger.info("uploads' srcsets name their 480 px AVIF from now on");
}

/**
 * Before /uploads answers: a request for a 480 px AVIF that is not stored yet makes it from its original, so a
 * page that names it never shows a broken image while the backfill is still on its way. Anything else passes.
 */
export function makeMissingAvif(storage: Storage): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const match = req.method === "GET" || req.method === "HEAD" ? VARIANT_PATH.exec(req.path) : null;
    if (!match) return next();
    const base = match[1];
    findMissing(storage, base)
      .then(() => next())
      .catch((error: unknown) => {
        logger.error({ err: error, path: req.path }, "could not make a 480 px AVIF on request");
        next();
      });
  };
}

async function findMissing(storage: Storage, base: string): Promise<void> {
  if (await storage.exists(`${base}${SUFFIX}`)) return;
  for (const ext of IMAGE_EXTS) {
    if (await storage.exists(`${base}.${ext}`)) {
      await ensureAvif480(storage, `${base}.${ext}`);
      return;
    }
  }
}
