import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { contentVersion } from "./cache";
import { shortenClassNames } from "./class-names";
import { pruneInlineStyles } from "./css-prune";
import { subsetInlineIconSprites } from "./icon-sprite";
import { dropUnusedIslandScripts } from "./island-scripts";
import { formToken } from "../enquiries/enquiries";
import { portfolioHref, portfolioQueryInput, PortfolioQuerySchema } from "~/validation/portfolio";
import { logger } from "../logger";

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

const brotliCompress = promisify(zlib.brotliCompress);

/**
 * Brotli quality of a stored page's first answer: 9 takes a tenth of 11's time (about 15 ms for the home page
 * against 120), which that visitor would wait for. The stored page is then compressed again at BROTLI_QUALITY off
 * the request (upgradeBrotli), for the 8-9% fewer bytes every later visitor gets
 * (docs/decisions/0048-stored-pages-at-brotli-11.md).
 */
export const BROTLI_FIRST_QUALITY = 9;
export const BROTLI_QUALITY = 11;

/** A page whose values all sit in its last few bytes can be sent as brotli: see brotliPage. */
const MAX_BROTLI_TAIL = 8 * 1024;

/**
 * The part of the page before its first value, brotli-compressed once when the page is stored, or null when
 * the values come too early in the page for that to pay. Brotli, unlike deflate, cannot take a value
 * between two independently compressed parts (later parts refer to earlier bytes and to the position in the
 * stream), so only what follows the last compressed byte can change: the form token is therefore placed at
 * the very end of the body (app/root.tsx) and the nonce is not in a stored page at all (pageWithoutNonce).
 */
export async function brotliPrefix(template: PageTemplate, quality = BROTLI_QUALITY): Promise<Buffer | null> {
  const tail = template.parts.slice(1).reduce((sum, part) => sum + part.length, 0) + template.slots.length * 256;
  // Sent uncompressed, the tail must be a small part of the page, or gzip (which compresses it) wins.
  if (template.slots.length > 0 && (tail > MAX_BROTLI_TAIL || tail * 16 > template.bytes)) return null;
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: template.parts[0].length,
  };
  // With values to come, the stream is flushed to a byte boundary but not finished.
  const finishFlush = template.slots.length > 0 ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.BROTLI_OPERATION_FINISH;
  return brotliCompress(template.parts[0], { params, finishFlush });
}

/**
 * A brotli stream (RFC 7932) of the filled page: the stored prefix, then the values and the rest of the page
 * in one uncompressed meta-block (section 9.2: ISLAST 0, MNIBBLES 4, MLEN - 1, ISUNCOMPRESSED 1, padding),
 * then an empty last meta-block. The tail is at most MAX_BROTLI_TAIL (plus the values), under the 64 KiB
 * that four nibbles of length can say.
 */
export function brotliPage(template: PageTemplate, prefix: Buffer, values: RequestValues): Buffer {
  if (template.slots.length === 0) return prefix;
  const tail = fillTemplate({ parts: [Buffer.alloc(0), ...template.parts.slice(1)], slots: template.slots, bytes: 0 }, values);
  const pieces = [prefix];
  for (let at = 0; at < tail.length; at += 65536) {
    const chunk = tail.subarray(at, at + 65536);
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    pieces.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), chunk);
  }
  // ISLAST 1, ISLASTEMPTY 1.
  pieces.push(Buffer.from([0x03]));
  return Buffer.concat(pieces);
}

/**
 * A stored page is the same for everyone, so it cannot carry one response's CSP nonce. Each inline script
 * the render gave the nonce is allowed by its SHA-256 hash instead (CSP level 2 hash sources), and the
 * nonce attributes go. Only scripts that carried the nonce are hashed: a script injected into content would
 * not have had it, and stays blocked. Null (keep the nonce, filled in per response) when a script with the
 * nonce loads a file, which a hash cannot allow, or when the response had no nonce-based policy.
 */
export function pageWithoutNonce(html: string, nonce: string, csp: string | undefined): { html: string; scriptSources: string } | null {
  const nonceSource = `'nonce-${nonce}'`;
  if (!csp?.includes(nonceSource)) return null;
  const attribute = ` nonce="${nonce}"`;
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!match[1].includes(attribute)) continue;
    if (/\ssrc=/i.test(match[1])) return null;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  const stripped = html.split(attribute).join("");
  if (stripped.includes(nonce)) return null;
  return { html: stripped, scriptSources: [...new Set(hashes)].join(" ") };
}

/** `/`, `/projects`, `/service/<id>` and `/project/<id>`, with the ids the loaders accept; `.data` requests never match. */
const PAGE_PATH = /^\/(?:(?:service|project)\/[A-Za-z0-9_-]{1,64}|projects)?$/;

/** Parameters React Router reads itself (`?index` picks the index route): such a request is left to it. */
const ROUTER_PARAMS = ["index", "_data", "_routes"];

/** An id as the home page's contact prefill accepts it (`?service=<id>`, `?project=<id>`). */
const PREFILL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The part of the query string a page reads, written one way (the cache key's second half), "" when it reads
 * none of what was sent, or null when the request is not for the cache. Everything else (campaign tags, click ids,
 * `?c=1`) leaves the page as it is, so it gets the stored page: a campaign link is served as fast as the bare page,
 * and a flood of distinct query strings neither renders nor stores anything new (docs/decisions/0064-page-cache-keys-by-what-a-page-reads.md).
 */
export function pageQuery(path: string, params: URLSearchParams): string | null {
  if (ROUTER_PARAMS.some((name) => params.has(name))) return null;
  if (path === "/projects") {
    // The portfolio's filters and page, as its loader reads them; its canonical address is the key.
    const parsed = PortfolioQuerySchema.safeParse(portfolioQueryInput(params));
    return parsed.success ? portfolioHref(parsed.data).slice("/projects".length) : null;
  }
  if (path === "/") {
    // The contact form's start (contactPrefill): a service, else a project, by an id it accepts. Campaign tags are
    // filled into the form by the page's script, so that the page does not vary with them.
    for (const name of ["service", "project"]) {
      const id = params.get(name);
      if (id && PREFILL_ID.test(id)) return `?${name}=${id}`;
    }
  }
  return "";
}

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
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!PAGE_PATH.test(path)) return null;
  const params = new URLSearchParams(mark < 0 ? "" : url.slice(mark + 1));
  // An admin preview (`?preview=1`) may show what visitors must not see: never shared (docs/decisions/0013-versions-and-trash.md).
  if (params.has("preview")) return null;
  const query = pageQuery(path, params);
  if (query === null) return null;
  // Public pages do not vary by user today. A signed-in admin still gets a fresh render, so that a page
  // that one day shows something to admins only can never land in the cache every visitor reads from.
  if (cookie?.includes("session_token")) return null;
  // entry.server.tsx streams to browsers but sends crawlers the whole document at once (a page with
  // streamed lists differs between the two), so each gets its own entry.
  return `${userAgent && isbot(userAgent) ? "bot" : "browser"} ${path}${query}`;
}

type HeaderValue = string | number | string[];

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
 * Holds what the router writes, below the compression middleware (server.mjs wraps res.write/end first, so
 * these wrappers see the uncompressed HTML), and hands the whole page to `done` at its end, nothing sent yet:
 * the first answer is then the stored page, compressed as every later one (`release` sends it as written
 * instead). Headers are read at the first write, before compression adds Content-Encoding and Vary. A page
 * over `maxBytes`, or a head written directly, goes out as it comes and is not stored.
 */
function holdResponse(res: Response, maxBytes: number, done: (page: CapturedPage, release: () => void) => void): void {
  const before = new Map(Object.entries(res.getHeaders()));
  const chunks: [unknown, unknown][] = [];
  const copies: Buffer[] = [];
  let size = 0;
  let passing = false;
  let head: Omit<CapturedPage, "body"> | null = null;
  // The client left before the page was complete: whatever the render does next is not stored.
  let gone = false;
  res.once("close", () => {
    gone = true;
  });
  const write = res.write;
  const end = res.end;

  const pass = () => {
    passing = true;
    res.write = write;
    res.end = end;
    for (const [chunk, encoding] of chunks) Reflect.apply(write, res, [chunk, encoding]);
    chunks.length = 0;
    copies.length = 0;
  };
  const takeHead = () => {
    if (head) return;
    if (res.headersSent) return pass();
    const allHeaders = res.getHeaders() as Record<string, HeaderValue | undefined>;
    const headers = Object.entries(allHeaders).filter(
      (entry): entry is [string, HeaderValue] => entry[1] !== undefined && !same(before.get(entry[0]), entry[1]),
    );
    head = { status: res.statusCode, headers, allHeaders };
  };
  /** Keeps a chunk; false once the page is too large to hold (it is then passed on). */
  const keep = (chunk: unknown, encoding: unknown): boolean => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return true;
    // Copied: the writer may reuse its buffer once write() returns.
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;
    if (!bytes) return true;
    size += bytes.length;
    chunks.push([bytes, undefined]);
    copies.push(bytes);
    return size <= maxBytes;
  };
  const callbackOf = (args: unknown[]) => args.find((arg): arg is () => void => typeof arg === "function");

  res.write = function (this: Response, ...args: unknown[]) {
    takeHead();
    if (passing) return Reflect.apply(write, this, args);
    if (!keep(args[0], args[1])) {
      pass();
      return true;
    }
    const callback = callbackOf(args.slice(1));
    if (callback) process.nextTick(callback);
    return true;
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    takeHead();
    if (passing) return Reflect.apply(end, this, args);
    const callback = callbackOf(args);
    if (!keep(args[0], args[1])) {
      pass();
      return Reflect.apply(end, this, callback ? [callback] : []);
    }
    res.write = write;
    res.end = end;
    const release = () => {
      for (const [chunk] of chunks) Reflect.apply(write, res, [chunk]);
      Reflect.apply(end, res, callback ? [callback] : []);
    };
    if (!head || gone) {
      release();
      return this;
    }
    done({ ...head, body: Buffer.concat(copies) }, release);
    return this;
  } as Response["end"];
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
}

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
  const bare = store(maxEntries, maxBytes);
  const withQuery = store(maxQueryEntries, maxQueryBytes);
  const storeOf = (key: string) => (key.includes("?") ? withQuery : bare);

  /**
   * Compresses a just-stored page again at BROTLI_QUALITY, on zlib's thread pool, and swaps it in if the entry
   * is still the one stored (not replaced, evicted or stale meanwhile). Its age is left as it was.
   */
  async function upgradeBrotli(key: string, entry: PageEntry, requestId: unknown): Promise<void> {
    if (!entry.brotli) return;
    try {
      const better = await brotliPrefix(entry.template, BROTLI_QUALITY);
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
  };
}
