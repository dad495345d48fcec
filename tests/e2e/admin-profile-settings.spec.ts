import sharp from "sharp";
import { bigFile, expectToast, unique, usePrivateServer, TRACE_BLOB_FETCH, openAdmin, saveSettled } from "./admin-helpers";
import { ADMIN, expect, test, signIn } from "./fixtures";

// Patient assertions: on a busy machine a save, its revalidation and its toast can take several seconds.

// Profile and site settings change what every page shows: a private server (empty, so the home page
// falls back to sample content) that only this file uses.
const server = usePrivateServer({ demo: false });

const png = async (color: string, width = 300, height = 120) => ({
  name: "logo.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer(),
});

// Whole screens with uploads and axe runs: more than the default 30 s on a busy machine.
test.use({ allowConsoleErrors: [TRACE_BLOB_FETCH] });

test.describe("profile", () => {
  test("edits the full name and avatar; email is read-only; the shell follows, with its fallbacks", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/profile`);
    const email = page.getByLabel("Email", { exact: true });
    await expect(email).toHaveValue(ADMIN.email);
    await expect(email).toHaveAttribute("readonly", "");
    await expect(page.getByText("Email cannot be changed from here")).toBeVisible();
    await expect(page.getByText("User ID")).toBeVisible();
    await expect(page.locator("dd").filter({ hasText: /^admin$/ })).toBeVisible();

    const name = unique("Aminath");
    await page.getByLabel("Full Name").fill(name);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile updated successfully");
    await expect(page.getByRole("banner")).toContainText(name);
    await expect(page.getByRole("complementary")).toContainText(name);
    await expect(page.getByRole("banner")).toContainText(name[0]);

    // Without a name the header says 'Admin User' and the sidebar 'Admin'.
    await page.getByLabel("Full Name").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile updated successfully");
    await expect(page.getByRole("banner")).toContainText("Admin User");
    await expect(page.getByRole("complementary").getByText("Admin", { exact: true })).toBeVisible();

    // Avatar: the 2 MB limit in the browser, then a real upload shown in the header.
    let chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await (await chooser).setFiles(bigFile("big.png", 2 * 1024 * 1024 + 1));
    await expectToast(page, "File too large");
    await expectToast(page, "File size must be less than 2MB");
    chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await (await chooser).setFiles(await png("#b03a2e", 200, 200));
    await expectToast(page, "File uploaded successfully");
    await expect(page.getByLabel("Avatar", { exact: true })).toHaveValue(/^\/uploads\/site-assets\/avatars\//);
    await page.getByLabel("Full Name").fill("Site Administrator");
    // The save's answer, not its toast: the two saves above left toasts with the same text.
    const saved = saveSettled(page, "/admin/profile");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await saved;
    await expectToast(page, "Profile updated successfully");
    await page.reload();
    await expect(page.getByRole("banner").locator("img")).toHaveAttribute("src", /^\/uploads\/site-assets\/avatars\//);

    await page.getByLabel("Avatar", { exact: true }).fill("not a url");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Enter a valid http(s) URL")).toBeVisible();
  });
});

test.describe("settings", () => {
  test("logo text and logo image for header and footer, seen on the public site", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/settings`);
    await expect(page.getByRole("tab", { name: "Logos" })).toHaveAttribute("aria-selected", "true");
    const header = page.getByRole("tabpanel").locator("[data-slot=card]").filter({ hasText: "Header Logo" });
    const footer = page.getByRole("tabpanel").locator("[data-slot=card]").filter({ hasText: "Footer Logo" });
    await expect(header.getByRole("switch", { name: "Use text logo" })).toBeChecked();

    const headerText = unique("Reef Builders");
    const footerText = unique("Reef Footer");
    await header.getByRole("textbox", { name: "Header Logo Text" }).fill(headerText);
    await header.getByRole("button", { name: "Save Header Logo Text" }).click();
    await expectToast(page, "Setting updated successfully");
    await footer.getByRole("textbox", { name: "Footer Logo Text" }).fill(footerText);
    let saved = saveSettled(page, "/admin/settings");
    await footer.getByRole("button", { name: "Save Footer Logo Text" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Setting updated successfully" })).not.toHaveCount(0);
    await saved;

    await page.goto(`${url}/`);
    await expect(page.getByRole("banner")).toContainText(headerText);
    await expect(page.getByRole("contentinfo")).toContainText(footerText);

    // The header switches to an uploaded image (saved as soon as it is uploaded).
    await openAdmin(page, `${url}/admin/settings`);
    await header.getByRole("switch", { name: "Use text logo" }).click();
    await expectToast(page, "Setting updated successfully");
    await expect(header.getByRole("textbox", { name: "Header Logo Image URL" })).toBeVisible();
    await expect(header.getByRole("textbox", { name: "Header Logo Text" })).toHaveCount(0);
    const chooser = page.waitForEvent("filechooser");
    // The upload is saved as the setting at once.
    saved = saveSettled(page, "/admin/settings");
    await header.getByRole("button", { name: "Upload header logo" }).click();
    await (await chooser).setFiles(await png("#12304d"));
    await expectToast(page, "File uploaded successfully");
    await expect(header.getByRole("textbox", { name: "Header Logo Image URL" })).toHaveValue(/^\/uploads\/site-assets\/logos\//);
    await saved;
    const logoUrl = await header.getByRole("textbox", { name: "Header Logo Image URL" }).inputValue();

    await page.goto(`${url}/`);
    await expect(page.getByRole("banner").locator(`img[src="${logoUrl}"]`)).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(footerText);

    await openAdmin(page, `${url}/admin/settings`);
    await expect(header.getByRole("switch", { name: "Use text logo" })).not.toBeChecked();
    await header.getByRole("textbox", { name: "Header Logo Image URL" }).fill("javascript:alert(1)");
    await header.getByRole("button", { name: "Save Header Logo Image URL" }).click();
    await expect(header.getByText("Enter a valid http(s) URL or upload a file")).toBeVisible();
    saved = saveSettled(page, "/admin/settings");
    await header.getByRole("switch", { name: "Use text logo" }).click();
    await expectToast(page, "Setting updated successfully");
    await saved;
    await page.goto(`${url}/`);
    await expect(page.getByRole("banner")).toContainText(headerText);
  });

  test("hero background: image by default, video with its URL, with the 10 MB limit", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/settings`);
    await page.getByRole("tab", { name: "Hero Section" }).click();
    const type = page.getByLabel("Background Type");
    await expect(type).toHaveValue("image");

    let chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload background image" }).click();
    await (await chooser).setFiles(bigFile("huge.png", 10 * 1024 * 1024 + 1));
    await expectToast(page, "File size must be less than 10MB");

    chooser = page.waitForEvent("filechooser");
    let saved = saveSettled(page, "/admin/settings");
    await page.getByRole("button", { name: "Upload background image" }).click();
    await (await chooser).setFiles(await png("#0b7285", 1200, 600));
    await expectToast(page, "File uploaded successfully");
    await expectToast(page, "Setting updated successfully");
    await saved;
    const imageUrl = await page.getByRole("textbox", { name: "Background Image URL" }).inputValue();
    expect(imageUrl).toMatch(/^\/uploads\/site-assets\/hero-backgrounds\//);
    await page.goto(`${url}/`);
    await expect(page.locator(`#home img[src="${imageUrl}"], #home img[srcset*="${imageUrl.replace(/\.[a-z]+$/, "")}"]`).first()).toBeAttached();

    await openAdmin(page, `${url}/admin/settings`);
    await page.getByRole("tab", { name: "Hero Section" }).click();
    await type.selectOption("video");
    await expectToast(page, "Setting updated successfully");
    const videoUrl = page.getByRole("textbox", { name: "Background Video URL" });
    await expect(page.getByRole("button", { name: "Upload background video" })).toBeVisible();
    await videoUrl.fill("/images/hero-test.mp4");
    saved = saveSettled(page, "/admin/settings");
    await page.getByRole("button", { name: "Save Background Video URL" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Setting updated successfully" })).not.toHaveCount(0);
    await saved;
    await page.reload();
    await page.getByRole("tab", { name: "Hero Section" }).click();
    await expect(page.getByLabel("Background Type")).toHaveValue("video");
    await expect(page.getByRole("textbox", { name: "Background Video URL" })).toHaveValue("/images/hero-test.mp4");

    // Back to the image, so the public page does not try to play a made-up video.
    saved = saveSettled(page, "/admin/settings");
    await page.getByLabel("Background Type").selectOption("image");
    await expectToast(page, "Setting updated successfully");
    await saved;
  });

  test("show sample content: off gives 'Coming Soon', on gives the sample cards", async ({ page }) => {
    const url = server.url();
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: "Residential & Commercial Construction" })).toBeVisible();

    await signIn(page, url);
    await openAdmin(page, `${url}/admin/settings`);
    const sample = page.getByRole("switch", { name: "Show sample content" });
    await expect(sample).toBeChecked();
    let saved = saveSettled(page, "/admin/settings");
    await sample.click();
    await expectToast(page, "Setting updated successfully");
    await expect(sample).not.toBeChecked();
    await saved;

    await page.goto(`${url}/`);
    await expect(page.getByText("Services Coming Soon")).toBeVisible();
    await expect(page.getByText("We're working on adding our service details. Check back soon!")).toBeVisible();
    await expect(page.getByText("Projects Coming Soon")).toBeVisible();
    await expect(page.getByText("We're working on showcasing our latest projects. Check back soon!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Residential & Commercial Construction" })).toHaveCount(0);

    await openAdmin(page, `${url}/admin/settings`);
    saved = saveSettled(page, "/admin/settings");
    await page.getByRole("switch", { name: "Show sample content" }).click();
    await expectToast(page, "Setting updated successfully");
    await saved;
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: "Residential & Commercial Construction" })).toBeVisible();
    await expect(page.getByText("Services Coming Soon")).toHaveCount(0);
  });
});
