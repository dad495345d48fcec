import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";

// Images below the fold that would share a phone's line with the page's main image (data-after-lcp, see
// app/theme.css and releaseAfterMainImage in app/islands/site.ts) wait until it is on screen; without a
// script they load as usual.

// A phone, as Lighthouse's mobile run: the held images lie within Chromium's lazy-loading margin there.
const PHONE = { width: 412, height: 823 };

/** "/images/name" for /images/name.jpg and its variants /images/name-w480.webp, ... */
const baseOf = (src: string) => new URL(src).pathname.replace(/(-w\d+)?\.\w+$/, "");

const loaded = (imgs: HTMLImageElement[]) => imgs.map((img) => img.complete && img.naturalWidth > 0);

async function expectHeldUntilMainImage(browser: Browser, url: string, heldImages: string, options: { slow3g?: boolean } = {}) {
  const viewport = PHONE;
  // The file names, from a first look at the page.
  const look = await browser.newContext({ viewport });
  const page = await look.newPage();
  await page.goto(url);
  const mainBase = baseOf(await page.locator("img[fetchpriority=high]").evaluate((img: HTMLImageElement) => img.src));
  const heldBases = (await page.locator(heldImages).evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => img.src))).map(baseOf);
  expect(heldBases.length).toBeGreaterThan(0);
  expect(heldBases).not.toContain(mainBase);
  await look.close();

  // A fresh cache; the main image is held back until released.
  const context = await browser.newContext({ viewport });
  const fresh = await context.newPage();
  if (options.slow3g) {
    // Chromium widens its lazy-loading margin from 1,250 to 2,500 px on a 3G-class connection.
    const cdp = await context.newCDPSession(fresh);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 560, downloadThroughput: 1.4e6 / 8, uploadThroughput: 7e5 / 8 });
  }
  let releaseMain: () => void = () => {};
  const mainHeld = new Promise<void>((resolve) => {
    releaseMain = resolve;
  });
  const requested: string[] = [];
  // Site images carry their content hash (`?v=`, app/lib/images.ts).
  await fresh.route(/\.(webp|avif)(\?v=[0-9a-f]+)?$/, async (route) => {
    const base = baseOf(route.request().url());
    if (base === mainBase) await mainHeld;
    if (heldBases.includes(base)) requested.push(base);
    await route.continue();
  });
  await fresh.goto(url, { waitUntil: "domcontentloaded" });
  await expect(fresh.locator(heldImages)).toHaveCount(heldBases.length);
  // Without the hold they would be asked for within this second.
  await fresh.waitForTimeout(1000);
  expect(requested).toEqual([]);
  releaseMain();
  await fresh.locator(heldImages).first().scrollIntoViewIfNeeded();
  await expect.poll(() => fresh.locator(heldImages).evaluateAll(loaded)).toEqual(heldBases.map(() => true));
  expect([...requested].sort()).toEqual([...heldBases].sort());
  await context.close();

  const noScript = await browser.newContext({ viewport, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(url);
  await plain.locator(heldImages).first().scrollIntoViewIfNeeded();
  await expect.poll(() => plain.locator(heldImages).evaluateAll(loaded)).toEqual(heldBases.map(() => true));
  await expect(plain.locator(heldImages).first()).toBeVisible();
  await noScript.close();
}

test("a detail page's gallery thumbnails wait for its featured image; without a script they load at once", async ({ page, browser }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Our Services" }).getByRole("link", { name: "Residential Construction" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Residential Construction" })).toBeVisible();
  await expectHeldUntilMainImage(browser, page.url(), "[data-lightbox-group] a img");
});

test("the home page's about image waits for the hero; without a script it loads at once", async ({ browser, baseURL }) => {
  // The about section starts ~3,000 px down a phone's page: within the lazy-loading margin on a slow connection.
  await expectHeldUntilMainImage(browser, `${baseURL}/`, "#about img", { slow3g: true });
});
