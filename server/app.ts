import crypto from "node:crypto";
import fs from "node:fs";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER, SITE_ORIGIN } from "~/.server/auth/auth";
import { bodyLimitMiddleware } from "~/.server/http/body-limit";
import { isCrossSiteWrite } from "~/.server/auth/csrf";
import { startActivityPruning, stopActivityPruning } from "~/.server/activity/activity-pruning";
import { closeDatabase } from "~/.server/db";
import { withDurableWrites } from "~/.server/http/durable-routes";
import { startNotificationQueue, stopNotificationQueue } from "~/.server/enquiries/enquiries";
import { env } from "~/.server/env";
import { countPageViews, stopInsight } from "~/.server/insight/insight";
import { logger, requestContext } from "~/.server/logger";
import { startTrashPurge, stopTrashPurge } from "~/.server/models/trash";
import { mediaSync } from "~/.server/models/media";
import { createPageCache, formTokenFor } from "~/.server/cache/page-cache";
import { startRateLimitPruning, stopRateLimitPruning } from "~/.server/models/rate-limits";
import { startScheduler, stopScheduler } from "~/.server/ops/scheduler";
import { startup as runStartup } from "~/.server/ops/startup";
import { getStorage } from "~/.server/storage";
import { makeMissingAvif, startAvifBackfill, stopAvifBackfill } from "~/.server/storage/avif-backfill";
import { serveStoredUploads } from "~/.server/storage/serve";
import { setImageVersions } from "~/lib/images";
import { siteImageVersions } from "~/.server/storage/site-image-versions";

// The HTTP application. Built by Vite into build/server/index.js (vite.config.ts) and started by
// server.mjs, which adds the static client assets and the listening socket.

export { env, logger, SITE_ORIGIN };
export async function startup() {
  const report = await runStartup();
  startNotificationQueue();
  startActivityPruning();
  startTrashPurge();
  startRateLimitPruning();
  // Scheduled publishes and show-from/hide-from moments (docs/decisions/0086-scheduled-publish.md).
  startScheduler();
  // Uploads stored before the 480 or 800 px AVIF existed get them in the background (docs/decisions/0038-upload-avif-480.md,
  // 0051-avif-800.md). Behind S3_PUBLIC_URL srcsets name a width only once the store holds every one
  // (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).
  await startAvifBackfill(getStorage());
  // The media library's table follows the store in the background, not on each page load
  // (docs/decisions/0094-media-replace-and-paging.md).
  mediaSync.start();
  return report;
}

export async function shutdown() {
  await stopRateLimitPruning();
  await stopScheduler();
  await stopAvifBackfill();
  await mediaSync.stop();
  await stopNotificationQueue();
  await stopActivityPruning();
  await stopTrashPurge();
  // Counted page views still in memory are written before the database closes (docs/decisions/0024-insight-buffered-writes.md).
  await stopInsight();
  await closeDatabase();
}

const isProduction = env.NODE_ENV === "production";

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Radix and sonner set inline style attributes; no inline <script> runs without the nonce.
    "style-src 'self' 'unsafe-inline'",
    // Admins may link images and videos hosted elsewhere over https.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The names in the client build's folder (none in development, where Vite serves the client). */
function topLevelEntries(dir: string): Set<string> {
  try {
    return new Set(fs.readdirSync(dir));
  } catch {
    return new Set();
  }
}

/** For answers that are not pages (a 404 under /uploads, an error): nothing may load, frame or rebase them. */
const PLAIN_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Methods the app never serves: `new Request()` throws on TRACE/TRACK/CONNECT, so they are refused up front. */
const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

const SITE_HOST = new URL(SITE_ORIGIN).host;

/** True when the request's target is a path and its host (the proxy's, when one is trusted) makes a valid URL with it. */
function hasValidTarget(req: express.Request): boolean {
  if (!req.originalUrl.startsWith("/")) return false;
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(",")[0].trim() : undefined;
  try {
    new URL(`http://${forwarded || req.get("host")}${req.originalUrl}`);
    return true;
  } catch {
    return false;
  }
}

function plainAnswer(res: express.Response, status: number, text: string) {
  res.status(status);
  res.setHeader("Content-Security-Policy", PLAIN_CSP);
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain; charset=utf-8").send(text);
}

/**
 * The React Router build, each loader and action answering only once its writes are on disk
 * (app/.server/http/durable-routes.ts). The site's own origin is always allowed for actions: React Router compares
 * an action's Origin with the URL it rebuilt from Host/X-Forwarded-Host, and behind a proxy those can carry an
 * internal port (our cross-site check in createApp has already refused every other origin).
 */
async function loadServerBuild(): Promise<ServerBuild> {
  return withDurableWrites({
    ...((await import("virtual:react-router/server-build")) as ServerBuild),
    allowedActionOrigins: [new URL(SITE_ORIGIN).host],
  });
}

export function createApp() {
  const app = express();
  app.disable("x-powered-by");
  // Proxy headers (X-Forwarded-For/Proto) are believed only when the operator says a proxy sets them.
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = crypto.randomUUID();
    res.locals.requestId = requestId;
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    // Our header, set from the socket: whatever a client sends under this name is overwritten.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.setHeader("X-Request-Id", requestId);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // Only where a session lives or may (docs/decisions/0060-coop-where-a-session-lives.md): a visitor's public
    // page holds nothing to isolate, and the isolation costs its load a new renderer process.
    if (req.path.startsWith("/admin") || req.path.startsWith("/api/") || req.headers.cookie) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (isProduction) res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.nonce));
    if (SITE_ORIGIN.startsWith("https://")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ reqId: requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    // Everything logged while this request is served carries its id (logger.ts).
    requestContext.run({ requestId }, next);
  });

  // docs/security.md "Browser headers": TRACE would reach React Router and fail there with a 500.
  app.use((req, res, next) => {
    if (!REFUSED_METHODS.has(req.method)) return next();
    res.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    plainAnswer(res, 405, "Method Not Allowed");
  });

  // A request that cannot be made into a URL (a malformed Host, a target that is not a path: `*`, an absolute URL)
  // would fail inside React Router's adapter with a 500; it is the client's error. A request without a Host (HTTP/1.0,
  // a bare health check) is answered as one to the site's own host.
  app.use((req, res, next) => {
    if (!req.headers.host) req.headers.host = SITE_HOST;
    if (hasValidTarget(req)) return next();
    plainAnswer(res, 400, "Bad Request");
  });

  // Request bodies are limited while they stream, before any parser sees them (app/.server/http/body-limit.ts).
  app.use(
    bodyLimitMiddleware({
      onRefused: ({ rule, path, bytes }) => logger.warn({ rule, path, bytes }, "request body over its limit refused"),
    }),
  );

  // The client build's static files, behind the headers above (docs/security.md "Browser headers"). Hashed
  // build assets never change: cached for a year; other public files for an hour. In development Vite
  // serves them before this app is reached.
  const clientDir = path.resolve(env.BUILD_DIR, "client");
  // Scripts and styles go out as the build compressed them (brotli, else gzip), not compressed again per request
  // (docs/decisions/0053-precompressed-client-assets.md).
  app.use(
    "/assets",
    // A path that does not decode is a plain 400 from the error handler below, as express.static gave it; the
    // middleware would answer with the decoder's message as HTML.
    (req, _res, next) => {
      try {
        decodeURIComponent(req.path);
        next();
      } catch {
        next(Object.assign(new Error("malformed path"), { status: 400 }));
      }
    },
    expressStaticGzip(path.join(clientDir, "assets"), { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic: { immutable: true, maxAge: "1y", index: false } }),
  );
  // The site's own images: pages link them with their content hash (`?v=`, app/lib/images.ts), and a URL with the
  // hash of the file it names never changes. Without it (or with a stale one) the hour of any public file.
  const imageVersions = siteImageVersions(path.join(clientDir, "images"));
  setImageVersions(imageVersions);
  app.use(
    "/images",
    express.static(path.join(clientDir, "images"), {
      index: false,
      dotfiles: "ignore",
      cacheControl: false,
      setHeaders(res, filePath) {
        const version = (res.req as express.Request).query.v;
        const current = imageVersions.get(`/images/${path.basename(filePath)}`);
        res.setHeader("Cache-Control", current && version === current ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    }),
  );
  // The rest of the client folder (favicons, manifest, robots.txt...). Only a path whose first segment names an entry
  // of that folder can be a file there: a page URL (`/`, `/service/...`) skips the handler instead of costing a
  // stat() of the disk on every request. The build does not change while the server runs.
  const serveClientFiles = express.static(clientDir, { maxAge: "1h", index: false, dotfiles: "ignore" });
  const clientEntries = topLevelEntries(clientDir);
  app.use((req, res, next) => {
    const first = req.path.slice(1).split("/", 1)[0];
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      return serveClientFiles(req, res, next); // a malformed escape: answered as before (400)
    }
    if (!clientEntries.has(name)) return next();
    serveClientFiles(req, res, next);
  });

  // Cross-site writes are refused before any route runs (actions, resource routes and /api/auth alike).
  app.use((req, res, next) => {
    const cross = isCrossSiteWrite(
      { method: req.method, host: req.headers.host, origin: req.headers.origin, secFetchSite: req.get("sec-fetch-site") },
      [SITE_ORIGIN],
    );
    if (!cross) return next();
    logger.warn({ reqId: res.locals.requestId, origin: req.headers.origin, path: req.path }, "cross-site write refused");
    res.status(403).json({ error: "Cross-site request refused" });
  });

  // Uploaded files: server-made unique names, so they can be cached for a year.
  const storage = getStorage();
  // A 480 or 800 px AVIF the backfill has not reached yet is made when first asked for (docs/decisions/0038-upload-avif-480.md).
  app.use("/uploads", makeMissingAvif(storage));
  if (storage.kind === "disk") {
    app.use(
      "/uploads",
      express.static(path.resolve(env.DATA_DIR, "uploads"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        dotfiles: "deny",
        // A miss (or a dotfile) goes to the error handler below: a plain 404 with this app's headers.
        fallthrough: false,
        setHeaders(res) {
          res.setHeader("X-Content-Type-Options", "nosniff");
          res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        },
      }),
    );
  } else {
    // A bucket: streamed through the app with the same headers, so every instance serves every upload.
    app.use("/uploads", serveStoredUploads(storage));
  }

  // Visitor statistics: counts public page views as they finish, cached or rendered (docs/decisions/0023-insight-counted-on-the-server.md).
  app.use(countPageViews);

  // Public pages from memory (docs/decisions/0006-rendered-page-cache.md). Production only: in
  // development a component edit must show on the next reload.
  if (isProduction) app.use(createPageCache().middleware);

  const getLoadContext = (_req: express.Request, res: express.Response) => ({
    nonce: res.locals.nonce as string,
    requestId: res.locals.requestId as string,
    formToken: formTokenFor(res),
  });
  if (isProduction) {
    // Given the build itself, React Router prepares its route table (flattened, ranked, compiled paths) once;
    // given a function, it does so again on every request (docs/decisions/0040-admin-save-path.md).
    let handler: express.RequestHandler | undefined;
    let ready: Promise<express.RequestHandler> | undefined;
    app.use((req, res, next) => {
      if (handler) return handler(req, res, next);
      ready ??= loadServerBuild().then((build) => (handler = createRequestHandler({ build, getLoadContext })));
      ready.then((h) => h(req, res, next), next);
    });
  } else {
    // In development each request takes the build Vite has now.
    app.use(createRequestHandler({ build: loadServerBuild, getLoadContext }));
  }

  // Last: what reaches here is an error. Expected ones (a 404 under /uploads, a malformed URL) keep their
  // status; anything else is logged with the request id and answered without a stack trace.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    const expected = typeof status === "number" && status >= 400 && status < 500;
    // A body refused with 413 while a route was reading it: the route's read fails, and that is expected.
    const refusedBody = res.headersSent && res.statusCode === 413;
    if (!expected && !refusedBody) {
      logger.error({ reqId: res.locals.requestId, path: req.path, err: error }, "request failed");
    }
    if (res.headersSent || req.socket.destroyed) {
      req.socket.destroy();
      return;
    }
    if (status === 404 || status === 403) return plainAnswer(res, 404, "Not Found");
    if (expected) return plainAnswer(res, status, STATUS_CODES[status] ?? "Bad Request");
    plainAnswer(res, 500, "Internal Server Error");
  });
  return app;
}

export const app = createApp();
