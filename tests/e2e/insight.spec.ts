import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { DEMO_URL, expect, expectNoAxeViolations, reviewScreenshot, signIn, test } from "./fixtures";
import { openAdmin, waitForHealth } from "./admin-helpers";

// Visitor statistics against the production build (docs/product.md#insight): the page views a real server counts
// reach the database on SIGTERM, and the admin Insight page draws its charts in a browser.

const PORT = Number(process.env.E2E_PORT_BASE || 4310) + 12;
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess; exited: Promise<number | null>; output: () => string }> {
  let output = "";
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      AUTH_SECRET: "insight-secret-insight-secret-0123456789",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
      // Nothing is written on a timer during the test: only shutdown can have stored the views.
      INSIGHT_FLUSH_MS: "60000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`server did not start: ${(error as Error).message}\n${output}`, { cause: error });
  }
  return { url, child, exited, output: () => output };
}

test("SIGTERM writes the page views still in memory; cached and rendered views count once; bots do not", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-insight-"));
  const server = await startServer(dir);
  try {
    // Each page read to its end, as a browser does, before the next request.
    const get = async (p: string, ua = CHROME) => {
      const response = await fetch(`${server.url}${p}`, { headers: { "user-agent": ua } });
      await response.arrayBuffer();
      return response;
    };
    const first = await get("/?utm_source=newsletter");
    const second = await get("/");
    const third = await get("/");
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(third.headers.get("x-page-cache")).toBe("hit");
    await get("/", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)");
    await get("/", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36");

    // Nothing stored yet: the counts wait in memory for the next flush.
    const before = new Database(path.join(dir, "site.db"), { readonly: true });
    expect(before.prepare("select count(*) as n from insight_pages").get()).toEqual({ n: 0 });
    before.close();

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const db = new Database(path.join(dir, "site.db"), { readonly: true });
    try {
      expect(db.prepare("select path, pageviews from insight_pages").all()).toEqual([{ path: "/", pageviews: 3 }]);
      const visitors = db.prepare("select * from insight_visitors").all() as Record<string, unknown>[];
      expect(visitors).toHaveLength(1);
      expect(visitors[0]).toMatchObject({ landing_path: "/", source: "newsletter", device: "desktop", browser: "Chrome", pageviews: 3 });
      const stored = JSON.stringify(visitors);
      for (const secret of ["127.0.0.1", "Mozilla", "Windows NT"]) expect(stored).not.toContain(secret);
    } finally {
      db.close();
    }
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the Insight page shows visitors, page views and conversion as charts and tables", async ({ page }, testInfo) => {
  // Views from a browser the counter believes (Playwright's own user agent says HeadlessChrome: a bot).
  const sitemap = await (await fetch(`${DEMO_URL}/sitemap.xml`)).text();
  const service = sitemap.match(/\/service\/[\w-]+/)?.[0] ?? "/";
  for (const p of ["/?utm_source=facebook&utm_campaign=launch", service, "/"]) {
    const r = await fetch(`${DEMO_URL}${p}`, { headers: { "user-agent": CHROME } });
    expect(r.status).toBe(200);
    await r.arrayBuffer();
  }

  await signIn(page);
  await openAdmin(page, `${DEMO_URL}/admin/dashboard`);
  await page.getByRole("link", { name: "Insight" }).first().click();
  await expect(page).toHaveURL(/\/admin\/insight$/);
  await expect(page.getByRole("heading", { name: "Insight", level: 2 })).toBeVisible();

  const traffic = page.getByRole("img", { name: /visitors and .* page views over the last 30 days/ });
  await expect(traffic).toBeVisible();
  // Two drawn lines (page views and visitors) and a bar chart.
  await expect(traffic.locator("path.recharts-line-curve")).toHaveCount(2);
  await expect(page.getByTestId("conversion-chart").locator("svg.recharts-surface")).toBeVisible();
  expect(Number(await page.getByTestId("insight-page-views").textContent())).toBeGreaterThanOrEqual(3);
  // Pages by what they show, linked to the public page, not by their paths.
  const topPages = page.getByRole("table", { name: "Top pages" });
  await expect(topPages.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await expect(topPages.locator(`a[href="${service}"]`)).toBeVisible();
  await expect(topPages.getByText(/^\/service\//)).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Sources" }).getByRole("cell", { name: "facebook" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Campaigns" }).getByRole("cell", { name: "launch" })).toBeVisible();
  await expectNoAxeViolations(page);
  await reviewScreenshot(page, testInfo, "insight-1280");

  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(page.getByRole("img", { name: /over the last 90 days/ }).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${DEMO_URL}/admin/insight`);
  await expect(page.getByTestId("traffic-chart").locator("path.recharts-line-curve")).toHaveCount(2);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`),
  );
  // Nothing wider than a phone's screen.
  expect(wide).toEqual([]);
  await reviewScreenshot(page, testInfo, "insight-390");
});
