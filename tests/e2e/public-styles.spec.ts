import { DEMO_URL, expect, test } from "./fixtures";

// Public pages inline their own, smaller stylesheet (app/site.css), which Tailwind builds from the
// public components only. A class that the whole app's stylesheet styles but site.css does not means
// a component outside site.css's sources ended up on a public page: it would render unstyled.

async function detailPaths(request: import("@playwright/test").APIRequestContext) {
  const xml = await (await request.get(`${DEMO_URL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [paths.find((p) => p.startsWith("/service/")), paths.find((p) => p.startsWith("/project/"))].filter(
    (p): p is string => typeof p === "string",
  );
}

/**
 * The page rendered fresh, past the page cache: a query string no longer skips it (a page is keyed by the parameters
 * it reads, app/.server/cache/page-cache.ts), a session cookie does. The cookie names no session, so the page is the
 * one a visitor gets.
 */
async function gotoFresh(page: import("@playwright/test").Page, url: string) {
  const target = new URL(url, DEMO_URL);
  await page.context().addCookies([{ name: "better-auth.session_token", value: "none", url: target.origin }]);
  try {
    await page.goto(target.href);
  } finally {
    await page.context().clearCookies({ name: "better-auth.session_token" });
  }
}

test("every class on a public page that the app's stylesheet styles is styled by the inlined one", async ({ page, request }) => {
  const loginHtml = await (await request.get(`${DEMO_URL}/admin/login`)).text();
  const appCssPath = loginHtml.match(/<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/)?.[1];
  expect(appCssPath, "the admin links the whole app's stylesheet").toBeTruthy();
  const appCss = await (await request.get(`${DEMO_URL}${appCssPath}`)).text();

  for (const path of ["/", "/projects", ...(await detailPaths(request)), "/no-such-page", "/dv", "/dv/projects", "/dv/nope"]) {
    // Rendered fresh (past the page cache): the whole public stylesheet and the components' own
    // class names. The stored page's cut stylesheet and short names are compared with this one below.
    await gotoFresh(page, path);
    // The menu, viewer and skeleton are part of the page too, open or not.
    const missing = await page.evaluate((fullCss) => {
      const selectorsOf = (sheet: CSSStyleSheet) => {
        const out: string[] = [];
        const walk = (rules: CSSRuleList) => {
          for (const rule of rules) {
            if (rule instanceof CSSStyleRule) out.push(rule.selectorText);
            if ("cssRules" in rule && (rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
          }
        };
        walk(sheet.cssRules);
        return out.join("\n");
      };
      const inline = [...document.querySelectorAll("style")].map((s) => s.textContent ?? "").join("\n");
      const sheet = (css: string) => {
        const s = new CSSStyleSheet();
        s.replaceSync(css);
        return selectorsOf(s);
      };
      const site = sheet(inline);
      const full = sheet(fullCss);
      const template = document.querySelector<HTMLTemplateElement>("template[data-detail-skeleton]");
      const elements = [...document.querySelectorAll("[class]"), ...(template ? template.content.querySelectorAll("[class]") : [])];
      const classes = new Set(elements.flatMap((el) => [...el.classList]));
      return [...classes].filter((c) => {
        const selector = `.${CSS.escape(c)}`;
        const styled = (selectors: string) => selectors.split(/[\s,>+~]/).some((part) => part.startsWith(selector) && !/^[\w-]/.test(part.slice(selector.length)));
        return styled(full) && !styled(site);
      });
    }, appCss);
    expect(missing, `classes on ${path} missing from the inlined stylesheet`).toEqual([]);
  }
});

// The page cache stores each public page with its stylesheet cut to the rules the page uses, the custom properties
// and keyframes those rules read, and short class names (docs/decisions/0031-per-page-css-and-brotli-page-cache.md,
// docs/decisions/0046-short-class-names-in-stored-pages.md). A session cookie skips the cache: the same page rendered
// fresh, with the whole public stylesheet and the components' own class names. Both must look the same: every
// element's computed style (and its ::before and ::after) is compared, custom properties and masks aside, and what
// each icon's mask draws: the shapes of the sprite's cell it shows.
test.describe("the stored page looks exactly like the page rendered fresh", () => {
  test.use({ reducedMotion: "reduce" });

  const snapshot = (page: import("@playwright/test").Page, detail: number[] = []) =>
    page.evaluate((detail) => {
      // The icons' masks point at a sprite cut to the page's icons (docs/decisions/0047-public-icons-from-one-sprite.md):
      // their image, size and position differ by design; `icons` below compares what they draw.
      const MASK = /^(-webkit-)?mask/;
      const styles = (el: Element, pseudo?: string) => {
        const cs = getComputedStyle(el, pseudo);
        const out: string[] = [];
        for (let i = 0; i < cs.length; i++) if (!cs[i].startsWith("--") && !MASK.test(cs[i])) out.push(`${cs[i]}:${cs.getPropertyValue(cs[i])}`);
        return out;
      };
      // Scripts draw nothing, and a stored page may have fewer: the contact form's script only where the form is
      // (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).
      const elements = [...document.body.querySelectorAll("*")].filter((el) => el.tagName !== "SCRIPT");
      // A pseudo-element with no content is not drawn: its styles are compared only when it is.
      const pseudo = (el: Element, which: string) =>
        getComputedStyle(el, which).content === "none" ? [] : styles(el, which).map((s) => `${which} ${s}`);
      const all = (el: Element) => [...styles(el), ...pseudo(el, "::before"), ...pseudo(el, "::after")];
      // FNV-1a of each element's styles: the whole text would be megabytes.
      const hash = (text: string) => {
        let h = 0x811c9dc5;
        for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
        return h >>> 0;
      };
      // What a mask shows: the sprite scaled so the element spans `size` of it, placed at `position` (a percentage
      // position lines up that fraction of the image with the box's), so the element shows sprite units
      // x0 = position * (size - 1) * 24 to x0 + 24: the cell translated to x0, whose shapes are the icon.
      const drawn = (el: Element, pseudo?: string) => {
        const cs = getComputedStyle(el, pseudo);
        const url = /url\("data:image\/svg\+xml,([^"]*)"\)/.exec(cs.maskImage || cs.getPropertyValue("-webkit-mask-image"))?.[1];
        if (!url) return "none";
        const svg = decodeURIComponent(url);
        const width = Number(/viewBox='0 0 (\d+) 24'/.exec(svg)?.[1]);
        const size = parseFloat(cs.maskSize) / 100;
        const position = parseFloat(cs.maskPosition) / 100;
        if (Math.abs(size * 24 - width) > 0.01) return `mask of ${size * 24} units for a sprite of ${width}`;
        const x0 = position * (size - 1) * 24;
        const cell = [...svg.matchAll(/<g transform='translate\((\d+)\)'([^>]*)>([\s\S]*?)<\/g>/g)].find((m) => Math.abs(Number(m[1]) - x0) < 0.05);
        return cell ? `${cell[2]}${cell[3]}`.trim() : `no cell at ${x0}`;
      };
      return {
        icons: elements.flatMap((el) => [drawn(el), drawn(el, "::before")]),
        tags: elements.map((el) => el.tagName),
        hashes: elements.map((el) => hash(all(el).join(";"))),
        detail: detail.map((i) => ({ element: elements[i].outerHTML.slice(0, 160), styles: all(elements[i]) })),
        classes: elements.map((el) => el.getAttribute("class") ?? "").join(" ").length,
      };
    }, detail);

  const settle = async (page: import("@playwright/test").Page) => {
    await page.waitForLoadState("load");
    // Images held for the main one (data-after-lcp) are shown once it has loaded: compare after that.
    await page.waitForFunction(() => document.querySelectorAll("[data-after-lcp]:not([data-after-lcp=ready])").length === 0);
  };

  for (const [name, width] of [
    ["/", 390],
    ["/", 1280],
    ["/projects", 1280],
    ["service", 390],
    ["project", 390],
    // The Dhivehi pages' own stylesheet (app/site-dhivehi.css) is cut and renamed with the rest
    // (docs/decisions/0077-dhivehi-design.md).
    ["/dv", 390],
    ["/dv", 1280],
    ["/dv/projects", 390],
    ["dv service", 1280],
    ["dv project", 390],
  ] as const) {
    test(`${name} at ${width} px`, async ({ page, request }) => {
      const detail = name.endsWith("service") ? 0 : 1;
      const path = name.startsWith("/") ? name : `${name.startsWith("dv ") ? "/dv" : ""}${(await detailPaths(request))[detail]}`;
      await page.setViewportSize({ width, height: 900 });
      await gotoFresh(page, `${DEMO_URL}${path}`);
      await settle(page);
      const fresh = await snapshot(page);
      await page.goto(`${DEMO_URL}${path}`);
      await settle(page);
      const stored = await snapshot(page);
      // Each icon draws the same shapes from its sprite, the whole one or the page's cut.
      expect(stored.icons).toEqual(fresh.icons);
      expect(stored.icons.filter((icon) => icon.startsWith("<")).length).toBeGreaterThan(5);
      // The stored page really is the short one: its class attributes are a fraction of the fresh page's.
      expect(stored.classes).toBeLessThan(fresh.classes * 0.6);
      expect(stored.tags).toEqual(fresh.tags);
      const differing = stored.hashes.flatMap((h, i) => (h === fresh.hashes[i] ? [] : [i])).slice(0, 3);
      if (differing.length) {
        const storedDetail = (await snapshot(page, differing)).detail;
        await gotoFresh(page, `${DEMO_URL}${path}`);
        await settle(page);
        const freshDetail = (await snapshot(page, differing)).detail;
        const diff = differing.map((_, k) => ({
          stored: storedDetail[k].element,
          fresh: freshDetail[k].element,
          only: storedDetail[k].styles.filter((s) => !freshDetail[k].styles.includes(s)),
          was: freshDetail[k].styles.filter((s) => !storedDetail[k].styles.includes(s)),
        }));
        expect(diff, "elements styled differently in the stored page").toEqual([]);
      }
    });
  }
});
