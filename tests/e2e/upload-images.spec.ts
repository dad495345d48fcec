import type { Page } from "@playwright/test";
import sharp from "sharp";
import { unique, usePrivateServer } from "./admin-helpers";
import { expect, signIn, test } from "./fixtures";

// An uploaded picture on a public page: its 480 and 800 px AVIF are in the page's srcsets and are what a 390 px
// phone loads where the image is shown at phone widths (docs/decisions/0038-upload-avif-480.md,
// docs/decisions/0051-avif-800.md). A private server
// that starts empty, so the service made here shows on no other file's pages.
const server = usePrivateServer({ demo: false });

const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(page: Page, url: string, bucket: string, folder: string, files: Buffer[]): Promise<string[]> {
  const response = await page.request.post(`${url}/api/uploads`, {
    headers: { origin: url },
    multipart: { bucket, folder, file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: files[0] } },
  });
  expect(response.status()).toBe(200);
  const urls = ((await response.json()) as { files: Array<{ url: string }> }).files.map((f) => f.url);
  if (files.length > 1) urls.push(...(await upload(page, url, bucket, folder, files.slice(1))));
  return urls;
}

/** The file an <img> shows, whichever <source> candidate the browser picked. */
const shown = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc.replace(/^https?:\/\/[^/]+/, "")));

test("a service's uploaded pictures: the 480 and 800 px AVIF are offered, and a phone loads the one its screen needs", async ({ page, browser }) => {
  const url = server.url();
  await signIn(page, url);
  const [featured] = await upload(page, url, "service-images", "featured", [await photo("#1d6f8a")]);
  const gallery = await upload(page, url, "service-images", "gallery", [await photo("#8a1d4f"), await photo("#4f8a1d")]);
  const title = unique("Harbour Works");
  const created = await page.request.post(`${url}/admin/services`, {
    headers: { origin: url },
    form: { intent: "create", title, is_active: "on", sort_order: "0", featured_image_url: featured, gallery: gallery.join("\n") },
  });
  expect(created.status()).toBe(200);

  const home = await (await page.request.get(`${url}/`)).text();
  const path = new RegExp(`href="(/service/[^"]+)"[^>]*>[^<]*${title}`).exec(home)?.[1] ?? /href="(\/service\/[^"]+)"/.exec(home)?.[1];
  expect(path).toBeTruthy();
  const html = await (await page.request.get(`${url}${path}`)).text();
  for (const image of [featured, ...gallery]) {
    const base = image.replace(/\.jpg$/, "");
    expect(html, image).toContain(`${base}-w480.avif 480w, ${base}-w800.avif 800w, ${base}-w960.avif 960w`);
    for (const width of [480, 800]) {
      const file = await page.request.get(`${url}${base}-w${width}.avif`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/avif");
    }
  }

  // The featured image is shown full width (~360 px): the 480 px AVIF at 1 dppx, the 800 px one at 2 dppx (780
  // device pixels; it took the 960 px file before), the 960 px one at 3 dppx.
  const heroAt = { 1: "-w480.avif", 2: "-w800.avif", 3: "-w960.avif" } as const;
  for (const scale of [1, 2, 3] as const) {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: scale });
    const tab = await phone.newPage();
    await tab.goto(`${url}${path}`);
    const thumbnails = tab.locator(`main ul img`);
    await thumbnails.last().scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnails.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    // Thumbnails are shown at half the screen (195 px): the 480 px AVIF even at 2 dppx (at 3, the 800 px one).
    expect(await shown(tab, "main ul img")).toEqual(gallery.map((g) => g.replace(/\.jpg$/, scale === 3 ? "-w800.avif" : "-w480.avif")));
    const hero = await shown(tab, `main img[src="${featured}"]`);
    expect(hero).toEqual([featured.replace(/\.jpg$/, heroAt[scale])]);
    await phone.close();
  }
});
