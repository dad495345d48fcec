import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectToast, holdRequests, openAdmin, TRACE_BLOB_FETCH, toast, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

// Admin: Media and "Choose from library" (docs/product.md#media-library): several uploads at once, each with its own
// progress bar; one file chosen for a service and for a project gallery; its alt text changed once in Media and
// seen on both public pages; deleting it refused with both uses named; an unused file deleted. A private server
// that starts empty, so the library holds only this file's uploads.
const server = usePrivateServer({ demo: false });

// The refused delete answers 400 and the refused replace upload 415, which Chromium logs as failed resources.
test.use({ allowConsoleErrors: [new RegExp(`status of (?:400|415)|${TRACE_BLOB_FETCH.source}`)] });

const picture = async (name: string, background: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 640, height: 400, channels: 3, background } }).png().toBuffer(),
});

/** With E2E_SCREENSHOTS=1, full pages at a phone's and a desktop's width into the test's output folder, for a person to look at. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The admin's sidebar slides away below its breakpoint: the shot waits for the new layout to settle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The public page of the record titled `title`, found through the public list at `listPath`. */
async function publicPath(page: Page, url: string, listPath: string, noun: string, title: string): Promise<string> {
  const html = await (await page.request.get(`${url}${listPath}`)).text();
  const found = new RegExp(`href="(/${noun}/[^"]+)"[^>]*>(?:(?!</a>)[\\s\\S])*${title}`).exec(html)?.[1];
  expect(found, `${title} on ${listPath}`).toBeTruthy();
  return found as string;
}

test("upload three at once, choose one for a service and a project gallery, its alt text on both pages, delete refused then an unused one deleted", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/media`);
  await expect(page.getByRole("heading", { name: "No files yet" })).toBeVisible();

  // Three files at once: the answers are held until every bar is on screen, then each says it is done.
  const hold = await holdRequests(page, /\/api\/uploads$/, (request) => request.method() === "POST");
  const files = [await picture("lagoon.png", "#1d6f8a"), await picture("harbour.png", "#8a1d4f"), await picture("spare.png", "#4f8a1d")];
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload files" }).click();
  await (await chooser).setFiles(files);
  await hold.held;
  for (const file of files) await expect(page.getByRole("progressbar", { name: `Upload progress of ${file.name}` })).toBeVisible();
  hold.release();
  const uploads = page.getByRole("list", { name: "Uploads" });
  for (const file of files) await expect(uploads.getByRole("listitem").filter({ hasText: file.name })).toContainText("Uploaded");
  await hold.stop();
  const grid = page.getByRole("list", { name: "Files" });
  for (const file of files) await expect(grid.getByRole("heading", { name: file.name })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "media");

  // The same file for a service's featured image and a project's gallery: a reference, not a copy.
  const serviceTitle = unique("Lagoon Works");
  await openAdmin(page, `${url}/admin/services`);
  await page.getByRole("button", { name: "Add Service" }).click();
  const serviceDialog = page.getByRole("dialog", { name: "Add Service" });
  await serviceDialog.getByLabel("Title").fill(serviceTitle);
  await serviceDialog.getByRole("button", { name: "Choose from library" }).first().click();
  const library = page.getByRole("dialog", { name: "Choose from library" });
  await expect(library.getByRole("button", { name: /^Choose / })).toHaveCount(3);
  await library.getByRole("searchbox", { name: "Search the library" }).fill("lago");
  await expect(library.getByRole("button", { name: /^Choose / })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await shoot(page, "chooser");
  await library.getByRole("button", { name: "Choose lagoon.png" }).click();
  await expect(library).toBeHidden();
  const lagoonUrl = await serviceDialog.getByLabel("Featured Image", { exact: true }).inputValue();
  expect(lagoonUrl).toMatch(/^\/uploads\/site-assets\/gallery\/[0-9a-f]{16}-\d+\.png$/);
  await serviceDialog.getByRole("button", { name: "Create Service" }).click();
  await expectToast(page, "Service created successfully");

  const projectTitle = unique("Harbour Villas");
  await openAdmin(page, `${url}/admin/projects`);
  await page.getByRole("button", { name: "Add Project" }).click();
  const projectDialog = page.getByRole("dialog", { name: "Add Project" });
  await projectDialog.getByLabel("Title").fill(projectTitle);
  await projectDialog.getByRole("group", { name: "Gallery" }).getByRole("button", { name: "Choose from library" }).click();
  await library.getByRole("button", { name: "Choose lagoon.png" }).click();
  await expect(projectDialog.getByRole("group", { name: "Gallery" }).getByRole("img")).toHaveCount(1);
  await projectDialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project created successfully");

  // Alt text once, in Media: both public pages say it.
  await openAdmin(page, `${url}/admin/media`);
  const card = grid.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "lagoon.png" }) });
  await expect(card.getByRole("link", { name: `Service “${serviceTitle}”` })).toBeVisible();
  await expect(card.getByRole("link", { name: `Project “${projectTitle}”` })).toBeVisible();
  await card.getByRole("textbox", { name: "Alt text of lagoon.png" }).fill("Turquoise lagoon behind a new seawall");
  await card.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Alt text saved");

  const servicePage = await publicPath(page, url, "/", "service", serviceTitle);
  await page.goto(`${url}${servicePage}`);
  await expect(page.locator(".detail-image img")).toHaveAttribute("alt", "Turquoise lagoon behind a new seawall");
  const projectPage = await publicPath(page, url, "/projects", "project", projectTitle);
  await page.goto(`${url}${projectPage}`);
  await expect(page.locator(".detail-gallery img")).toHaveAttribute("alt", "View Turquoise lagoon behind a new seawall");

  // Delete: refused while used, naming both uses; an unused file goes.
  await openAdmin(page, `${url}/admin/media`);
  await card.getByRole("button", { name: "Delete lagoon.png" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  const refusal = toast(page, "Failed to delete file");
  await expect(refusal).toContainText(`Service “${serviceTitle}”`);
  await expect(refusal).toContainText(`Project “${projectTitle}”`);
  await expect(grid.getByRole("heading", { name: "lagoon.png" })).toBeVisible();

  await page.getByLabel("Not used anywhere").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(grid.getByRole("heading")).toHaveCount(2);
  await expect(grid.getByRole("heading", { name: "lagoon.png" })).toHaveCount(0);
  const spareUrl = (await grid.getByRole("link", { name: "Open spare.png" }).getAttribute("href")) as string;
  expect((await page.request.get(`${url}${spareUrl}`)).status()).toBe(200);
  await grid.getByRole("button", { name: "Delete spare.png" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Deleted spare.png");
  await expect(grid.getByRole("heading")).toHaveText(["harbour.png"]);
  expect((await page.request.get(`${url}${spareUrl}`)).status()).toBe(404);
});

test("a use opens its record's dialog, Replace puts a new file everywhere (the public page shows it), and the library pages at 24", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/media`);
  const before = await picture("reef-before.png", "#123456");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload files" }).click();
  await (await chooser).setFiles([before]);
  const grid = page.getByRole("list", { name: "Files" });
  const card = grid.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "reef-before.png" }) });
  await expect(card).toBeVisible();
  // The grid loads the 480 px copy, not the original.
  await expect(card.locator("img")).toHaveAttribute("src", /-w480\.webp$/);
  await card.getByRole("textbox", { name: "Alt text of reef-before.png" }).fill("Coral garden off the house reef");
  await card.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Alt text saved");

  const serviceTitle = unique("Reef Survey");
  await openAdmin(page, `${url}/admin/services`);
  await page.getByRole("button", { name: "Add Service" }).click();
  const serviceDialog = page.getByRole("dialog", { name: "Add Service" });
  await serviceDialog.getByLabel("Title").fill(serviceTitle);
  await serviceDialog.getByRole("button", { name: "Choose from library" }).first().click();
  const library = page.getByRole("dialog", { name: "Choose from library" });
  await library.getByRole("searchbox", { name: "Search the library" }).fill("reef-before");
  await expect(library.getByRole("button", { name: /^Choose / })).toHaveCount(1);
  await expect(library.getByRole("button", { name: /^Choose reef-before\.png/ }).locator("img")).toHaveAttribute("src", /-w480\.webp$/);
  await library.getByRole("button", { name: /^Choose reef-before\.png/ }).click();
  const oldUrl = await serviceDialog.getByLabel("Featured Image", { exact: true }).inputValue();
  await serviceDialog.getByRole("button", { name: "Create Service" }).click();
  await expectToast(page, "Service created successfully");

  // "Where it is used" opens the service's own dialog.
  await openAdmin(page, `${url}/admin/media`);
  await card.getByRole("link", { name: `Service “${serviceTitle}”` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Service" });
  await expect(editDialog.getByLabel("Title")).toHaveValue(serviceTitle);
  await page.keyboard.press("Escape");
  await expect(editDialog).toBeHidden();
  await expect(page).not.toHaveURL(/edit=/);

  // A refused upload stops there: the card says why and nothing has changed.
  await openAdmin(page, `${url}/admin/media`);
  const files = await grid.getByRole("heading").count();
  const refused = page.waitForEvent("filechooser");
  await card.getByRole("button", { name: "Replace reef-before.png" }).click();
  await (await refused).setFiles([{ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a picture") }]);
  await expect(card.getByRole("alert")).toHaveText("This file is not an image");
  await expect(grid.getByRole("heading", { name: "reef-before.png" })).toBeVisible();
  await expect(grid.getByRole("heading")).toHaveCount(files);

  // Replace: a new file, a new name, every use follows; the alt text stays.
  const hold = await holdRequests(page, /\/api\/uploads$/, (request) => request.method() === "POST");
  const replacement = page.waitForEvent("filechooser");
  await card.getByRole("button", { name: "Replace reef-before.png" }).click();
  await (await replacement).setFiles([await picture("reef-after.png", "#c0ffee")]);
  await hold.held;
  await expect(page.getByRole("progressbar", { name: "Upload progress of the new reef-before.png" })).toBeVisible();
  await shoot(page, "replace-uploading");
  hold.release();
  await expectToast(page, "Replaced reef-before.png with reef-after.png");
  await hold.stop();
  const after = grid.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "reef-after.png" }) });
  await expect(after.getByRole("textbox", { name: "Alt text of reef-after.png" })).toHaveValue("Coral garden off the house reef");
  await expect(after.getByRole("link", { name: `Service “${serviceTitle}”` })).toBeVisible();
  await expect(grid.getByRole("heading", { name: "reef-before.png" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, "replaced");
  const newUrl = (await after.getByRole("link", { name: "Open reef-after.png" }).getAttribute("href")) as string;
  expect(newUrl).toMatch(/^\/uploads\/site-assets\/gallery\/[0-9a-f]{16}-\d+\.png$/);
  expect(newUrl).not.toBe(oldUrl);

  const servicePage = await publicPath(page, url, "/", "service", serviceTitle);
  await page.goto(`${url}${servicePage}`);
  const shown = page.locator(".detail-image img");
  await expect(shown).toHaveAttribute("alt", "Coral garden off the house reef");
  // The page names the new file (and its resized copies) and the browser shows it; the old file is gone.
  await expect(shown).toHaveAttribute("src", newUrl);
  await expect(shown).toHaveAttribute("srcset", new RegExp(`^${newUrl.replace(/\.png$/, "")}-w480\\.webp 480w`));
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await page.request.get(`${url}${oldUrl}`)).status()).toBe(404);

  // 24 to a page: 25 more files make a second page, which keeps the search.
  await openAdmin(page, `${url}/admin/media`);
  for (let batch = 0; batch < 3; batch++) {
    const tiles = [];
    for (let i = 0; i < (batch < 2 ? 10 : 5); i++) {
      const name = `tile-${batch * 10 + i}.png`;
      tiles.push({ name, mimeType: "image/png", buffer: await sharp({ create: { width: 24, height: 24, channels: 3, background: `#${(batch * 10 + i).toString(16).padStart(2, "0")}8844` } }).png().toBuffer() });
    }
    const pick = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload files" }).click();
    await (await pick).setFiles(tiles);
    await expect(page.getByRole("list", { name: "Uploads" }).getByText("Uploaded")).toHaveCount(tiles.length);
  }
  await page.getByRole("searchbox", { name: "Search" }).fill("tile-");
  await page.getByRole("button", { name: "Apply" }).click();
  const pager = page.getByRole("navigation", { name: "Media pages" });
  await expect(pager).toContainText("Page 1 of 2");
  await expect(grid.getByRole("heading")).toHaveCount(24);
  await shoot(page, "media-paged");
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(grid.getByRole("heading")).toHaveCount(1);
  await expect(page).toHaveURL(/q=tile-.*page=2|page=2.*q=tile-/);

  // The chooser pages too.
  await openAdmin(page, `${url}/admin/services`);
  await page.getByRole("button", { name: "Add Service" }).click();
  await page.getByRole("dialog", { name: "Add Service" }).getByRole("button", { name: "Choose from library" }).first().click();
  await expect(library.getByRole("button", { name: /^Choose / })).toHaveCount(24);
  await expect(library.getByRole("navigation", { name: "Library pages" })).toContainText("Page 1 of 2");
  await shoot(page, "chooser-paged");
  await library.getByRole("button", { name: "Next page" }).click();
  await expect(library.getByRole("navigation", { name: "Library pages" })).toContainText("Page 2 of 2");
  await expectNoAxeViolations(page);
});
