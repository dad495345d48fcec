import zlib from "node:zlib";
import { ADMIN, DEMO_URL, expect, test } from "./fixtures";

// The admin on a phone (docs/performance.md#admin): the JavaScript the dashboard, services and projects pages load, signed in, at 390 px,
// summed gzipped as the compression middleware sends it (as budgets.spec.ts does for public pages). The timing
// targets are measured by `npm run lighthouse` and `npm run bench`; the bytes are deterministic, so they are held here.

const KiB = 1024;
/**
 * The target is 150 KiB of gzipped JavaScript on the dashboard. It measured 141.5 KiB on 2026-11-24 (React and
 * React Router alone are 106 KiB of it): a chart library, the site's not-found page or zod back in the admin
 * shell, or sonner loaded before the first toast, fails it (docs/decisions/0033-admin-on-a-phone.md).
 * Services and projects are held to their figures after their dialogs became lazy and the admin's chunks were
 * grouped by page (149-150 KiB with the inline loader data, 9 files each, on 2026-11-24, from 165-170 KiB in 39-43 files;
 * docs/decisions/0039-admin-chunks-by-page.md): a dialog,
 * zod or a Radix widget back on the list pages, or the chunks split up again, fails it.
 */
const PAGES = [
  { path: "/admin/dashboard", gzipBudget: 150 * KiB, maxFiles: 10 },
  { path: "/admin/services", gzipBudget: 155 * KiB, maxFiles: 10 },
  { path: "/admin/projects", gzipBudget: 155 * KiB, maxFiles: 10 },
];

test.describe("admin budgets (docs/performance.md#admin)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, gzipBudget, maxFiles } of PAGES) {
    test(`${path}: its JavaScript is within ${gzipBudget / KiB} KiB gzipped, in at most ${maxFiles} files`, async ({ page }) => {
      // Signed in through the API (the context keeps the session cookie), so that no page has loaded any script yet:
      // the page is measured as an admin opening it on a phone, with nothing in the browser's cache.
      const signedIn = await page.request.post(`${DEMO_URL}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: DEMO_URL } });
      expect(signedIn.ok(), await signedIn.text()).toBe(true);
      const scripts = new Map<string, number>();
      const pending: Promise<void>[] = [];
      page.on("response", (response) => {
        const type = response.headers()["content-type"] ?? "";
        if (!/javascript/.test(type) || response.status() !== 200 || scripts.has(response.url())) return;
        pending.push(
          response.body().then((body) => {
            scripts.set(response.url(), zlib.gzipSync(body).length);
          }),
        );
      });
      await page.goto(path, { waitUntil: "networkidle" });
      await page.locator("[data-hydrated]").waitFor();
      await page.waitForLoadState("networkidle");
      await Promise.all(pending);

      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")]
          .filter((s) => s.getAttribute("type") !== "application/ld+json")
          .map((s) => s.textContent ?? "")
          .join("\n"),
      );
      const total = [...scripts.values()].reduce((a, b) => a + b, 0) + zlib.gzipSync(Buffer.from(inline)).length;
      const largest = [...scripts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([url, bytes]) => `${new URL(url).pathname} ${(bytes / KiB).toFixed(1)} KiB`)
        .join(", ");
      const report = `${scripts.size} files, ${(total / KiB).toFixed(1)} KiB gzip; largest: ${largest}`;
      test.info().annotations.push({ type: `${path} JS`, description: report });
      console.log(`[admin budgets] ${path} ${report}`);

      expect(scripts.size, "the page is hydrated: it loads the React Router client").toBeGreaterThan(0);
      expect(total, `${path} JS gzip bytes (${report})`).toBeLessThanOrEqual(gzipBudget);
      // Each file is a request, and a phone's line pays a round trip for every few of them.
      expect(scripts.size, `${path} JS files (${report})`).toBeLessThanOrEqual(maxFiles);
    });
  }
});
