import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { contentVersion } from "./cache";
import { shortenClassNames } from "./class-names";
import { pruneInlineStyles } from "./css-prune";
import { subsetInlineIconSprites } from "./icon-sprite";
import { dropUnusedIslandScripts } from "./island-scripts";
import { formToken } from "../enquiries/enquiries";
import { logger } from "../logger";
import { pageCacheKey } from "./page-cache-key";
import { type CapturedPage, type HeaderValue, holdResponse, isStorable } from "./page-capture";
import {
  BROTLI_FIRST_QUALITY,
  BROTLI_QUALITY,
  brotliPage,
  brotliPrefix,
  deflateParts,
  fillTemplate,
  gzipPage,
  type PageTemplate,
  pageWithoutNonce,
  type RequestValues,
  toTemplate,
} from "./page-template";

// Rendered-page cache (docs/decisions/0006-rendered-page-cache.md). Rendering a public page
// costs 10-50 times what serving a file does, yet the HTML only changes when an admin edits content. So
// the finished HTML is kept per page and content version (the version cache.ts already shares between
// instances), with the values that must differ per response cut out and filled in fresh on every hit.
// The key is page-cache-key.ts, the stored bytes page-template.ts, the capture of a render page-capture.ts.

interface PageEntry {
  version: number;
  headers: [string, HeaderValue][];
  template: PageTemplate;
  deflated: Buffer[];
  /** brotliPrefix: null when the page is sent gzipped only. */
  brotli: Buffer | null;
  /** The hash sources that take the nonce's place in the CSP, or null when the nonce is a slot. */
  scriptSources: string | null;
  bytes: number;
}

/**
 * This response's contact form token, signed on first use and kept in res.locals: getLoadContext hands
 * it to the loaders, and the page cache looks for it in the HTML they rendered.
 */
export function formTokenFor(res: Response): string {
  const locals = res.locals as { formToken?: string };
  locals.formToken ??= formToken();
  return locals.formToken;
}

/** Counted for each entry on top of its HTML: the headers and bookkeeping are small next to the page. */
const ENTRY_OVERHEAD = 1024;

/**
 * A rendered page made ready to store: the island scripts it has no markup for dropped
 * (docs/decisions/0049-contact-form-script-only-where-the-form-is.md), its inline stylesheet cut down to the rules it uses
 * (docs/decisions/0031-per-page-css-and-brotli-page-cache.md) and its icon sprite to the icons it shows
 * (docs/decisions/0047-public-icons-from-one-sprite.md), its class names shortened
 * (docs/decisions/0046-short-class-names-in-stored-pages.md), the nonce replaced by script hashes where it
 * can be, the per-response values cut out, and the result compressed once for gzip and brotli.
 */
async function storeEntry(page: CapturedPage, nonce: string, formToken: string | undefined): Promise<Omit<PageEntry, "version">> {
  // The scripts first: the CSS cut keeps the classes the remaining scripts name.
  let html = shortenClassNames(subsetInlineIconSprites(pruneInlineStyles(dropUnusedIslandScripts(page.body.toString("utf8")))));
  const withoutNonce = pageWithoutNonce(html, nonce, page.allHeaders["content-security-policy"]?.toString());
  if (withoutNonce) html = withoutNonce.html;
  const template = toTemplate(Buffer.from(html), { nonce: withoutNonce ? undefined : nonce, formToken });
  const deflated = deflateParts(template);
  const brotli = await brotliPrefix(template, BROTLI_FIRST_QUALITY);
  const bytes = template.bytes + deflated.reduce((sum, part) => sum + part.length, 0) + (brotli?.length ?? 0);
  // The page's own Content-Length no longer holds once its stylesheet is cut.
  const headers = page.headers.filter(([name]) => name.toLowerCase() !== "content-length");
  return { headers, template, deflated, brotli, scriptSources: withoutNonce ? withoutNonce.scriptSources : null, bytes };
}

/** Which stored encoding a request takes: br, else gzip, else none. Without Accept-Encoding, none. */
function encodingFor(req: Request, entry: Pick<PageEntry, "brotli">): "br" | "gzip" | null {
  if (req.headers["accept-encoding"] === undefined) return null;
  if (entry.brotli && req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
}

/** Sends a stored page with this response's values, in the best encoding the client takes. */
function send(req: Request, res: Response, entry: PageEntry, values: RequestValues): void {
  res.status(200);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (entry.scriptSources !== null) {
    const csp = res.getHeader("Content-Security-Policy");
    if (typeof csp === "string") res.setHeader("Content-Security-Policy", csp.replace(`'nonce-${values.nonce}'`, entry.scriptSources));
  }
  res.vary("Accept-Encoding");
  // Sent as the compression middleware would (which leaves an encoded answer alone). A client that takes
  // neither br nor gzip gets the plain page, which the compression middleware may still encode.
  const encoding = encodingFor(req, entry);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const body =
    encoding === "br" && entry.brotli
      ? brotliPage(entry.template, entry.brotli, values)
      : encoding === "gzip"
        ? gzipPage(entry.template, entry.deflated, values)
        : fillTemplate(entry.template, values);
  // Known in full, unlike a streamed render; the compression middleware drops it when it compresses.
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

export interface PageCacheOptions {
  /** Total bytes of the stored pages and their gzip and brotli forms (default 20 MB). */
  maxBytes?: number;
  /** Stored pages (default 500). */
  maxEntries?: number;
  /**
   * Pages with a query string that the page reads (a portfolio filter, a prefilled contact form) have budgets of
   * their own on top (default 4 MB, 100 pages): however many of them are asked for, the bare pages stay stored.
   */
  maxQueryBytes?: number;
  maxQueryEntries?: number;
  /** A page larger than this is served but not stored (default 2 MB). */
  maxPageBytes?: number;
  /** Oldest a stored page may be, for anything on a page that changes with time alone (default 5 min). */
  maxAgeMs?: number;
  /** The current content version (default: cache.ts, checked at most once per VERSION_CHECK_MS). */
  version?: () => Promise<number>;
  /**
   * A render that took this long is served but not stored (default 5 s, entry.server.tsx's streamTimeout):
   * React may have given up on its pending lists, which a page without hydration then never fills.
   */
  maxRenderMs?: number;
  /** A fresh contact form token for each hit (default: enquiries.ts). */
  newFormToken?: () => string;
}

export interface PageCache {
  /** Express middleware, placed before the React Router handler. */
  middleware: (req: Request, res: Response, next: NextFunction) => Promise<void>;
  /** Stored pages. */
  readonly size: number;
  /** Bytes counted against maxBytes. */
  readonly bytes: number;
  /** Stored pages waiting for their recompression at BROTLI_QUALITY (at most MAX_WAITING_UPGRADES). */
  readonly upgradesWaiting: number;
}

/** Recompressions at BROTLI_QUALITY allowed to wait behind the running one (upgradeBrotli). */
export const MAX_WAITING_UPGRADES = 16;

/**
 * The middleware reads `res.locals.nonce` (set, with the CSP header, before it runs) and, after a
 * render, the form token the render used (formTokenFor).
 */
export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const {
    maxBytes = 20 * 1024 * 1024,
    maxEntries = 500,
    maxQueryBytes = 4 * 1024 * 1024,
    maxQueryEntries = 100,
    maxPageBytes = 2 * 1024 * 1024,
    maxAgeMs = 5 * 60_000,
    maxRenderMs = 5_000,
    version = contentVersion,
    newFormToken = formToken,
  } = options;
  const store = (max: number, maxSize: number) =>
    new LRUCache<string, PageEntry>({
      max,
      maxSize,
      // The page and its gzipped and brotli parts, each smaller than the page.
      maxEntrySize: 3 * maxPageBytes + ENTRY_OVERHEAD,
      sizeCalculation: (entry) => entry.bytes + ENTRY_OVERHEAD,
      ttl: maxAgeMs,
    });
  // Brotli 11 holds about 7.5 MB for a home page while it works: after a content change every stored page is
  // recompressed, one at a time, so that a burst of fills does not stack them (docs/decisions/0098-first-brotli-quality-6.md).
  const upgrades = pLimit(1);
  const bare = store(maxEntries, maxBytes);
  const withQuery = store(maxQueryEntries, maxQueryBytes);
  const storeOf = (key: string) => (key.includes("?") ? withQuery : bare);

  /**
   * Compresses a just-stored page again at BROTLI_QUALITY, on zlib's thread pool, and swaps it in if the entry
   * is still the one stored (not replaced, evicted or stale meanwhile). Its age is left as it was.
   */
  async function upgradeBrotli(key: string, entry: PageEntry, requestId: unknown): Promise<void> {
    // A queued upgrade holds its entry: past a few waiting (a flood of pages filled at once), a page keeps its first
    // compression, so the queue never holds more than a few pages' memory.
    if (!entry.brotli || upgrades.pendingCount >= MAX_WAITING_UPGRADES) return;
    try {
      // Still the stored entry when its turn comes? A page replaced or evicted meanwhile is not worth the work.
      const better = await upgrades(() => (storeOf(key).peek(key) === entry ? brotliPrefix(entry.template, BROTLI_QUALITY) : null));
      if (!better || better.length >= entry.brotli.length || storeOf(key).peek(key) !== entry) return;
      storeOf(key).set(key, { ...entry, brotli: better, bytes: entry.bytes - entry.brotli.length + better.length }, { noUpdateTTL: true });
    } catch (error) {
      // The first compression stays in use: nothing is lost but bytes.
      logger.warn({ reqId: requestId, err: error }, "page cache: brotli not recompressed");
    }
  }

  async function middleware(req: Request, res: Response, next: NextFunction): Promise<void> {
    const nonce: unknown = res.locals.nonce;
    const key =
      typeof nonce === "string"
        ? pageCacheKey({ method: req.method, url: req.originalUrl, cookie: req.headers.cookie, userAgent: req.headers["user-agent"] })
        : null;
    if (key === null || typeof nonce !== "string") return next();

    let current: number;
    try {
      current = await version();
    } catch (error) {
      // The render will meet the same database problem and answer for it; the cache just stays out.
      logger.warn({ reqId: res.locals.requestId, err: error }, "page cache: no content version");
      return next();
    }

    const entry = storeOf(key).get(key);
    if (entry && entry.version === current) {
      res.setHeader("X-Page-Cache", "hit");
      send(req, res, entry, { nonce, formToken: newFormToken() });
      return;
    }
    if (entry) storeOf(key).delete(key);

    res.setHeader("X-Page-Cache", "miss");
    // A HEAD render has no body to keep; the next GET stores the page.
    if (req.method === "GET") {
      const started = Date.now();
      holdResponse(res, maxPageBytes, (page, release) => {
        if (!isStorable(page) || Date.now() - started >= maxRenderMs) return release();
        const token: unknown = res.locals.formToken;
        storeEntry(page, nonce, typeof token === "string" ? token : undefined).then(
          (stored) => {
            // Labelled with the version read before the render: an edit made meanwhile makes it stale at once.
            const entry = { ...stored, version: current };
            storeOf(key).set(key, entry);
            void upgradeBrotli(key, entry, res.locals.requestId);
            // This answer is the stored page, as the next visitor's will be (with this render's own values).
            send(req, res, entry, { nonce, formToken: typeof token === "string" ? token : "" });
          },
          (error: unknown) => {
            logger.warn({ reqId: res.locals.requestId, err: error }, "page cache: page not stored");
            release();
          },
        );
      });
    }
    next();
  }

  return {
    middleware,
    get size() {
      return bare.size + withQuery.size;
    },
    get bytes() {
      return bare.calculatedSize + withQuery.calculatedSize;
    },
    get upgradesWaiting() {
      return upgrades.pendingCount;
    },
  };
}
