import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { contentVersion } from "./cache";
import { formToken } from "./enquiries";
import { logger } from "./logger";

// Rendered-page cache (docs/decisions/0006-rendered-page-cache.md). Rendering a public page
// costs 10-50 times what serving a file does, yet the HTML only changes when an admin edits content. So
// the finished HTML is kept per page and content version (the version cache.ts already shares between
// instances), with the values that must differ per response cut out and filled in fresh on every hit.

/** The values a rendered page holds that belong to one response only. */
export interface RequestValues {
  /** The CSP nonce: a page served with another response's nonce lets that response's scripts in. */
  nonce: string;
  /** The contact form's signed render time: a shared one would defeat the minimum fill time check. */
  formToken: string;
}

type Slot = keyof RequestValues;

/** A rendered page with its per-request values cut out: `parts[i]`, then the value of `slots[i]`, and so on. */
export interface PageTemplate {
  parts: Buffer[];
  slots: Slot[];
  bytes: number;
}

/** Splits `body` at every occurrence of each value (both are random or HMAC strings: no page text matches). */
export function toTemplate(body: Buffer, values: Partial<RequestValues>): PageTemplate {
  const needles = (Object.entries(values) as [Slot, string | undefined][])
    .filter((entry): entry is [Slot, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([slot, value]) => ({ slot, bytes: Buffer.from(value) }));
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let start = 0;
  for (;;) {
    let next: { slot: Slot; at: number; length: number } | null = null;
    for (const needle of needles) {
      const at = body.indexOf(needle.bytes, start);
      if (at >= 0 && (!next || at < next.at)) next = { slot: needle.slot, at, length: needle.bytes.length };
    }
    if (!next) break;
    parts.push(body.subarray(start, next.at));
    slots.push(next.slot);
    start = next.at + next.length;
  }
  parts.push(body.subarray(start));
  return { parts, slots, bytes: body.length };
}

/** The page for one response: the template with this response's values put back. */
export function fillTemplate(template: PageTemplate, values: RequestValues): Buffer {
  const pieces: Buffer[] = [];
  template.parts.forEach((part, i) => {
    pieces.push(part);
    if (i < template.slots.length) pieces.push(Buffer.from(values[template.slots[i]]));
  });
  return Buffer.concat(pieces);
}

/**
 * The template's parts deflated one by one when the page is stored, so that a hit can be sent gzipped
 * without compressing the page again: compressing 150 KB on every response costs more than the render
 * the cache saves (`npm run bench`, docs/performance.md). Each part but the last ends on a byte boundary (a sync flush) and
 * refers only to itself, so the values can sit between them in stored (uncompressed) blocks.
 */
export function deflateParts(template: PageTemplate): Buffer[] {
  const last = template.parts.length - 1;
  return template.parts.map((part, i) =>
    zlib.deflateRawSync(part, {
      level: zlib.constants.Z_BEST_COMPRESSION,
      finishFlush: i === last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
}

/** A gzip member (RFC 1952) around the deflated parts and this response's values. */
export function gzipPage(template: PageTemplate, deflated: Buffer[], values: RequestValues): Buffer {
  // No file name, no mtime, "unknown" OS: the same bytes for the same page.
  const pieces: Buffer[] = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, i) => {
    pieces.push(deflated[i]);
    crc = zlib.crc32(part, crc);
    size += part.length;
    if (i >= template.slots.length) return;
    const value = Buffer.from(values[template.slots[i]]);
    // A stored block (RFC 1951 3.2.4): header byte (not final, type 00), LEN, NLEN, the bytes as they are.
    const head = Buffer.alloc(5);
    head.writeUInt16LE(value.length, 1);
    head.writeUInt16LE(~value.length & 0xffff, 3);
    pieces.push(head, value);
    crc = zlib.crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** `/`, `/service/<id>` and `/project/<id>`, with the ids the loaders accept; `.data` requests never match. */
const PAGE_PATH = /^\/(?:(?:service|project)\/[A-Za-z0-9_-]{1,64}|projects)?$/;

export interface RequestFacts {
  method: string;
  /** The path and query string as received. */
  url: string;
  cookie?: string;
  userAgent?: string;
}

/** The cache key of a request, or null when it must go to React Router without the cache. */
export function pageCacheKey({ method, url, cookie, userAgent }: RequestFacts): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  // An admin preview (`?preview=1`) may show what visitors must not see: never shared (docs/decisions/0013-versions-and-trash.md).
  if (new URLSearchParams(url.split("?")[1] ?? "").has("preview")) return null;
  // Any query string, even an empty one, could change what a route renders: only the bare page is shared.
  if (url.includes("?") || !PAGE_PATH.test(url)) return null;
  // Public pages do not vary by user today. A signed-in admin still gets a fresh render, so that a page
  // that one day shows something to admins only can never land in the cache every visitor reads from.
  if (cookie?.includes("session_token")) return null;
  // entry.server.tsx streams to browsers but sends crawlers the whole document at once (a page with
  // streamed lists differs between the two), so each gets its own entry.
  return `${userAgent && isbot(userAgent) ? "bot" : "browser"} ${url}`;
}

type HeaderValue = string | number | string[];

interface PageEntry {
  version: number;
  headers: [string, HeaderValue][];
  template: PageTemplate;
  deflated: Buffer[];
  bytes: number;
}

/** What the router sent: the headers it set (on top of those the app had set before it) and the body. */
interface CapturedPage {
  status: number;
  headers: [string, HeaderValue][];
  allHeaders: Record<string, HeaderValue | undefined>;
  body: Buffer;
}

const same = (a: HeaderValue | undefined, b: HeaderValue | undefined) => String(a) === String(b);

/** Only a complete, public, cookie-free HTML page that says nothing against sharing it may be stored. */
export function isStorable({ status, allHeaders }: Pick<CapturedPage, "status" | "allHeaders">): boolean {
  if (status !== 200) return false;
  if (!String(allHeaders["content-type"] ?? "").startsWith("text/html")) return false;
  if (allHeaders["set-cookie"] !== undefined) return false;
  // A Vary header (the compression middleware adds its own later) means the page depends on the request.
  if (allHeaders.vary !== undefined) return false;
  return !/\b(no-store|private|no-cache)\b/i.test(String(allHeaders["cache-control"] ?? ""));
}

/**
 * Copies what the router writes, below the compression middleware (server.mjs wraps res.write/end
 * first, so these wrappers see the uncompressed HTML) and calls `done` once the whole response has
 * gone out. Headers are read at the first write, before compression adds Content-Encoding and Vary.
 */
function captureResponse(res: Response, maxBytes: number, done: (page: CapturedPage) => void): void {
  const before = new Map(Object.entries(res.getHeaders()));
  const chunks: Buffer[] = [];
  let size = 0;
  let skip = false;
  let head: Omit<CapturedPage, "body"> | null = null;

  const takeHead = () => {
    if (head) return;
    // Someone wrote the head directly: what went out is unknown, so nothing is stored.
    if (res.headersSent) {
      skip = true;
      return;
    }
    const allHeaders = res.getHeaders() as Record<string, HeaderValue | undefined>;
    const headers = Object.entries(allHeaders).filter(
      (entry): entry is [string, HeaderValue] => entry[1] !== undefined && !same(before.get(entry[0]), entry[1]),
    );
    head = { status: res.statusCode, headers, allHeaders };
  };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (skip || chunk === undefined || chunk === null || typeof chunk === "function") return;
    // Copied: the writer may reuse its buffer once write() returns.
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;
    if (!bytes) return;
    size += bytes.length;
    if (size > maxBytes) {
      skip = true;
      chunks.length = 0;
      return;
    }
    chunks.push(bytes);
  };

  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, ...args: unknown[]) {
    takeHead();
    keep(args[0], args[1]);
    return Reflect.apply(write, this, args);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    takeHead();
    keep(args[0], args[1]);
    return Reflect.apply(end, this, args);
  } as Response["end"];

  // "finish": every byte was handed to the socket. A response cut short (client gone, stream error)
  // only closes, and its partial body is dropped.
  res.once("finish", () => {
    if (!head || skip) return;
    done({ ...head, body: Buffer.concat(chunks) });
  });
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

export interface PageCacheOptions {
  /** Total bytes of the stored pages and their gzipped parts (default 20 MB). */
  maxBytes?: number;
  /** Stored pages (default 500). */
  maxEntries?: number;
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
}

/**
 * The middleware reads `res.locals.nonce` (set, with the CSP header, before it runs) and, after a
 * render, the form token the render used (formTokenFor).
 */
export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const {
    maxBytes = 20 * 1024 * 1024,
    maxEntries = 500,
    maxPageBytes = 2 * 1024 * 1024,
    maxAgeMs = 5 * 60_000,
    maxRenderMs = 5_000,
    version = contentVersion,
    newFormToken = formToken,
  } = options;
  const entries = new LRUCache<string, PageEntry>({
    max: maxEntries,
    maxSize: maxBytes,
    // The page and its gzipped parts, which are smaller than the page.
    maxEntrySize: 2 * maxPageBytes + ENTRY_OVERHEAD,
    sizeCalculation: (entry) => entry.bytes + ENTRY_OVERHEAD,
    ttl: maxAgeMs,
  });

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

    const entry = entries.get(key);
    if (entry && entry.version === current) {
      res.status(200);
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.vary("Accept-Encoding");
      // Gzip only when asked for, as the compression middleware does. A client that takes br but not gzip
      // gets the plain page, which the compression middleware then encodes.
      const gzip = req.headers["accept-encoding"] !== undefined && req.acceptsEncodings("gzip") === "gzip";
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      const values = { nonce, formToken: newFormToken() };
      const body = gzip ? gzipPage(entry.template, entry.deflated, values) : fillTemplate(entry.template, values);
      // Known in full, unlike a streamed render; the compression middleware drops it when it compresses.
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return;
    }
    if (entry) entries.delete(key);

    res.setHeader("X-Page-Cache", "miss");
    // A HEAD render has no body to keep; the next GET stores the page.
    if (req.method === "GET") {
      const started = Date.now();
      captureResponse(res, maxPageBytes, (page) => {
        if (!isStorable(page) || Date.now() - started >= maxRenderMs) return;
        const token: unknown = res.locals.formToken;
        const template = toTemplate(page.body, { nonce, formToken: typeof token === "string" ? token : undefined });
        const deflated = deflateParts(template);
        const bytes = template.bytes + deflated.reduce((sum, part) => sum + part.length, 0);
        // Labelled with the version read before the render: an edit made meanwhile makes it stale at once.
        entries.set(key, { version: current, headers: page.headers, template, deflated, bytes });
      });
    }
    next();
  }

  return {
    middleware,
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}
