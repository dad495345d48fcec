import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expectToast, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { expect, test, signIn } from "./fixtures";

// The rendered-page cache through the real server (docs/decisions/0006-rendered-page-cache.md): public
// pages come from memory with this response's own CSP nonce and form token, and an admin edit shows at
// once. An admin edit changes what every page shows, so this file has a private server of its own.
// Visitor requests go through the `request` fixture, which has no cookies: a signed-in browser bypasses
// the cache and would show the new content whether or not the cache was cleared.

const server = usePrivateServer({ demo: true });

async function visit(request: APIRequestContext, path: string, method: "GET" | "HEAD" = "GET") {
  const response: APIResponse = method === "GET" ? await request.get(`${server.url()}${path}`) : await request.head(`${server.url()}${path}`);
  const html = method === "GET" ? await response.text() : "";
  const csp = response.headers()["content-security-policy"] ?? "";
  return {
    status: response.status(),
    cache: response.headers()["x-page-cache"] ?? null,
    headers: response.headers(),
    html,
    headerNonce: csp.match(/'nonce-([^']+)'/)?.[1],
    scriptHashes: [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]),
    bodyNonces: [...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]),
    token: html.match(/name="form_token" value="([^"]+)"/)?.[1],
  };
}

async function firstDetailPages(request: APIRequestContext) {
  const xml = await (await request.get(`${server.url()}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const service = paths.find((p) => p.startsWith("/service/"));
  const project = paths.find((p) => p.startsWith("/project/"));
  if (!service || !project) throw new Error("the demo sitemap lists no service or project page");
  return [service, project];
}

test("the home page comes from memory with a fresh nonce and form token, and runs in the browser", async ({ request, page }) => {
  const first = await visit(request, "/");
  const second = await visit(request, "/");
  expect(first.status).toBe(200);
  expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
  expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
  // Brotli from the first answer on: the stored page, compressed once (docs/decisions/0031-per-page-css-and-brotli-page-cache.md);
  // the text above was decoded from it.
  expect([first.headers["content-encoding"], second.headers["content-encoding"]]).toEqual(["br", "br"]);

  for (const r of [first, second]) {
    // The same page for everyone: no nonce in it; its inline script is allowed by hash.
    expect(r.headerNonce).toBeUndefined();
    expect(r.bodyNonces).toEqual([]);
    expect(r.scriptHashes.length).toBeGreaterThan(0);
    expect(r.token).toMatch(/^\d{13}\.[\w-]{22}$/);
  }
  // Two scripts: the site's and the contact form's, which a stored page keeps only where the form is
  // (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).
  expect(second.scriptHashes).toHaveLength(2);
  expect(second.html).toMatch(/<script type="module" data-island-for="data-enquiry-form">/);
  expect(second.token).not.toBe(first.token);
  expect(Number(second.token?.split(".")[0])).toBeGreaterThanOrEqual(Number(first.token?.split(".")[0]));

  // A browser gets a cached page whose scripts the CSP lets run: a refused script is a console error,
  // which fails the test, and the site script, once run, marks the menu button (app/islands/behaviours.ts).
  const response = await page.goto(`${server.url()}/`);
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-menu-toggle]")).toHaveAttribute("aria-expanded", "false");
});

test("service and project pages are cached; 404s, query strings and data requests are not", async ({ request }) => {
  for (const path of await firstDetailPages(request)) {
    expect((await visit(request, path)).cache, path).toBe("miss");
    const hit = await visit(request, path);
    expect(hit.cache, path).toBe("hit");
    expect([hit.headerNonce, hit.bodyNonces, hit.headers["content-encoding"]]).toEqual([undefined, [], "br"]);
    // No contact form here: the site's script alone, and no styles for the form's toasts.
    expect([hit.scriptHashes.length, /<script[^>]*data-island-for/.test(hit.html), hit.html.includes(".toast")], path).toEqual([1, false, false]);
    const head = await visit(request, path, "HEAD");
    expect([head.status, head.cache, head.headers["content-type"]]).toEqual([200, "hit", "text/html; charset=utf-8"]);
  }
  for (let i = 0; i < 2; i++) {
    const missing = await visit(request, "/service/does-not-exist");
    expect([missing.status, missing.cache]).toEqual([404, "miss"]);
    // A query string the page does not read gets the stored page (docs/decisions/0064-page-cache-keys-by-what-a-page-reads.md).
    expect((await visit(request, "/?utm_source=newsletter")).cache).toBe("hit");
    expect((await visit(request, "/_root.data")).cache).toBeNull();
  }
});

test("after the first answer, the stored page is compressed again, smaller, and reads the same", async ({ request }) => {
  // docs/decisions/0048-stored-pages-at-brotli-11.md, 0098: the first visitor gets brotli 6 at once; later ones brotli 11.
  const first = await visit(request, "/projects");
  expect([first.cache, first.headers["content-encoding"]]).toEqual(["miss", "br"]);
  const sent = (r: { headers: Record<string, string> }) => Number(r.headers["content-length"]);
  let later = await visit(request, "/projects");
  await expect
    .poll(async () => {
      later = await visit(request, "/projects");
      return sent(later);
    })
    .toBeLessThan(sent(first) * 0.97);
  expect([later.cache, later.headers["content-encoding"]]).toEqual(["hit", "br"]);
  // The same page decoded, but for this response's form token.
  const withoutToken = (html: string) => html.replace(/name="form_token" value="[^"]+"/g, "");
  expect(withoutToken(later.html)).toBe(withoutToken(first.html));
});

test("an admin edit shows on the next visit; the admin's own visits bypass the cache", async ({ request, page }) => {
  await visit(request, "/");
  expect((await visit(request, "/")).cache).toBe("hit");

  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/settings`);
  const header = page.getByRole("tabpanel").locator("[data-slot=card]").filter({ hasText: "Header Logo" });
  const logoText = unique("Lagoon Builders");
  await header.getByRole("textbox", { name: "Header Logo Text" }).fill(logoText);
  await header.getByRole("button", { name: "Save Header Logo Text" }).click();
  await expectToast(page, "Setting updated successfully");

  const after = await visit(request, "/");
  expect(after.cache).toBe("miss");
  expect(after.html).toContain(logoText);
  const again = await visit(request, "/");
  expect(again.cache).toBe("hit");
  expect(again.html).toContain(logoText);

  // The signed-in browser carries the session cookie: never served from, nor stored in, the cache.
  const adminView = await page.goto(`${server.url()}/`);
  expect(adminView?.headers()["x-page-cache"]).toBeUndefined();
  await expect(page.getByRole("banner")).toContainText(logoText);
});

test("a campaign link gets the stored page, and its script puts the campaign tags in the contact form", async ({ page }) => {
  await page.goto("/?utm_campaign=first-visit");
  const response = await page.goto("/?utm_source=mail&utm_medium=email&utm_campaign=rainy-season#contact");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  const form = page.locator("form#contact-form");
  await expect(form.locator('input[name="utm_campaign"]')).toHaveValue("rainy-season");
  await expect(form.locator('input[name="utm_source"]')).toHaveValue("mail");
  await expect(form.locator('input[name="utm_medium"]')).toHaveValue("email");
});
