import type { NextFunction, Request, RequestHandler, Response } from "express";
import { UPLOAD_BASE_PATTERN } from "~/lib/images";
import { logger } from "../logger";
import { avifVariantFromOriginal, ImageRejectedError } from "./images";
import type { Storage } from "./types";

// Uploads stored before the 480 px AVIF existed get it without anyone doing anything
// (docs/decisions/0038-upload-avif-480.md): a job started with the server makes every missing one, one image at a
// time, and a request for one that is still missing (served from /uploads) makes it on the spot. Both only ever
// write `<base>-w480.avif` from `<base>.<ext>`, whole or not at all, so two instances doing the same one at once
// store the same thing twice, never a broken file.

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
}

/**
 * Every stored image upload without its 480 px AVIF gets one. The listing is read first (keys only), then the
 * missing ones are made one at a time in a shuffled order, so two instances starting together mostly work on
 * different images. A source that cannot be read is logged and passed over; `signal` stops between images.
 */
export async function backfillAvif480(storage: Storage, signal?: AbortSignal): Promise<BackfillReport> {
  const keys = new Set<string>();
  for await (const object of storage.list()) keys.add(object.key);
  const todo: string[] = [];
  for (const key of keys) {
    const match = ORIGINAL.exec(key);
    if (match && !keys.has(`${match[1]}${SUFFIX}`)) todo.push(key);
  }
  for (let i = todo.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [todo[i], todo[j]] = [todo[j], todo[i]];
  }
  const report: BackfillReport = { made: 0, unreadable: 0, skipped: 0 };
  for (const key of todo) {
    if (signal?.aborted) break;
    const outcome = await ensureAvif480(storage, key);
    if (outcome === "made") report.made++;
    else if (outcome === "unreadable") report.unreadable++;
    else report.skipped++;
  }
  return report;
}

let running: { controller: AbortController; done: Promise<void> } | undefined;

/** Starts the backfill in the background (server start); its outcome goes to the log. */
export function startAvifBackfill(storage: Storage): void {
  if (running) return;
  const controller = new AbortController();
  const done = backfillAvif480(storage, controller.signal).then(
    (report) => {
      if (report.made + report.unreadable > 0) logger.info(report, "made the 480 px AVIF of stored uploads");
    },
    (error: unknown) => logger.error({ err: error }, "480 px AVIF backfill stopped; the next start resumes it"),
  );
  running = { controller, done };
}

/** Stops after the image in hand (shutdown). */
export async function stopAvifBackfill(): Promise<void> {
  if (!running) return;
  running.controller.abort();
  await running.done;
  running = undefined;
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
