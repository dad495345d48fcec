import http from "node:http";
import zlib from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_URL, expect, test } from "./fixtures";

// Performance and SEO budgets (docs/performance.md#targets) that are deterministic (the timing figures are measured by
// `npm run bench` and `npm run lighthouse`, see docs/performance.md): the JavaScript and CSS a visitor
// downloads for the home page, no request to another host, the text in the server's HTML, and the
// caching and compression headers.

const KiB = 1024;
/**
 * The target is 90 KB of gzipped JavaScript. Public pages are not hydrated: their island scripts, app/islands/site.ts and
 * enquiry.ts (files since decision 0061), measured 4.4 KiB gzipped on 2026-11-27 (the hydrated app was ~177 KiB). 16 KiB is
 * well inside the target and fails the day a public page loads the React runtime again or the
 * island script pulls in a library (docs/decisions/0007-public-pages-without-hydration.md).
 */
const HOME_JS_GZIP_BUDGET = 16 * KiB;
/**
 * Not a target (docs/performance.md#targets), a guard: public pages inline app/site.css, the hand-written public
 * stylesheet (decision 0062), cut to the page's rules: the home page's measured 8.9 KiB gzipped on 2026-11-27 (10.5 KiB
 * with Tailwind on 2026-11-21). 20 KiB fails on what would double it (the admin's stylesheet, a component library,
 * inlined fonts).
 */
const HOME_CSS_GZIP_BUDGET = 20 * KiB;

/**
 * A public page's document as sent to a browser (brotli, from the rendered-page cache; its CSS is inline, its island
 * scripts are files since decision 0061). Measured 2026-11-27 with the demo content, at brotli 11 (decision 0048):
 * home 16.6 KiB, a service page 7.7 KiB, a project page 8.3 KiB; a first answer (brotli 9) is up to 1 KiB more, and
 * either may come here. How they got there (28.2, 16.9 and 17.8 KiB on 2026-11-24; 23.3, 12.3 and 13.0 KiB with
 * Tailwind and inline scripts) is in docs/performance.md. The margin takes content edits, not a return of Tailwind's
 * utilities, of inline island scripts, of the form's script on every page (decision 0049) or of gzip-only answers.
 */
const DOCUMENT_BR_BUDGET = { home: 18.5 * KiB, detail: 10 * KiB };
/**
 * The Dhivehi home page's: the same page with the same margin, its texts in Thaana, whose letters and vowel marks take
 * two bytes each in UTF-8 and compress less well than English. Measured 2026-11-27 with the demo content's Dhivehi:
 * 19.4 KiB stored against the English page's 17.0 (docs/decisions/0095-a-document-budget-for-the-dhivehi-home.md).
 * The Dhivehi detail pages keep the English detail budget.
 */
const DHIVEHI_HOME_BR_BUDGET = 21 * KiB;
/**
 * The target: under 800 elements on the home page (docs/performance.md#targets). Measured 795 in Chromium on
 * 2026-11-24 with the demo content, after the icons became one element each (docs/decisions/0037-public-icons-as-css-masks.md),
 * the card images' frames their <picture> and the WebP widths the <img>'s own srcset; 1,062 before; 768 on 2026-11-27,
 * decorative layers drawn as pseudo-elements (decision 0062). A regression fails it.
 */
const HOME_DOM_ELEMENTS_BUDGET = 799;

const ORIGIN = new URL(DEMO_URL).origin;
const ONE_YEAR = 31536000;

/** A response as it came over the wire: headers and the body still encoded (fetch and Playwright decode it). */
function raw(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Sizes as the compression middleware sends them: gzip at zlib's default level. */
const gzipSize = (body: Buffer) => zlib.gzipSync(body).length;

/** The first service and project pages listed in the sitemap, with their titles (image:title). */
async function detailPages(request: APIRequestContext) {
  const xml = await (await request.get(`${DEMO_URL}/sitemap.xml`)).text();
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    path: new URL(m[1].match(/<loc>([^<]+)<\/loc>/)?.[1] ?? "/", DEMO_URL).pathname,
    title: decodeEntities(m[1].match(/<image:title>([^<]+)<\/image:title>/)?.[1] ?? ""),
  }));
  const service = entries.find((e) => e.path.startsWith("/service/"));
  const project = entries.find((e) => e.path.startsWith("/project/"));
  if (!service || !project) throw new Error("the demo sitemap lists no service or project page");
  return { service, project };
}

function decodeEntities(text: string) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

/** The h1-h3 texts of a server-rendered page, tags and React's text separators removed. */
const headings = (html: string, levels = "1-3") =>
  [...html.matchAll(new RegExp(`<h([${levels}])\\b[^>]*>([\\s\\S]*?)</h\\1>`, "g"))].map((m) => textOf(m[2]));

/** The words a reader sees in the main content of the server's HTML (no scripts, styles or inline SVG). */
function visibleWords(html: string) {
  const main = html.slice(Math.max(0, html.indexOf("<main")), html.lastIndexOf("</main>"));
  const text = textOf(main.replace(/<(script|style|svg|template)\b[\s\S]*?<\/\1>/g, " ").replace(/<div hidden[^>]*>[\s\S]*?<\/div>/g, " "));
  return text.split(" ").filter((w) => /\p{L}/u.test(w)).length;
}

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
}

test.describe("budgets (docs/performance.md#targets)", () => {
  // The portfolio page (/projects) meets the home page's budgets too, and so do both in Dhivehi
  // (docs/decisions/0077-dhivehi-design.md).
  for (const path of ["/", "/projects", "/dv", "/dv/projects"]) test(`${path}: the page's JavaScript and CSS are within the home page's gzip budgets`, async ({ page }) => {
    const assets = new Map<string, { kind: "js" | "css"; raw: number; gzip: number; wire: number; encoding: string }>();
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const url = response.url();
      const type = response.headers()["content-type"] ?? "";
      const kind = /javascript/.test(type) ? "js" : /text\/css/.test(type) ? "css" : null;
      if (!kind || assets.has(url) || response.status() !== 200) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          assets.set(url, {
            kind,
            raw: body.length,
            gzip: gzipSize(body),
            wire: sizes.responseBodySize,
            encoding: response.headers()["content-encoding"] ?? "identity",
          });
        })(),
      );
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await Promise.all(pending);
    // Public pages carry their stylesheet and script inline (app/root.tsx): they count as the page's CSS and JS.
    const inline = await page.evaluate(() => ({
      css: [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n"),
      js: [...document.querySelectorAll("script:not([src])")]
        .filter((s) => s.getAttribute("type") !== "application/ld+json")
        .map((s) => s.textContent)
        .join("\n"),
    }));
    for (const kind of ["css", "js"] as const) {
      const body = Buffer.from(inline[kind]);
      if (body.length > 0) assets.set(`inline ${kind}`, { kind, raw: body.length, gzip: gzipSize(body), wire: 0, encoding: "inline" });
    }

    const sum = (kind: "js" | "css", key: "raw" | "gzip" | "wire") =>
      [...assets.values()].filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0);
    const report = (kind: "js" | "css") =>
      `${kind}: ${[...assets.values()].filter((a) => a.kind === kind).length} files, ${(sum(kind, "gzip") / KiB).toFixed(1)} KiB gzip, ` +
      `${(sum(kind, "raw") / KiB).toFixed(1)} KiB raw, ${(sum(kind, "wire") / KiB).toFixed(1)} KiB as sent`;
    const largest = [...assets.entries()]
      .filter(([, a]) => a.kind === "js")
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .slice(0, 8)
      .map(([url, a]) => `${URL.canParse(url) ? new URL(url).pathname : url} ${(a.gzip / KiB).toFixed(1)} KiB`)
      .join(", ");
    test.info().annotations.push({ type: "home JS", description: report("js") }, { type: "home CSS", description: report("css") });
    console.log(`[budgets] home ${report("js")}; ${report("css")}; largest JS: ${largest}`);

    expect(sum("js", "gzip"), `home JS gzip bytes (${report("js")}; largest: ${largest})`).toBeLessThanOrEqual(HOME_JS_GZIP_BUDGET);
    expect(sum("css", "gzip"), `home CSS gzip bytes (${report("css")})`).toBeLessThanOrEqual(HOME_CSS_GZIP_BUDGET);
    expect(sum("css", "gzip"), "the page has its styles").toBeGreaterThan(0);
    expect(sum("js", "gzip"), "the page has its script").toBeGreaterThan(0);
  });

  test("public pages are sent as brotli within their byte budgets, each with only the CSS it uses", async ({ page, request }) => {
    const { service, project } = await detailPages(request);
    const wholeCss = (await (await request.get(`${DEMO_URL}/no-such-page`)).text()).match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
    const report: string[] = [];
    for (const [path, budget] of [
      ["/", DOCUMENT_BR_BUDGET.home],
      [service.path, DOCUMENT_BR_BUDGET.detail],
      [project.path, DOCUMENT_BR_BUDGET.detail],
      // The Dhivehi pages keep every budget (docs/decisions/0077-dhivehi-design.md); the home page its own size of it (0095).
      ["/dv", DHIVEHI_HOME_BR_BUDGET],
      [`/dv${service.path}`, DOCUMENT_BR_BUDGET.detail],
      [`/dv${project.path}`, DOCUMENT_BR_BUDGET.detail],
    ] as const) {
      // The first answer may be a render (a miss), compressed at brotli 9; the page cache then stores it again at
      // brotli 11 (docs/decisions/0048-stored-pages-at-brotli-11.md), which every later visitor gets: the budget is the
      // stored page's. A first answer may be up to 12% more (Dhivehi text loses about 9% at brotli 9, English 1-2%).
      let first = 0;
      let last = 0;
      for (let i = 0; i < 10; i++) {
        // Node's fetch, unlike Playwright's request, keeps the Content-Length of the encoded body.
        const response = await fetch(`${DEMO_URL}${path}`, { headers: { "accept-encoding": "gzip, deflate, br" } });
        const html = await response.text();
        const bytes = Number(response.headers.get("content-length"));
        report.push(`${path} ${response.headers.get("x-page-cache")} ${response.headers.get("content-encoding")} ${(bytes / KiB).toFixed(1)} KiB`);
        expect(response.headers.get("content-encoding"), path).toBe("br");
        expect(bytes, `${path}: ${report.join("; ")}`).toBeLessThanOrEqual(budget * 1.12);
        // Only the rules this page uses; the 404 page (never cached) carries the whole stylesheet.
        const css = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
        expect(css.length, `${path}: inline CSS`).toBeGreaterThan(0);
        expect(css.length, `${path}: inline CSS against the whole stylesheet`).toBeLessThan(wholeCss.length * (path === "/" || path === "/dv" ? 0.95 : 0.7));
        // Settled: within the budget, or smaller than the first answer (upgraded); else the upgrade takes its time
        // on a busy machine (brotli 11 of 100 KB of Thaana: a few hundred ms). At least twice, as before.
        last = bytes;
        if (i === 0) first = bytes;
        else if (bytes <= budget || bytes < first) break;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(last, `${path}: ${report.join("; ")}`).toBeLessThanOrEqual(budget);
    }
    console.log(`[budgets] documents: ${report.join("; ")}`);

    for (const path of ["/", "/dv"]) {
      await page.goto(path);
      const elements = await page.evaluate(() => document.querySelectorAll("*").length);
      console.log(`[budgets] ${path} DOM elements: ${elements}`);
      expect(elements, path).toBeLessThanOrEqual(HOME_DOM_ELEMENTS_BUDGET);
    }
  });

  test("the public pages make no request to another host", async ({ page, request }) => {
    const { service, project } = await detailPages(request);
    const elsewhere: string[] = [];
    // Record and refuse anything not on the site itself: a test run contacts no one either.
    await page.route(
      (url) => url.origin !== ORIGIN,
      async (route) => {
        elsewhere.push(route.request().url());
        await route.abort();
      },
    );
    page.on("request", (req) => {
      const url = req.url();
      if (/^(data|blob|about):/.test(url)) return;
      if (new URL(url).origin !== ORIGIN && !elsewhere.includes(url)) elsewhere.push(url);
    });
    for (const path of ["/", "/projects", service.path, project.path, "/dv", `/dv${project.path}`]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await scrollThrough(page);
      await page.waitForLoadState("networkidle");
    }
    expect(elsewhere).toEqual([]);
  });

  test("the page text is in the server's HTML", async ({ request }) => {
    const { service, project } = await detailPages(request);

    const home = await request.get(`${DEMO_URL}/`);
    expect(home.status()).toBe(200);
    const homeHtml = await home.text();
    expect(headings(homeHtml, "12")).toEqual(
      expect.arrayContaining([
        "Building the Maldives, Island by Island",
        "Our Services",
        "Featured Projects",
        "Our Work in Pictures",
        "What Our Clients Say",
        "Frequently Asked Questions",
        "Get Your Free Quote",
      ]),
    );
    // The cards of the database's services and projects, not only the fixed content.
    expect(headings(homeHtml)).toEqual(expect.arrayContaining([service.title, project.title]));
    // The SPA peers send 0 words; the demo home page has about 1,000 in <main>, a detail page 130-170.
    expect(visibleWords(homeHtml), "words of text in the home page's <main>").toBeGreaterThan(500);

    for (const detail of [service, project]) {
      const response = await request.get(`${DEMO_URL}${detail.path}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(headings(html, "1"), detail.path).toEqual([detail.title]);
      expect(textOf(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? ""), detail.path).toContain(detail.title);
      expect(visibleWords(html), `words of text in the <main> of ${detail.path}`).toBeGreaterThan(80);
    }
  });

  // Images count toward a page's weight (docs/decisions/0052-page-weight-counts-everything-loaded.md). Lighthouse's
  // phone is 412 px wide at 1.75 dppx: a full-width image needs 721 device pixels, which took the 960 px AVIF until
  // there was an 800 px one (docs/decisions/0051-avif-800.md).
  test("a phone at 1.75 dppx loads the 800 px AVIF for full-width images", async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    try {
      const tab = await phone.newPage();
      const shown = async (selector: string) => {
        const image = tab.locator(selector).first();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        return image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
      };
      await tab.goto(`${DEMO_URL}/`);
      expect(await shown('img[fetchpriority="high"]'), "the home page's hero").toMatch(/-w800\.avif$/);
      await tab.goto(`${DEMO_URL}/projects`);
      expect(await shown("main article img"), "the portfolio's first card").toMatch(/-w800\.avif$/);
    } finally {
      await phone.close();
    }
  });

  // docs/decisions/0053-precompressed-client-assets.md: compressed at build, sent as the browser accepts.
  test("scripts and styles go out precompressed: brotli when accepted, else gzip, else as they are; the same bytes each way", async ({ request }) => {
    const html = await (await request.get(`${DEMO_URL}/admin/login`)).text();
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    const sizes = await Promise.all(assets.map(async (asset) => ({ asset, plain: await raw(`${DEMO_URL}${asset}`, "identity") })));
    const largest = (ext: string) => sizes.filter((a) => a.asset.endsWith(ext)).sort((a, b) => b.plain.body.length - a.plain.body.length)[0];
    // The sign-in page's largest script (React) and its stylesheet.
    for (const { asset, plain } of [largest(".js"), largest(".css")]) {
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      const br = await raw(`${DEMO_URL}${asset}`, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"], asset).toBe("br");
      expect(br.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(Number(br.headers["content-length"]), asset).toBe(br.body.length);
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true);
      const gz = await raw(`${DEMO_URL}${asset}`, "gzip");
      expect(gz.headers["content-encoding"], asset).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(plain.body), asset).toBe(true);
      // Brotli at 11 beats what the compression middleware made per request (gzip at 6).
      expect(br.body.length, asset).toBeLessThan(zlib.gzipSync(plain.body, { level: 6 }).length * 0.92);
      for (const response of [plain, br, gz]) expect(response.headers["cache-control"], asset).toContain(`max-age=${ONE_YEAR}`);
    }
  });

  // docs/decisions/0054-admin-stylesheet-in-the-link-header.md
  test("a hydrated page names its stylesheet in a Link header; a public page, whose styles are inline, does not", async ({ request }) => {
    const admin = await request.get(`${DEMO_URL}/admin/login`);
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/.exec(await admin.text())?.[1];
    expect(stylesheet, "the sign-in page links the app's stylesheet").toBeTruthy();
    expect(admin.headers().link).toBe(`<${stylesheet}>; rel=preload; as=style`);
    for (const path of ["/", "/projects"]) {
      const page = await request.get(`${DEMO_URL}${path}`);
      expect(page.status()).toBe(200);
      expect(page.headers().link, path).toBeUndefined();
    }
  });

  test("hashed assets are cached for a year, HTML is revalidated, text is compressed", async ({ request }) => {
    const { service, project } = await detailPages(request);
    const encoding = { "Accept-Encoding": "gzip, br" };

    // The scripts and the stylesheet that the admin links (public pages inline theirs).
    const html = (await (await request.get(`${DEMO_URL}/`)).text()) + (await (await request.get(`${DEMO_URL}/admin/login`)).text());
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);

    const bad: string[] = [];
    for (const asset of assets) {
      const response = await request.get(`${DEMO_URL}${asset}`, { headers: encoding });
      expect(response.status(), asset).toBe(200);
      const headers = response.headers();
      const cacheControl = headers["cache-control"] ?? "";
      if (!cacheControl.includes(`max-age=${ONE_YEAR}`) || !cacheControl.includes("immutable")) bad.push(`${asset}: Cache-Control "${cacheControl}"`);
      // The compression middleware leaves bodies under 1 KB as they are.
      const length = (await response.body()).length;
      if (length >= 1024 && !/^(gzip|br)$/.test(headers["content-encoding"] ?? "")) {
        bad.push(`${asset} (${length} bytes): Content-Encoding "${headers["content-encoding"] ?? "none"}"`);
      }
    }

    // The site's own images, linked with their picture's content hash: a year, immutable; the plain URL an hour.
    const home = await (await request.get(`${DEMO_URL}/`)).text();
    const images = [...new Set([...home.matchAll(/\/images\/[\w.-]+\.(?:webp|avif)\?v=[0-9a-f]{10}\b/g)].map((m) => m[0]))];
    expect(images.length, "the home page links its images with their hash").toBeGreaterThan(5);
    // One version per picture: every file of the hero shares it (app/.server/storage/site-image-versions.ts).
    const heroVersions = new Set(images.filter((i) => i.includes("/hero-maldives-")).map((i) => i.split("?v=")[1]));
    expect(heroVersions.size, "the hero's files share one version").toBe(1);
    expect(images.some((i) => i.includes("-w480.avif")), "a 480 px AVIF for phones").toBe(true);
    expect(images.some((i) => i.includes("-w800.avif")), "an 800 px AVIF for phones").toBe(true);
    for (const image of images) {
      const response = await request.get(`${DEMO_URL}${image}`);
      const cacheControl = response.headers()["cache-control"] ?? "";
      if (response.status() !== 200 || !cacheControl.includes(`max-age=${ONE_YEAR}`) || !cacheControl.includes("immutable")) {
        bad.push(`${image}: ${response.status()} Cache-Control "${cacheControl}"`);
      }
    }
    const plain = await request.get(`${DEMO_URL}${images[0].split("?")[0]}`);
    expect(plain.headers()["cache-control"]).toBe("public, max-age=3600");
    const stale = await request.get(`${DEMO_URL}${images[0].split("?")[0]}?v=0000000000`);
    expect(stale.headers()["cache-control"]).toBe("public, max-age=3600");

    for (const path of ["/", "/projects", service.path, project.path]) {
      const response = await request.get(`${DEMO_URL}${path}`, { headers: encoding });
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      const cacheControl = headers["cache-control"] ?? "";
      const maxAge = Math.max(0, ...[...cacheControl.matchAll(/(?:s-maxage|max-age)=(\d+)/g)].map((m) => Number(m[1])));
      if (maxAge >= 3600) bad.push(`${path}: HTML cached for ${maxAge} s ("${cacheControl}")`);
      if (!/^(gzip|br)$/.test(headers["content-encoding"] ?? "")) bad.push(`${path}: Content-Encoding "${headers["content-encoding"] ?? "none"}"`);
    }
    expect(bad).toEqual([]);
  });
});
