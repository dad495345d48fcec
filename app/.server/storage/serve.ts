import { pipeline } from "node:stream/promises";
import type { Request, RequestHandler, Response } from "express";
import { logger } from "../logger";
import { contentTypeForKey, isValidKey } from "./keys";
import type { ByteRange, Storage } from "./types";

// GET /uploads/<key> from a store the HTTP server cannot read as files (the S3 driver without S3_PUBLIC_URL):
// the same answer express.static gives for the disk driver: the type fixed by the extension, a year of
// caching, nosniff and a sandbox, single byte ranges (video seeking), conditional requests by ETag.

const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** One `bytes=` range of a file of `size` bytes; null for none (or several: then the whole file is sent). */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  let start: number;
  let end: number;
  if (from === "") {
    // The last N bytes.
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (size === 0 || start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

function notFound(res: Response) {
  res.status(404).type("text/plain").send("Not Found");
}

async function serve(storage: Storage, req: Request, res: Response): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).type("text/plain").send("Method Not Allowed");
    return;
  }
  let key: string;
  try {
    key = decodeURIComponent(req.path.replace(/^\/+/, ""));
  } catch {
    return notFound(res);
  }
  const contentType = contentTypeForKey(key);
  if (!contentType || !isValidKey(key)) return notFound(res);
  const info = await storage.stat(key);
  if (!info) return notFound(res);

  res.setHeader("Content-Type", contentType);
  res.setHeader("Cache-Control", CACHE_CONTROL);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  res.setHeader("Accept-Ranges", "bytes");
  if (info.etag) {
    res.setHeader("ETag", info.etag);
    if (req.headers["if-none-match"] === info.etag) {
      res.status(304).end();
      return;
    }
  }
  const range = parseRange(req.headers.range, info.size);
  if (range === "unsatisfiable") {
    res.setHeader("Content-Range", `bytes */${info.size}`);
    res.status(416).end();
    return;
  }
  if (range) {
    res.status(206);
    res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    res.setHeader("Content-Length", String(range.end - range.start + 1));
  } else {
    res.setHeader("Content-Length", String(info.size));
  }
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const body = await storage.stream(key, range ?? undefined);
  if (!body) {
    res.removeHeader("Content-Range");
    res.removeHeader("Content-Length");
    return notFound(res);
  }
  await pipeline(body, res);
}

export function serveStoredUploads(storage: Storage): RequestHandler {
  return (req, res, next) => {
    serve(storage, req, res).catch((error: unknown) => {
      if (res.headersSent) {
        // The client went away mid-file, or the store broke off: nothing more can be said on this response.
        logger.warn({ err: error, path: req.path }, "upload stream ended early");
        res.destroy();
        return;
      }
      logger.error({ err: error, path: req.path }, "could not serve upload");
      next(error);
    });
  };
}
