import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VERSION_CHECK_MS } from "~/.server/cache/cache";
import { setDatabase } from "~/.server/db";
import { submitEnquiry } from "~/.server/enquiries/enquiries";
import { createService, getActiveService, listActiveServices } from "~/.server/models/services";
import { createPageCache, formTokenFor, MAX_WAITING_UPGRADES, type PageCache, type PageCacheOptions } from "~/.server/cache/page-cache";
import { enquiryFields, formDataOf, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";

// The page cache in a real Express app, in the order server.mjs and server/app.ts install things
// (compression, then the nonce and CSP, then the cache, then the renderer), over real HTTP, on a real
// database. The renderer stands in for React Router's handler: it reads the database through the
// content cache and writes the page in several chunks, some after a wait, as a streamed render does.
// The real handler behind the cache is covered by tests/e2e/page-cache.spec.ts.

const database = useTestDatabase();

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const renders: string[] = [];

function page(res: express.Response, body: string): string {
  const nonce = res.locals.nonce as string;
  return (
    `<!DOCTYPE html><html><head><script type="module" nonce="${nonce}" src="/assets/site.js"></script></head><body>` +
    `${body}<p>${"Built right, built to last. ".repeat(80)}</p>` +
    `<form method="post"><input type="hidden" name="form_token" value="${formTokenFor(res)}"></form>` +
    `<script nonce="${nonce}">window.done = true</script></body></html>`
  );
}

/** A page as the public routes render one: an inline stylesheet, an inline module script, the form token last. */
const SCRIPT = `document.body.dataset.ready = "yes"; const note = document.createElement("p"); note.className = "toast-${"${kind}"}";`;
function publicPage(res: express.Response, body: string): string {
  const nonce = res.locals.nonce as string;
  return (
    `<!DOCTYPE html><html><head><style>.used{color:red}.unused-rule{color:blue}@media (width>=40rem){.md\\:used{margin:0}.md\\:unused{margin:1px}}` +
    `.toast-error{color:red}</style></head><body><h1 class="used md:used">${body}</h1><p>${"Built right, built to last. ".repeat(400)}</p>` +
    `<form id="contact-form" method="post"></form><script type="module" nonce="${nonce}">${SCRIPT}</script>` +
    `<input type="hidden" form="contact-form" name="form_token" value="${formTokenFor(res)}"/></body></html>`
  );
}

async function renderer(req: express.Request, res: express.Response) {
  renders.push(req.originalUrl);
  if (req.path.startsWith("/project/public")) {
    res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    res.write(publicPage(res, "Public").slice(0, 500));
    await new Promise((resolve) => setTimeout(resolve, 10));
    res.end(publicPage(res, "Public").slice(500));
    return;
  }
  if (req.path === "/") {
    const html = page(res, `<h1>Home</h1><ul>${(await listActiveServices()).map((s) => `<li>${s.title}</li>`).join("")}</ul>`);
    res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    // Shell first, the rest once the "lists" arrive.
    res.write(html.slice(0, 300));
    await new Promise((resolve) => setTimeout(resolve, 20));
    res.write(html.slice(300, 2000));
    res.end(html.slice(2000));
    return;
  }
  if (req.path === "/project/slow") {
    const html = page(res, "<h1>Slow</h1>");
    res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    res.write(html.slice(0, 300));
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (!res.destroyed) res.end(html.slice(300));
    return;
  }
  const service = req.path.startsWith("/service/") ? await getActiveService(req.path.slice("/service/".length)) : null;
  if (req.path === "/project/sets-cookie") res.setHeader("Set-Cookie", "flash=hello; Path=/");
  if (req.path.startsWith("/service/") && !service) {
    res.status(404).type("html").send(page(res, "<h1>Service Not Found</h1>"));
    return;
  }
  res.status(200).type("html").send(page(res, `<h1>${service?.title ?? "Project"}</h1>`));
}

let server: Server;
let origin = "";
let cache: PageCache;

async function start(options: PageCacheOptions = {}) {
  cache = createPageCache(options);
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.nonce as string}' 'strict-dynamic'`);
    next();
  });
  app.use(cache.middleware);
  app.use(renderer);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop() {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function restart(options: PageCacheOptions) {
  await stop();
  await start(options);
}

beforeEach(async () => {
  renders.length = 0;
  await start();
});
afterEach(stop);

async function get(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? "GET",
    headers: { "user-agent": BROWSER, "accept-encoding": "gzip, br", ...init.headers },
  });
  const html = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    headers: response.headers,
    html,
    headerNonce: csp.match(/'nonce-([^']+)'/)?.[1],
    bodyNonces: [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]),
    token: html.match(/name="form_token" value="([^"]+)"/)?.[1],
  };
}

describe("rendered page cache", () => {
  it("serves the second request from memory with this response's own nonce and form token", async () => {
    await createService(serviceInput({ title: "Pools" }), null);
    const first = await get("/");
    const second = await get("/");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(renders).toEqual(["/"]);
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // Both answers are the stored page, gzipped from its stored parts. This page's nonces sit at its start (a
    // script loaded by URL, which a hash cannot allow), so it is not worth keeping as brotli (see below).
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    expect(second.headers.get("vary")).toBe("Accept-Encoding");

    for (const r of [first, second]) {
      expect(r.bodyNonces).toHaveLength(2);
      expect(new Set(r.bodyNonces)).toEqual(new Set([r.headerNonce]));
    }
    expect(second.headerNonce).not.toBe(first.headerNonce);
    expect(second.html).not.toContain(first.headerNonce);
    expect(second.token).toMatch(/^\d{13}\.[\w-]{22}$/);
    expect(second.token).not.toBe(first.token);
    expect(second.html).not.toContain(first.token);
    // Apart from those values, the page is the one rendered.
    const neutral = (r: typeof first) => r.html.replaceAll(r.headerNonce ?? "?", "NONCE").replaceAll(r.token ?? "?", "TOKEN");
    expect(neutral(second)).toBe(neutral(first));
    expect(second.html).toContain("<li>Pools</li>");

    const plain = await get("/", { headers: { "accept-encoding": "identity" } });
    expect(plain.cache).toBe("hit");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(plain.html));
    expect(neutral(plain)).toBe(neutral(first));

    // No gzip in the request: the plain page, which the compression middleware encodes as it can.
    const brOnly = await get("/", { headers: { "accept-encoding": "br" } });
    expect([brOnly.cache, brOnly.headers.get("content-encoding")]).toEqual(["hit", "br"]);
    expect(neutral(brOnly)).toBe(neutral(first));
    const refused = await get("/", { headers: { "accept-encoding": "gzip;q=0, deflate" } });
    expect([refused.cache, refused.headers.get("content-encoding")]).toEqual(["hit", "deflate"]);
    expect(neutral(refused)).toBe(neutral(first));
  });

  it("sends a public page as brotli from the first answer on, without the nonce, its scripts allowed by hash, its CSS cut to what it uses", async () => {
    const first = await get("/project/public");
    const second = await get("/project/public");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    for (const r of [first, second]) {
      expect(r.headers.get("content-encoding")).toBe("br");
      expect(r.headers.get("vary")).toBe("Accept-Encoding");
      // The stored page is the same for everyone: no nonce in it, the script allowed by its hash instead.
      expect(r.bodyNonces).toEqual([]);
      const hash = crypto.createHash("sha256").update(SCRIPT).digest("base64");
      expect(r.headers.get("content-security-policy")).toBe(`script-src 'self' 'sha256-${hash}' 'strict-dynamic'`);
      // Only the rules the page can use: its classes, and those its script builds (toast-...). Its own classes get
      // short names in the markup and the stylesheet alike; the script's keep theirs.
      expect(r.html).toContain(`<style>.a{color:red}@media (width>=40rem){.b{margin:0}}.toast-error{color:red}</style>`);
      expect(r.html).toContain(`<h1 class="a b">Public</h1>`);
      expect(r.token).toMatch(/^\d{13}\.[\w-]{22}$/);
    }
    expect(second.token).not.toBe(first.token);
    expect(second.html.replace(second.token ?? "?", "TOKEN")).toBe(first.html.replace(first.token ?? "?", "TOKEN"));
    // The same page for clients without brotli; no compression at all without Accept-Encoding.
    const gzip = await get("/project/public", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.html.replace(gzip.token ?? "?", "TOKEN")).toBe(first.html.replace(first.token ?? "?", "TOKEN"));
    const raw = await fetch(`${origin}/project/public`, { headers: { "user-agent": BROWSER, "accept-encoding": "" } });
    expect(raw.headers.get("content-encoding")).toBeNull();
    // Brotli is smaller than gzip for the same page.
    expect(Number(second.headers.get("content-length"))).toBeLessThan(Number(gzip.headers.get("content-length")));
  });

  it("hands out a form token that the enquiry check accepts as genuine and dates from this response", async () => {
    await get("/");
    const hit = await get("/");
    expect(hit.cache).toBe("hit");
    const form = formDataOf(enquiryFields({ form_token: hit.token ?? "" }));
    const request = new Request("http://localhost:3000/", { method: "POST", headers: { "x-client-ip": "192.0.2.77" } });
    const result = await submitEnquiry(request, form, "/");
    // Posted at once: a real token, but too fast for a person (a forged or stale shared token reads otherwise).
    expect(result.ok && result.enquiry.spam_reason).toMatch(/^form filled in \d+ ms$/);
  });

  it("renders again after a content change in this instance, with the new content", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    await createService(serviceInput({ title: "Jetties" }), null);
    const after = await get("/");
    expect(after.cache).toBe("miss");
    expect(after.html).toContain("<li>Jetties</li>");
    expect((await get("/")).cache).toBe("hit");
  });

  it("renders again once the version check sees a change made by another instance", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    const other = database.current().reopen();
    try {
      setDatabase(other);
      await createService(serviceInput({ title: "Made elsewhere" }), null);
    } finally {
      setDatabase(database.current());
      await other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 100));
    const after = await get("/");
    expect(after.cache).toBe("miss");
    expect(after.html).toContain("<li>Made elsewhere</li>");
  });

  it("never stores or serves a page for a request with a session cookie", async () => {
    const session = { cookie: "better-auth.session_token=abc.def" };
    const a = await get("/", { headers: session });
    const b = await get("/", { headers: session });
    expect([a.cache, b.cache]).toEqual([null, null]);
    expect(cache.size).toBe(0);
    expect((await get("/")).cache).toBe("miss");
    expect((await get("/", { headers: session })).cache).toBeNull();
    expect(renders).toEqual(["/", "/", "/", "/"]);
  });

  it("does not store a 404 or a page that sets a cookie", async () => {
    for (const path of ["/service/missing", "/project/sets-cookie"]) {
      expect((await get(path)).cache).toBe("miss");
      expect((await get(path)).cache).toBe("miss");
    }
    expect((await get("/service/missing")).status).toBe(404);
    expect(cache.size).toBe(0);
  });

  it("serves the stored page for any query string the page does not read, without rendering it again", async () => {
    expect((await get("/?utm_source=mail")).cache).toBe("miss");
    for (let i = 0; i < 50; i++) expect((await get(`/?utm_campaign=c${i}&fbclid=${i}`)).cache).toBe("hit");
    expect(renders).toEqual(["/?utm_source=mail"]);
    expect(cache.size).toBe(1);
  });

  it("keeps pages by a query string a page reads within their own budget, never pushing out the bare pages", async () => {
    await restart({ maxQueryEntries: 3 });
    expect((await get("/")).cache).toBe("miss");
    for (let i = 0; i < 10; i++) expect((await get(`/?service=s${i}`)).cache).toBe("miss");
    expect(cache.size).toBe(4);
    expect((await get("/?service=s9&utm_source=x")).cache).toBe("hit");
    expect((await get("/")).cache).toBe("hit");
  });

  it("recompresses a burst of new pages one at a time, with only a few waiting, and serves every one whole", async () => {
    // 60 pages stored at once (after a content change): each would hold its page while it
    // waits for brotli 11, and each brotli 11 holds megabytes while it runs.
    let mostWaiting = 0;
    const watch = setInterval(() => (mostWaiting = Math.max(mostWaiting, cache.upgradesWaiting)), 1);
    const first = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`/project/public-${i}`)));
    await expect.poll(() => cache.upgradesWaiting, { timeout: 20_000 }).toBe(0);
    clearInterval(watch);
    expect(new Set(first.map((r) => `${r.cache} ${r.headers.get("content-encoding")} ${r.html.includes("Public</h1>")}`))).toEqual(new Set(["miss br true"]));
    expect(mostWaiting).toBeGreaterThan(0);
    expect(mostWaiting).toBeLessThanOrEqual(MAX_WAITING_UPGRADES);
    // Recompressed or not, every stored page reads the same as it did.
    for (const i of [0, 30, 59]) {
      const again = await get(`/project/public-${i}`);
      expect([again.cache, again.html.replace(/value="[^"]+"/, "")]).toEqual(["hit", first[i].html.replace(/value="[^"]+"/, "")]);
    }
  });

  it("keeps detail pages apart, and crawlers apart from browsers", async () => {
    const pools = await createService(serviceInput({ title: "Pools" }), null);
    const roofs = await createService(serviceInput({ title: "Roofs" }), null);
    await get(`/service/${pools.id}`);
    await get(`/service/${roofs.id}`);
    expect((await get(`/service/${pools.id}`)).html).toContain("<h1>Pools</h1>");
    expect((await get(`/service/${roofs.id}`)).html).toContain("<h1>Roofs</h1>");
    const bot = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    expect((await get(`/service/${pools.id}`, { headers: bot })).cache).toBe("miss");
    expect((await get(`/service/${pools.id}`, { headers: bot })).cache).toBe("hit");
  });

  it("answers HEAD from a stored page with the headers only", async () => {
    const head = await get("/", { method: "HEAD" });
    expect(head.cache).toBe("miss");
    expect(cache.size).toBe(0); // a HEAD render has no body to keep
    await get("/");
    const hit = await get("/", { method: "HEAD" });
    expect(hit.cache).toBe("hit");
    expect(hit.status).toBe(200);
    expect(hit.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(hit.html).toBe("");
    expect(hit.headerNonce).toBeTruthy();
  });

  it("does not store a response the client left before its end, nor a render that ran into the stream timeout", async () => {
    // The page is held until it is complete (the answer is the stored page), so the client leaves before any of it.
    const controller = new AbortController();
    const response = fetch(`${origin}/project/slow`, { headers: { "user-agent": BROWSER }, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await expect(response).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cache.size).toBe(0);
    expect((await get("/project/slow")).cache).toBe("miss");
    expect(cache.size).toBe(1);

    await restart({ maxRenderMs: 10 });
    await get("/");
    expect((await get("/")).cache).toBe("miss");
    expect(cache.size).toBe(0);
  });

  it("renders again when a page is older than its maximum age", async () => {
    // A second: the hit must come within the page's age even on a machine busy with the browser tests.
    await restart({ maxAgeMs: 1000 });
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get("/")).cache).toBe("miss");
  });

  it("stays within its byte budget and does not store a page above the page limit", async () => {
    const sized = await createService(serviceInput({ title: "Size" }), null);
    await get(`/service/${sized.id}`);
    const onePage = Buffer.byteLength((await get(`/service/${sized.id}`, { headers: { "accept-encoding": "identity" } })).html);
    const oneEntry = cache.bytes;
    // Room for two and a half entries, and no page much bigger than these.
    await restart({ maxBytes: Math.floor(2.5 * oneEntry), maxPageBytes: onePage + 100 });
    const services = await Promise.all(["A", "B", "C"].map((t) => createService(serviceInput({ title: t }), null)));
    for (const s of services) await get(`/service/${s.id}`);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(2.5 * oneEntry);
    expect((await get(`/service/${services[0].id}`)).cache).toBe("miss"); // the least recently used went
    expect((await get(`/service/${services[2].id}`)).cache).toBe("hit");

    const big = await createService(serviceInput({ title: "B".repeat(200) }), null);
    await get(`/service/${big.id}`);
    expect((await get(`/service/${big.id}`)).cache).toBe("miss");
  });
});
