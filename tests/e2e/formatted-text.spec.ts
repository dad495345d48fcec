import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectToast, openAdmin, toast, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

// Authoring (docs/decisions/0084-formatted-text-as-a-markdown-subset.md, docs/decisions/0085-shrink-and-upload-in-the-browser.md):
// formatted text typed with the toolbar and shortcuts in the project dialog reaches the public page as a list and a
// link, rendered on the server with no script of its own; a phone's 12 MB photo is shrunk in the browser and uploaded.
// A private server, so the project made here shows on no other file's pages.
const server = usePrivateServer({ demo: false });

async function openAddProject(page: Page) {
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/projects`);
  await page.getByRole("button", { name: "Add Project" }).click();
  return page.getByRole("dialog", { name: "Add Project" });
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS === "1") await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

test("a bulleted list and a link typed in a project description show on the project page as a list and a link, with no script", async ({ page }) => {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  const dialog = await openAddProject(page);
  const title = unique("Jetty Works");
  await dialog.getByLabel("Title").fill(title);
  const description = dialog.getByRole("textbox", { name: "Description", exact: true });
  const toolbar = dialog.locator('[role="toolbar"][data-formats="Description"]');
  await expect(toolbar).toHaveAccessibleName("Formatting");

  await description.click();
  await description.pressSequentially("Our scope: <script>alert(1)</script>");
  await description.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await description.pressSequentially("Piling");
  await description.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await description.pressSequentially("Decking");
  await description.press("Enter");
  await description.press("Enter");
  await description.pressSequentially("Ask the engineer");
  // Ctrl+K on chosen words: they become the link's text, and the address is left chosen to type over.
  for (let i = 0; i < "the engineer".length; i++) await description.press("Shift+ArrowLeft");
  await description.press("Control+k");
  await description.pressSequentially("https://engineer.example/jetty");
  await expect(description).toHaveValue("Our scope: <script>alert(1)</script>\n- Piling\n- Decking\n\nAsk [the engineer](https://engineer.example/jetty)");
  await shot(page, "editor-1280");

  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project created successfully");

  await page.goto(`${server.url()}/projects`);
  await page.getByRole("link", { name: title }).first().click();
  const section = page.getByRole("region", { name: "Project Description" });
  await expect(section.getByRole("listitem")).toHaveText(["Piling", "Decking"]);
  const link = section.getByRole("link", { name: "the engineer" });
  await expect(link).toHaveAttribute("href", "https://engineer.example/jetty");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("target", "_blank");
  // The typed tag is text, and the page is server-rendered HTML: no React Router client, no script from the text.
  await expect(section.getByText("Our scope: <script>alert(1)</script>")).toBeVisible();
  await expect(section.locator("script")).toHaveCount(0);
  // JSON-LD is data (it carries the description's plain words); every other script is one the browser runs.
  const scripts = await page
    .locator('script:not([type="application/ld+json"])')
    .evaluateAll((nodes) => nodes.map((s) => `${s.getAttribute("src") ?? ""} ${s.textContent ?? ""}`));
  expect(scripts.filter((s) => /alert\(1\)|__reactRouter|entry\.client/.test(s))).toEqual([]);
  expect(alerts).toEqual([]);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Our scope: <script>alert\(1\)<\/script> Piling Decking Ask the engineer$/);
  await expectNoAxeViolations(page);
  await shot(page, "project-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shot(page, "project-390");
});

test("the formatting toolbar passes axe and fits a phone's dialog", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openAddProject(page);
  // Description, Challenges and Solutions, six buttons each.
  await expect(dialog.getByRole("toolbar", { name: "Formatting" })).toHaveCount(3);
  await expect(dialog.getByRole("toolbar", { name: "Formatting" }).last().getByRole("button")).toHaveCount(6);
  await expectNoAxeViolations(page);
  await shot(page, "editor-390");
});

test("a 12 MB photo is refused as too large, then shrunk in the browser and uploaded", async ({ page }) => {
  // Noise does not compress: a 4400 x 3300 JPEG of it is over 12 MB, as a phone's photo can be.
  const width = 4400;
  const height = 3300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  expect(photo.length).toBeGreaterThan(12 * 1024 * 1024);

  const dialog = await openAddProject(page);
  let uploads = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/uploads")) uploads += 1;
  });
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Upload featured image" }).click();
  // From a file: a buffer this large does not pass through the browser protocol in time.
  const file = test.info().outputPath("IMG_2041.jpg");
  await fs.writeFile(file, photo);
  await (await chooser).setFiles(file);
  await expectToast(page, "File too large");
  expect(uploads).toBe(0);
  await shot(page, "shrink-offer-1280");

  await dialog.getByRole("button", { name: "Shrink and upload" }).click();
  await expect(dialog.getByText("Shrinking...")).toBeVisible();
  // Its own wait: decoding and encoding the photo in a GPU-less headless browser, then the server's six encodes of
  // a noisy 2560 px picture, took 15 s on a quiet 2-core machine; the config's 15 s per expectation is for a click.
  await expect(toast(page, "File uploaded successfully")).not.toHaveCount(0, { timeout: 60_000 });
  expect(uploads).toBe(1);
  const url = await dialog.getByLabel("Featured Image", { exact: true }).inputValue();
  expect(url).toMatch(/^\/uploads\/project-images\/featured\/.+\.jpg$/);
  const stored = await page.request.get(`${server.url()}${url}`);
  expect(stored.status()).toBe(200);
  const meta = await sharp(await stored.body()).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2560);
  expect(meta.height).toBe(1920);
});
