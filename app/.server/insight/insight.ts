import crypto from "node:crypto";
import type { NextFunction, Request as ExpressRequest, Response } from "express";
import { env } from "../env";
import { sendWeeklyReportIfDue } from "./insight-report";
import { logger } from "../logger";
import {
  addInsightCounts,
  deleteSaltsBefore,
  getOrCreateSalt,
  getVisitorOrigin,
  type PageRow,
  recordConversion,
  rollUpBefore,
  type VisitorRow,
} from "../models/insight";
import { clientIp } from "../auth/sign-in";
import { deleteChatClicksBefore } from "../models/insight-chats";
import { rollUpEndedDays } from "../models/insight-rollups";
import { addDays, dayOf, describeView, isCountable, monthsBefore, visitorHash, type ViewFacts } from "./view-facts";

// Cookie-free visitor statistics (docs/product.md#insight, docs/decisions/0023-insight-counted-on-the-server.md,
// docs/privacy.md). Page views are counted here, on the server, as the response finishes: the page cache and
// React Router both answer public pages behind this middleware, so every view is seen once and no script is
// added. Counts wait in memory and are written in batches (docs/decisions/0024-insight-buffered-writes.md); the
// work per view is kept small (docs/decisions/0026-insight-cheap-counting.md, docs/performance.md#insight-counting).
// What a view says (device, source, day, visitor hash) is worked out in view-facts.ts.

/** Distinct visitors plus pages held in memory between flushes; past it new keys wait for the next flush or are dropped. */
export const MAX_BUFFERED_KEYS = 20_000;

/** Detail is kept this many months, then rolled up to daily totals (docs/privacy.md#how-long). */
export const DETAIL_MONTHS = 24;

/** Where a visit began: its first counted view's path and where the visitor came from. */
export type VisitOrigin = Pick<VisitorRow, "landing_path" | "source" | "utm_source" | "utm_medium" | "utm_campaign">;

export interface InsightCounterOptions {
  /** The clock (tests move it across midnight). */
  now?: () => Date;
  /** How often the buffer is written (default INSIGHT_FLUSH_MS). */
  flushMs?: number;
  maxKeys?: number;
}

export interface InsightCounter {
  /** Counts one public page view (the facts are hashed at once and not kept). */
  count(facts: ViewFacts): Promise<void>;
  /** Writes what is buffered; resolves when it is stored (or failed and was put back). */
  flush(): Promise<void>;
  /** Where the visitor's visit of today began (its first counted view), or null for a visitor not counted today. */
  originOf(visitor: { ip: string; userAgent: string }): Promise<VisitOrigin | null>;
  /** Records a (non-spam) enquiry with the landing page and source of the visitor who sent it. */
  recordEnquiry(enquiryId: string, visitor: { ip: string; userAgent: string }, origin?: VisitOrigin | null): Promise<void>;
  /** Deletes past salts and rolls up detail older than DETAIL_MONTHS. */
  maintain(): Promise<void>;
  /** Stops the timer and writes what is left: the server's shutdown path calls it. */
  stop(): Promise<void>;
  /** Stops the timer and drops what is buffered, writing nothing (tests; see forgetInsightForTests). */
  discard(): void;
  readonly bufferedKeys: number;
  readonly dropped: number;
}

const DONE = Promise.resolve();

export function createInsightCounter(options: InsightCounterOptions = {}): InsightCounter {
  const now = options.now ?? (() => new Date());
  const flushMs = options.flushMs ?? env.INSIGHT_FLUSH_MS;
  const maxKeys = options.maxKeys ?? MAX_BUFFERED_KEYS;

  let visitors = new Map<string, VisitorRow>();
  let pages = new Map<string, PageRow>();
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  // The day's salt: asked of the database once a day; `known` once it has answered.
  let salt: { day: string; value: Promise<string>; known: string | null } | null = null;
  let maintainedDay = "";
  const pending = new Set<Promise<void>>();

  function saltFor(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = getOrCreateSalt(day, crypto.randomBytes(24).toString("base64url"));
      const entry: { day: string; value: Promise<string>; known: string | null } = { day, value, known: null };
      salt = entry;
      // Attached first, so it runs before the views that waited for this salt are added: a view that arrives
      // later and takes the quick way in count() is never added ahead of them.
      value.then(
        (s) => {
          entry.known = s;
        },
        // A failed read is not kept: the next view asks again.
        () => {
          if (salt === entry) salt = null;
        },
      );
    }
    return salt.value;
  }

  const keys = () => visitors.size + pages.size;

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushMs);
    // A pending flush never keeps the process alive; shutdown flushes explicitly.
    timer.unref();
  }

  /** Adds one view; a visitor's or page's row is made only for its first view (later ones add 1 to it). */
  function addView(day: string, daySalt: string, facts: ViewFacts) {
    const view = describeView(facts);
    const hash = visitorHash(daySalt, facts.ip, facts.userAgent);
    const vKey = `${day}\n${hash}`;
    const pKey = `${day}\n${view.path}`;
    const v = visitors.get(vKey);
    const p = pages.get(pKey);
    if ((!v || !p) && keys() + (v ? 0 : 1) + (p ? 0 : 1) > maxKeys) {
      dropped++;
      if (dropped === 1 || dropped % 10_000 === 0) logger.warn({ dropped, maxKeys }, "insight buffer full: page views dropped");
      void flush();
      return;
    }
    if (v) v.pageviews += 1;
    else {
      const { path, source, utm_source, utm_medium, utm_campaign, device, browser } = view;
      visitors.set(vKey, { day, visitor: hash, landing_path: path, source, utm_source, utm_medium, utm_campaign, device, browser, pageviews: 1 });
    }
    if (p) p.pageviews += 1;
    else pages.set(pKey, { day, path: view.path, pageviews: 1 });
    if (keys() >= maxKeys) void flush();
    else schedule();
  }

  function count(facts: ViewFacts): Promise<void> {
    const day = dayOf(now());
    // Once the day's salt is known a view is added at once: no promise, nothing to wait for.
    if (salt?.day === day && salt.known !== null) {
      try {
        addView(day, salt.known, facts);
      } catch (error) {
        logger.error({ err: error }, "insight: page view not counted");
      }
      return DONE;
    }
    return countOnceSalted(day, facts);
  }

  async function countOnceSalted(day: string, facts: ViewFacts): Promise<void> {
    const work = saltFor(day).then((s) => addView(day, s, facts));
    pending.add(work);
    try {
      await work;
    } catch (error) {
      logger.error({ err: error }, "insight: page view not counted");
    } finally {
      pending.delete(work);
    }
  }

  async function write(): Promise<void> {
    if (keys() === 0) return;
    const v = visitors;
    const p = pages;
    visitors = new Map();
    pages = new Map();
    try {
      await addInsightCounts([...v.values()], [...p.values()]);
    } catch (error) {
      logger.error({ err: error, visitors: v.size, pages: p.size }, "insight: counts not written; kept for the next try");
      // Put back what fits, added to what came in meanwhile.
      for (const [key, row] of v) {
        const cur = visitors.get(key);
        if (cur) cur.pageviews += row.pageviews;
        else if (keys() < maxKeys) visitors.set(key, row);
      }
      for (const [key, row] of p) {
        const cur = pages.get(key);
        if (cur) cur.pageviews += row.pageviews;
        else if (keys() < maxKeys) pages.set(key, row);
      }
      schedule();
      return;
    }
    if (keys() > 0) schedule();
  }

  async function flush(): Promise<void> {
    // Views already seen but still waiting for the day's salt belong to this flush.
    await Promise.allSettled([...pending]);
    // One write at a time; a flush asked for during one runs right after it.
    while (flushing) await flushing;
    flushing = write().finally(() => {
      flushing = null;
    });
    await flushing;
    const today = dayOf(now());
    if (maintainedDay !== today) {
      maintainedDay = today;
      await maintain().catch((error: unknown) => logger.error({ err: error }, "insight: maintenance failed"));
      await sendWeeklyReportIfDue(today).catch((error: unknown) => logger.error({ err: error }, "insight: weekly report not sent"));
    }
  }

  async function maintain(): Promise<void> {
    const today = dayOf(now());
    await deleteSaltsBefore(today);
    // Days before yesterday have ended and their last buffered counts are written (docs/decisions/0065-insight-daily-rollups.md).
    await rollUpEndedDays(addDays(today, -2));
    const rolled = await rollUpBefore(monthsBefore(today, DETAIL_MONTHS));
    await deleteChatClicksBefore(monthsBefore(today, DETAIL_MONTHS));
    if (rolled > 0) logger.info({ days: rolled }, "insight: old detail rolled up to daily totals");
  }

  async function originOf(visitor: { ip: string; userAgent: string }): Promise<VisitOrigin | null> {
    const day = dayOf(now());
    const hash = visitorHash(await saltFor(day), visitor.ip, visitor.userAgent);
    // The stored row first: it holds the visit's first view, while the buffer holds only what came since the last
    // flush (after a flush, a later view such as the way back home would pass for the entry).
    return (await getVisitorOrigin(day, hash)) ?? visitors.get(`${day}\n${hash}`) ?? null;
  }

  async function recordEnquiry(enquiryId: string, visitor: { ip: string; userAgent: string }, known?: VisitOrigin | null): Promise<void> {
    const origin = known === undefined ? await originOf(visitor) : known;
    await recordConversion({
      enquiry_id: enquiryId,
      day: dayOf(now()),
      landing_path: origin?.landing_path ?? null,
      source: origin?.source ?? null,
      utm_campaign: origin?.utm_campaign ?? null,
    });
  }

  async function stop(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    await flush();
  }

  function discard(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    visitors = new Map();
    pages = new Map();
  }

  return {
    count,
    flush,
    originOf,
    recordEnquiry,
    maintain,
    stop,
    discard,
    get bufferedKeys() {
      return keys();
    },
    get dropped() {
      return dropped;
    },
  };
}

let shared: InsightCounter | null = null;

/** This process's counter. */
export function insightCounter(): InsightCounter {
  shared ??= createInsightCounter();
  return shared;
}

/** Flushes and forgets this process's counter (server shutdown; tests). */
export async function stopInsight(): Promise<void> {
  const counter = shared;
  shared = null;
  await counter?.stop();
}

/**
 * Drops this process's counter without writing. Test files share a worker's modules (vitest.config.ts, `isolate`)
 * but not a database: a counter left by one file, with a flush scheduled or a failed write waiting to be retried,
 * would otherwise write into whichever database the next file has open, and log its errors against that file.
 */
export function forgetInsightForTests(): void {
  shared?.discard();
  shared = null;
}

/**
 * Express middleware, mounted before the page cache: counts a public page view answered 200 with HTML,
 * once the response has gone out, whichever of the cache or the renderer answered it.
 */
export function countPageViews(req: ExpressRequest, res: Response, next: NextFunction): void {
  if (env.INSIGHT === "true" && isCountable(req)) {
    // "finish": the response has been handed to the socket, so the visitor does not wait for the count.
    res.on("finish", () => {
      if (res.statusCode !== 200 || !String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      void insightCounter().count({
        url: req.originalUrl,
        host: req.headers.host,
        referrer: req.headers.referer,
        userAgent: req.headers["user-agent"] ?? "",
        ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
      });
    });
  }
  next();
}

const visitorOf = (request: Request) => ({ ip: clientIp(request), userAgent: request.headers.get("user-agent") ?? "" });

/**
 * Where the visit of the visitor sending `request` began (docs/product.md#insight), or null: Insight off, a visitor
 * not counted today, or a failure (logged; an enquiry never fails for it).
 */
export async function visitOrigin(request: Request): Promise<VisitOrigin | null> {
  if (env.INSIGHT !== "true") return null;
  try {
    return await insightCounter().originOf(visitorOf(request));
  } catch (error) {
    logger.error({ err: error }, "insight: visit origin not read");
    return null;
  }
}

/** Records a stored, non-spam enquiry for conversion; a failure is logged and never fails the enquiry. */
export async function recordEnquiryConversion(request: Request, enquiryId: string, origin?: VisitOrigin | null): Promise<void> {
  if (env.INSIGHT !== "true") return;
  try {
    await insightCounter().recordEnquiry(enquiryId, visitorOf(request), origin);
  } catch (error) {
    logger.error({ err: error, enquiryId }, "insight: enquiry not recorded for conversion");
  }
}
