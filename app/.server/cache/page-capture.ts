import type { Response } from "express";

// Capturing a render (docs/decisions/0006-rendered-page-cache.md): what the router writes is held, below the
// compression middleware, until the page is complete, then either stored and sent by the page cache
// (page-cache.ts) or released as it was written.

export type HeaderValue = string | number | string[];

/** What the router sent: the headers it set (on top of those the app had set before it) and the body. */
export interface CapturedPage {
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
export function holdResponse(res: Response, maxBytes: number, done: (page: CapturedPage, release: () => void) => void): void {
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
