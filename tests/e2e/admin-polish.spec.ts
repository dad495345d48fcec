import type { Locator, Page } from "@playwright/test";
import { expectToast, openAdmin, saveSettled, toast, TRACE_BLOB_FETCH, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, test, signIn } from "./fixtures";

// The admin side of docs/decisions/0019-admin-toasts-and-hero-media.md and what it changes on the public site: the hero switch, the hero video,
// toasts, long text, the footer logo preview, dimmed cards and reordered contact details.

// A private server with the demo content: these tests change settings, services and projects.
const server = usePrivateServer({ demo: true });

// Refused saves answer 400 (Chromium logs them as failed resources).
test.use({ allowConsoleErrors: [new RegExp(`status of 400|${TRACE_BLOB_FETCH.source}`)] });

async function heroTab(page: Page) {
  await openAdmin(page, `${server.url()}/admin/settings`);
  await page.getByRole("tab", { name: "Hero Section" }).click();
}

/** A real one-second WebM recorded by the browser itself (a canvas stream through MediaRecorder). */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext("2d")!;
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let i = 0; i < 15; i++) {
      context.fillStyle = `hsl(${i * 24} 70% 45%)`;
      context.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 66));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Toasts fade in, stack and expand on hover: axe measures what a person sees once they are still, not mid-fade. */
async function toastsSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => [...document.querySelectorAll("[data-sonner-toast], [data-sonner-toast] > *")].every((el) => ["0", "1"].includes(getComputedStyle(el).opacity))),
    )
    .toBe(true);
}

async function expectClear(toastLocator: Locator, others: Locator[]) {
  const box = (await toastLocator.boundingBox())!;
  for (const other of others) {
    const otherBox = (await other.boundingBox())!;
    expect(overlaps(box, otherBox), `toast ${JSON.stringify(box)} covers ${JSON.stringify(otherBox)}`).toBe(false);
  }
}

test.describe("hero background", () => {
  test("switching Image to Video never keeps the image: the field asks for a video, a mismatch is refused, the hero shows no broken video", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await heroTab(page);
    const imageUrl = page.getByRole("textbox", { name: "Background Image URL" });
    await imageUrl.fill("/images/gallery-1.webp");
    let saved = saveSettled(page, "/admin/settings");
    await page.getByRole("button", { name: "Save Background Image URL" }).click();
    await expectToast(page, "Setting updated successfully");
    await saved;

    saved = saveSettled(page, "/admin/settings");
    await page.getByLabel("Background Type").selectOption("video");
    await expectToast(page, "The previous file was not a video: upload a video for the hero.");
    const videoUrl = page.getByRole("textbox", { name: "Background Video URL" });
    await expect(videoUrl).toHaveValue("");
    await saved;

    // An image's address in the video field is refused by the server, with the reason under the field.
    await videoUrl.fill("/images/gallery-2.webp");
    await page.getByRole("button", { name: "Save Background Video URL" }).click();
    await expect(page.getByText("The background type is Video: enter the address of a video file (.mp4 or .webm) or upload one")).toBeVisible();
    await expectToast(page, "Failed to update setting");

    await page.reload();
    await page.getByRole("tab", { name: "Hero Section" }).click();
    await expect(page.getByLabel("Background Type")).toHaveValue("video");
    await expect(page.getByRole("textbox", { name: "Background Video URL" })).toHaveValue("");

    // The public hero: no video without a video file, and the site's own image.
    await page.goto(`${url}/`);
    await expect(page.locator("#home video")).toHaveCount(0);
    await expect(page.locator('#home img[src="/images/hero-maldives.webp"]')).toBeAttached();

    await heroTab(page);
    const reset = saveSettled(page, "/admin/settings");
    await page.getByLabel("Background Type").selectOption("image");
    await expectToast(page, "Setting updated successfully");
    await reset;
  });

  test("a hero video plays unless the visitor prefers reduced motion, and has a pause/play button", async ({ page, browser }) => {
    const url = server.url();
    await signIn(page, url);
    await heroTab(page);
    let saved = saveSettled(page, "/admin/settings");
    await page.getByLabel("Background Type").selectOption("video");
    await expectToast(page, "Setting updated successfully");
    await saved;
    const chooser = page.waitForEvent("filechooser");
    // The upload is saved as the setting at once.
    saved = saveSettled(page, "/admin/settings");
    await page.getByRole("button", { name: "Upload background video" }).click();
    await (await chooser).setFiles({ name: "hero.webm", mimeType: "video/webm", buffer: await recordWebm(page) });
    await expectToast(page, "File uploaded successfully");
    await expect(page.getByRole("textbox", { name: "Background Video URL" })).toHaveValue(/\/uploads\/site-assets\/hero-backgrounds\/.+\.webm$/);
    await saved;

    // Motion allowed: it plays, and the button pauses it.
    const visitor = await browser.newPage();
    await visitor.goto(`${url}/`);
    const video = visitor.locator("#home video");
    await expect(video).not.toHaveAttribute("autoplay");
    const pause = visitor.getByRole("button", { name: "Pause background video" });
    await expect(pause).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await pause.click();
    await expect(visitor.getByRole("button", { name: "Play background video" })).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await visitor.close();

    // Reduced motion: the poster only, until the visitor presses Play.
    const calm = await browser.newPage({ reducedMotion: "reduce" });
    await calm.goto(`${url}/`);
    const play = calm.getByRole("button", { name: "Play background video" });
    await expect(play).toBeVisible();
    await calm.waitForTimeout(500);
    expect(await calm.locator("#home video").evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
    await play.click();
    await expect(calm.getByRole("button", { name: "Pause background video" })).toBeVisible();
    await calm.close();

    await heroTab(page);
    const reset = saveSettled(page, "/admin/settings");
    await page.getByLabel("Background Type").selectOption("image");
    await expectToast(page, "Setting updated successfully");
    await reset;
  });
});

test.describe("toasts", () => {
  // docs/decisions/0070-toasts-leave-on-their-own-and-stay-off-the-controls.md
  for (const width of [1280, 390]) {
    test(`at ${width} px: a toast covers neither the button that made it nor its bar nor a dialog's title, leaves under a resting pointer, and an error waits to be closed`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const url = server.url();
      await signIn(page, url);

      // Site Content: Save draft, Preview, Publish, Discard draft and History sit in one bar (at the bottom on a phone).
      await openAdmin(page, `${url}/admin/site-content?section=faq`);
      await page.getByLabel("Section heading", { exact: true }).fill(unique("Questions"));
      const save = page.getByRole("button", { name: "Save draft" });
      const bar = save.locator("xpath=..");
      await save.click();
      const saved = toast(page, "FAQ: draft saved").first();
      await expect(saved).toBeVisible();
      await expectClear(saved, [bar, save, page.getByRole("button", { name: "Publish", exact: true }), page.getByRole("button", { name: "Discard draft" }), page.getByRole("button", { name: /History/ })]);
      // The pointer rests on the toast: it still leaves on its own.
      const box = (await saved.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(500);
      await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
      await expect(saved).toHaveCount(0, { timeout: 7_000 });

      // An error stays until its close button is pressed, and covers nothing of the row that made it.
      await openAdmin(page, `${url}/admin/settings`);
      await page.getByRole("tab", { name: "Hero Section" }).click();
      await page.getByRole("textbox", { name: "Background Image URL" }).fill("/images/hero.mp4");
      const saveUrl = page.getByRole("button", { name: "Save Background Image URL" });
      await saveUrl.click();
      const failure = toast(page, "Failed to update setting").first();
      await expect(failure).toBeVisible();
      await expectClear(failure, [saveUrl, page.getByRole("textbox", { name: "Background Image URL" })]);
      await page.waitForTimeout(5_000);
      await expect(failure).toBeVisible();
      await expectNoAxeViolations(page, { includeToasts: true });
      await failure.getByRole("button", { name: "Close toast" }).click();
      await expect(page.locator("[data-sonner-toast]:not([data-removed=true])")).toHaveCount(0);

      // In a dialog: a toast raised from inside it (a category created inline) leaves its close button, its fields
      // and its Save/Cancel buttons uncovered, and its title too where the window has room beside the dialog.
      await openAdmin(page, `${url}/admin/services`);
      await page.getByRole("button", { name: "Add Service" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Service" });
      await dialog.getByLabel("Title").fill(unique("Toast check"));
      await dialog.getByRole("button", { name: "New category" }).click();
      await dialog.getByLabel("Category name").fill(unique("Toasts"));
      await dialog.getByRole("button", { name: "Create Category" }).click();
      const created = toast(page, "Category created successfully").first();
      await expect(created).toBeVisible();
      await dialog.getByLabel("Short Description").focus();
      const buttons = [dialog.getByRole("button", { name: "Close", exact: true }), dialog.getByRole("button", { name: "Create Service" }), dialog.getByRole("button", { name: "Cancel" })];
      const fields = [dialog.getByLabel("Title"), dialog.getByLabel("Category", { exact: true }), dialog.getByLabel("Short Description")];
      const title = width > 600 ? [dialog.getByRole("heading", { name: "Add Service" })] : [];
      await expectClear(created, [...buttons, ...fields, ...title]);
      await toastsSettled(page);
      await expectNoAxeViolations(page, { includeToasts: true });
    });
  }
});

test.describe("long unbroken text at 390 px", () => {
  test("a URL in a short description and a long word in a title never widen the home, service, project and portfolio pages", async ({ page }) => {
    const url = server.url();
    const longWord = `Supercalifragilisticexpialidocious${"Renovation".repeat(5)}`;
    const longUrl = `https://example.com/${"a-very-long-path-segment-without-spaces".repeat(4)}`;
    await signIn(page, url);

    await openAdmin(page, `${url}/admin/services`);
    await page.getByRole("button", { name: "Add Service" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Service" });
    await dialog.getByLabel("Title").fill(`Aa ${longWord}`);
    await dialog.getByLabel("Short Description").fill(`See ${longUrl}`);
    await dialog.getByRole("button", { name: "Create Service" }).click();
    await expectToast(page, "Service created successfully");

    await openAdmin(page, `${url}/admin/projects`);
    await page.getByRole("button", { name: "Add Project" }).click();
    dialog = page.getByRole("dialog", { name: "Add Project" });
    await dialog.getByLabel("Title").fill(`Zz ${longWord}`);
    await dialog.getByLabel("Short Description").fill(`See ${longUrl}`);
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expectToast(page, "Project created successfully");
    // The list has reloaded with it.
    await expect(page.getByRole("heading", { name: `Zz ${longWord}` })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(`${url}/`);
    expect(await width(), "home").toBeLessThanOrEqual(390);
    const serviceHref = await page.getByRole("link", { name: new RegExp(longWord) }).first().getAttribute("href");
    await page.goto(`${url}/projects`);
    expect(await width(), "portfolio").toBeLessThanOrEqual(390);
    const projectHref = await page.getByRole("link", { name: new RegExp(longWord) }).first().getAttribute("href");
    for (const path of [serviceHref!, projectHref!]) {
      await page.goto(`${url}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(longWord);
      expect(await width(), path).toBeLessThanOrEqual(390);
    }
  });
});

test.describe("settings: the footer logo preview", () => {
  test("is shown on the footer's own dark background", async ({ page }) => {
    const url = server.url();
    await page.goto(`${url}/`);
    const footerBackground = await page.getByRole("contentinfo").evaluate((el) => getComputedStyle(el).backgroundColor);

    await signIn(page, url);
    await openAdmin(page, `${url}/admin/settings`);
    const footerCard = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: "Footer Logo" }) });
    await footerCard.getByRole("switch", { name: "Use text logo" }).click();
    await expectToast(page, "Setting updated successfully");
    await footerCard.getByRole("textbox", { name: "Footer Logo Image URL" }).fill("/logo-mark.svg");
    const preview = footerCard.getByRole("img", { name: "Preview of Footer Logo Image URL" });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(footerBackground);
    expect(await preview.evaluate((el) => getComputedStyle(el).objectFit)).toBe("contain");
    await footerCard.getByRole("switch", { name: "Use text logo" }).click();
    await expectToast(page, "Setting updated successfully");
  });
});

test.describe("admin lists", () => {
  const imageFaded = (card: Locator) => card.locator("img").first().evaluate((img) => Number(getComputedStyle(img).opacity) < 1 && getComputedStyle(img).filter.includes("grayscale"));

  test("an inactive service and a private project look inactive at a glance, with their badge", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/services`);
    const service = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Residential Construction", exact: true }) });
    expect(await imageFaded(service)).toBe(false);
    await service.getByRole("button", { name: "Deactivate service" }).click();
    await expectToast(page, "Service deactivated successfully");
    await expect(service.getByText("Inactive", { exact: true })).toBeVisible();
    await expect.poll(() => imageFaded(service)).toBe(true);
    await expect(service).toHaveCSS("border-style", "dashed");
    await expectNoAxeViolations(page);
    await service.getByRole("button", { name: "Activate service" }).click();
    await expectToast(page, "Service activated successfully");
    await expect.poll(() => imageFaded(service)).toBe(false);

    await openAdmin(page, `${url}/admin/projects`);
    const project = page.getByRole("article").filter({ has: page.locator("img") }).first();
    expect(await imageFaded(project)).toBe(false);
    // The switch shows the new state at once; the save and the list's reload follow.
    let saved = saveSettled(page, "/admin/projects");
    await project.getByRole("switch", { name: "Public" }).click();
    await expect(project.getByText("Private", { exact: true })).toBeVisible();
    await expect.poll(() => imageFaded(project)).toBe(true);
    await expect(project).toHaveCSS("border-style", "dashed");
    await saved;
    saved = saveSettled(page, "/admin/projects");
    await project.getByRole("switch", { name: "Public" }).click();
    await expect(project.getByRole("switch", { name: "Public" })).toBeChecked();
    await expect.poll(() => imageFaded(project)).toBe(false);
    await saved;
  });

  test("contact details move up and down, numbered 0..n-1", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/contact-details`);
    const list = page.getByRole("region", { name: "Contact details" });
    const headings = list.getByRole("article").getByRole("heading");
    const before = await headings.allTextContents();
    expect(before.length).toBeGreaterThan(2);
    await expect(list.getByRole("button", { name: /up$/ }).first()).toBeDisabled();
    await expect(list.getByRole("button", { name: /down$/ }).last()).toBeDisabled();

    await list.getByRole("button", { name: /down$/ }).first().click();
    await expectToast(page, "Contact detail updated successfully");
    await expect(headings).toHaveText([before[1], before[0], ...before.slice(2)]);
    const orders = await list.getByText(/^Display order: \d+$/).allTextContents();
    expect(orders).toEqual(before.map((_, i) => `Display order: ${i}`));

    await list.getByRole("button", { name: /up$/ }).nth(1).click();
    await expectToast(page, "Contact detail updated successfully");
    await expect(headings).toHaveText(before);
  });
});
