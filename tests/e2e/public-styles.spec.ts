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

test("every class on a public page that the app's stylesheet styles is styled by the inlined one", async ({ page, request }) => {
  const loginHtml = await (await request.get(`${DEMO_URL}/admin/login`)).text();
  const appCssPath = loginHtml.match(/<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/)?.[1];
  expect(appCssPath, "the admin links the whole app's stylesheet").toBeTruthy();
  const appCss = await (await request.get(`${DEMO_URL}${appCssPath}`)).text();

  for (const path of ["/", "/projects", ...(await detailPaths(request)), "/no-such-page"]) {
    await page.goto(path);
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
