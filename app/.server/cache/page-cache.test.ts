import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./page-cache-key";
import { isStorable } from "./page-capture";
import { brotliPage, brotliPrefix, deflateParts, fillTemplate, gzipPage, pageWithoutNonce, toTemplate } from "./page-template";

const NONCE = "k2Jc+9/xQ0a1b2c3d4e5fQ==";
const TOKEN = "1763740000000.Vt0qWm3n1Xk9zAa_bCd-eF";
const html = (nonce: string, token: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}" src="/a.js"></script></head><body>` +
  `<form><input type="hidden" name="form_token" value="${token}"></form>` +
  `<p>Café &amp; résumé</p><script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`;

describe("page template", () => {
  it("puts this response's nonce and form token in every place the render put its own", () => {
    const template = toTemplate(Buffer.from(html(NONCE, TOKEN)), { nonce: NONCE, formToken: TOKEN });
    expect(template.slots).toEqual(["nonce", "formToken", "nonce"]);
    expect(template.parts.join("")).not.toContain(NONCE);
    expect(template.parts.join("")).not.toContain(TOKEN);
    const fresh = { nonce: "Zm9vYmFyYmF6cXV4cXV1eA==", formToken: "1763740099999.AAAAAAAAAAAAAAAAAAAAAA" };
    expect(fillTemplate(template, fresh).toString()).toBe(html(fresh.nonce, fresh.formToken));
  });

  it("keeps a page without those values (or without a token) byte for byte", () => {
    const page = Buffer.from("<html><body>ünïcode, no scripts</body></html>");
    const template = toTemplate(page, { nonce: NONCE, formToken: undefined });
    expect(template.slots).toEqual([]);
    expect(fillTemplate(template, { nonce: "x", formToken: "y" }).equals(page)).toBe(true);
    expect(template.bytes).toBe(page.length);
  });

  it("handles values at the very start and end and side by side", () => {
    const page = Buffer.from(`${NONCE}${TOKEN}middle${NONCE}`);
    const template = toTemplate(page, { nonce: NONCE, formToken: TOKEN });
    expect(template.slots).toEqual(["nonce", "formToken", "nonce"]);
    expect(fillTemplate(template, { nonce: "N", formToken: "T" }).toString()).toBe("NTmiddleN");
  });
});

describe("gzipped page from stored parts", () => {
  const fresh = { nonce: "Zm9vYmFyYmF6cXV4cXV1eA==", formToken: "1763740099999.AAAAAAAAAAAAAAAAAAAAAA" };
  const cases = {
    "a small page": Buffer.from(html(NONCE, TOKEN)),
    "values at both ends": Buffer.from(`${NONCE}${TOKEN}middle${NONCE}`),
    "no values": Buffer.from("<p>nothing per request here</p>"),
    "an empty page": Buffer.alloc(0),
    // Over several deflate blocks and the 32 KB window, partly incompressible, with multi-byte text.
    "a large page": Buffer.concat([
      Buffer.from(`<html><script nonce="${NONCE}"></script>${"Malé, Hulhumalé & Addu. ".repeat(4000)}`),
      Buffer.from(crypto.randomBytes(50_000).toString("base64")),
      Buffer.from(`<input value="${TOKEN}"><script nonce="${NONCE}"></script>${"<li>Jetty</li>".repeat(3000)}</html>`),
    ]),
  };
  for (const [name, page] of Object.entries(cases)) {
    it(`is a valid gzip member holding the filled page: ${name}`, () => {
      const template = toTemplate(page, { nonce: NONCE, formToken: TOKEN });
      const gz = gzipPage(template, deflateParts(template), fresh);
      expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
      // gunzip checks the CRC-32 and length in the trailer as well as the deflate data.
      expect(zlib.gunzipSync(gz).equals(fillTemplate(template, fresh))).toBe(true);
    });
  }

  it("is about as small as gzipping the whole page at the compression middleware's level", () => {
    // A page cut in a few places, as ours are (a nonce per inline script, one form token), of text that
    // compresses like prose: words drawn from a vocabulary by a fixed pseudo-random sequence.
    const words = "overwater villa jetty reef renovation resort island concrete roof tiles guest house harbour".split(" ");
    let seed = 7;
    const text = (n: number) =>
      Array.from({ length: n }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return words[seed % words.length];
      }).join(" ");
    const section = (n: number) => `<section><h2>Section ${n}</h2><p>${text(2000)}</p></section>`;
    const page = Buffer.from(
      `<html><head><script nonce="${NONCE}" src="/a.js"></script></head><body>${section(1)}${section(2)}` +
        `<input value="${TOKEN}">${section(3)}<script nonce="${NONCE}">x()</script></body></html>`,
    );
    const template = toTemplate(page, { nonce: NONCE, formToken: TOKEN });
    const gz = gzipPage(template, deflateParts(template), fresh);
    expect(gz.length).toBeLessThan(zlib.gzipSync(fillTemplate(template, fresh)).length * 1.1);
  });
});

describe("which requests use the page cache", () => {
  const key = (url: string, extra: Partial<Parameters<typeof pageCacheKey>[0]> = {}) =>
    pageCacheKey({ method: "GET", url, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", ...extra });

  it("takes the home page and the service and project pages", () => {
    expect(key("/")).toBe("browser /");
    expect(key("/service/3f1b2c3d-0000-4000-8000-000000000000")).toBe("browser /service/3f1b2c3d-0000-4000-8000-000000000000");
    expect(key("/project/abc_DEF-123", { method: "HEAD" })).toBe("browser /project/abc_DEF-123");
  });

  it("takes the Dhivehi pages under /dv, each stored apart from its English twin by its path", () => {
    expect(key("/dv")).toBe("browser /dv");
    expect(key("/dv/service/abc")).toBe("browser /dv/service/abc");
    expect(key("/dv/project/abc_DEF-123")).toBe("browser /dv/project/abc_DEF-123");
    expect(key("/dv/projects")).toBe("browser /dv/projects");
    // They read what their English twins read.
    expect(key("/dv?utm_source=x&service=abc_1")).toBe("browser /dv?service=abc_1");
    expect(key("/dv/projects?type=residential&page=2&fbclid=1")).toBe("browser /dv/projects?type=residential&page=2");
    for (const url of ["/dv/", "/dv/nope", "/dv/service/", "/dv/projects?page=0", "/dv.data", "/dv/service/abc.data", "/dvx", "/dv/dv"]) {
      expect(key(url), url).toBeNull();
    }
  });

  it("keeps crawlers apart: they get the whole document at once, browsers a stream", () => {
    expect(key("/", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBe("bot /");
  });

  it("leaves everything else to the router", () => {
    for (const url of [
      "/service/abc?index",
      "/?_data=routes/public/home",
      "/projects?page=0",
      "/_root.data",
      "/service/abc.data",
      "/service/",
      "/service/abc/",
      "/service/%61bc",
      `/service/${"a".repeat(65)}`,
      "/admin",
      "/admin/dashboard",
      "/api/uploads",
      "/robots.txt",
      "/sitemap.xml",
      "/uploads/x.webp",
      "/healthz",
      "/services",
    ]) {
      expect(key(url), url).toBeNull();
    }
    expect(key("/", { method: "POST" })).toBeNull();
  });

  it("keys a page by the query parameters it reads, and serves every other query string the bare page", () => {
    for (const url of ["/?", "/?utm_source=x", "/?utm_campaign=c1&fbclid=abc", "/?service=", "/?service=bad%20id", "/?c=1"]) {
      expect(key(url), url).toBe("browser /");
    }
    expect(key("/service/abc?utm_campaign=spring&gclid=1")).toBe("browser /service/abc");
    expect(key("/project/abc?service=x")).toBe("browser /project/abc");
    // The contact form's start: a service, else a project, as the home page's prefill takes them.
    expect(key("/?utm_source=mail&service=abc_1")).toBe("browser /?service=abc_1");
    expect(key("/?service=bad%20id&project=p-2")).toBe("browser /?project=p-2");
    // The portfolio's filters, in their canonical order; page 1 is the bare portfolio.
    expect(key("/projects?utm_source=x&page=1")).toBe("browser /projects");
    expect(key("/projects?type=residential&category=Villas&page=2&x=1")).toBe("browser /projects?category=Villas&type=residential&page=2");
  });

  it("leaves a request with a session cookie to the router, and other cookies alone", () => {
    expect(key("/", { cookie: "better-auth.session_token=abc.def" })).toBeNull();
    expect(key("/", { cookie: "theme=dark; __Secure-better-auth.session_token=abc" })).toBeNull();
    expect(key("/", { cookie: "sidebar=collapsed" })).toBe("browser /");
  });
});

describe("which responses may be stored", () => {
  const ok = { status: 200, allHeaders: { "content-type": "text/html; charset=utf-8" } };
  it("stores a plain 200 HTML page", () => {
    expect(isStorable(ok)).toBe(true);
  });
  it("refuses errors, redirects, other types, cookies, Vary and private or no-store pages", () => {
    expect(isStorable({ ...ok, status: 404 })).toBe(false);
    expect(isStorable({ ...ok, status: 302 })).toBe(false);
    expect(isStorable({ ...ok, status: 500 })).toBe(false);
    expect(isStorable({ status: 200, allHeaders: { "content-type": "application/json" } })).toBe(false);
    expect(isStorable({ status: 200, allHeaders: {} })).toBe(false);
    expect(isStorable({ ...ok, allHeaders: { ...ok.allHeaders, "set-cookie": ["a=b"] } })).toBe(false);
    expect(isStorable({ ...ok, allHeaders: { ...ok.allHeaders, vary: "Cookie" } })).toBe(false);
    expect(isStorable({ ...ok, allHeaders: { ...ok.allHeaders, "cache-control": "private, no-store" } })).toBe(false);
    expect(isStorable({ ...ok, allHeaders: { ...ok.allHeaders, "cache-control": "no-cache" } })).toBe(false);
    expect(isStorable({ ...ok, allHeaders: { ...ok.allHeaders, "cache-control": "public, max-age=60" } })).toBe(true);
  });
});

describe("brotli page from a stored prefix", () => {
  const fresh = { nonce: "unused", formToken: "1763740099999.AAAAAAAAAAAAAAAAAAAAAA" };
  const body = `<html><body>${"<p>Malé, Hulhumalé &amp; Addu: jetties, villas and roofs.</p>".repeat(2000)}`;
  it("is a valid brotli stream of the filled page when the token comes last", async () => {
    const page = Buffer.from(`${body}<input value="${TOKEN}"/></body></html>`);
    const template = toTemplate(page, { formToken: TOKEN });
    const prefix = await brotliPrefix(template);
    expect(prefix).not.toBeNull();
    const br = brotliPage(template, prefix as Buffer, fresh);
    expect(zlib.brotliDecompressSync(br).equals(fillTemplate(template, fresh))).toBe(true);
    expect(br.length).toBeLessThan(zlib.gzipSync(page, { level: 9 }).length);
  });

  it("is the whole page compressed when it holds no value", async () => {
    const page = Buffer.from(`${body}</body></html>`);
    const template = toTemplate(page, {});
    const br = brotliPage(template, (await brotliPrefix(template)) as Buffer, fresh);
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
  });

  it("is not made when a value comes early (the rest would go uncompressed)", async () => {
    const template = toTemplate(Buffer.from(`<html nonce="${NONCE}">${body}</html>`), { nonce: NONCE });
    expect(await brotliPrefix(template)).toBeNull();
  });
});

describe("a stored page without the nonce", () => {
  const csp = `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`;
  it("allows each script that carried the nonce by its hash, and drops the nonce", () => {
    const page = `<link nonce="${NONCE}" rel="icon"><script type="module" nonce="${NONCE}">go()</script><script>injected()</script>`;
    const out = pageWithoutNonce(page, NONCE, csp);
    const hash = crypto.createHash("sha256").update("go()").digest("base64");
    expect(out).toEqual({ html: '<link rel="icon"><script type="module">go()</script><script>injected()</script>', scriptSources: `'sha256-${hash}'` });
  });

  it("keeps the nonce when a script with it loads a file, or without a nonce policy", () => {
    expect(pageWithoutNonce(`<script nonce="${NONCE}" src="/a.js"></script>`, NONCE, csp)).toBeNull();
    expect(pageWithoutNonce(`<script nonce="${NONCE}">x()</script>`, NONCE, undefined)).toBeNull();
  });
});
