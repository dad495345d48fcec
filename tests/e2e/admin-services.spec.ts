import sharp from "sharp";
import { bigFile, expectToast, toast, unique, usePrivateServer, TRACE_BLOB_FETCH, openAdmin } from "./admin-helpers";
import { expect, test, signIn } from "./fixtures";

// Patient assertions: on a busy machine a save, its revalidation and its toast can take several seconds.

// Services: every screen state and message, against a private server that starts empty, so the
// public home page and the empty state are this file's alone.
const server = usePrivateServer({ demo: false });

const pictures = (n: number, color = "#1d6f8a") =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      name: `photo-${i + 1}.png`,
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 320, height: 200, channels: 3, background: color } }).png().toBuffer(),
    })),
  );

// Whole screens with uploads and axe runs: more than the default 30 s on a busy machine.
test.use({ allowConsoleErrors: [TRACE_BLOB_FETCH] });

test.describe("services", () => {
  test("from the empty state: create a service with every field, a new category and uploaded images", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/services`);
    await expect(page.getByRole("heading", { name: "No services found" })).toBeVisible();
    await page.getByRole("button", { name: "Create Your First Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });

    const title = unique("Seawall Repair");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Short Description").fill("Coastal protection that lasts.");
    await dialog.getByLabel("Description", { exact: true }).fill("Rock armour, gabions and concrete seawalls for island shorelines.");
    await dialog.getByLabel("Overview").fill("We survey, design and build seawalls.");

    // A new category, created inline: the empty name is refused first.
    await dialog.getByRole("button", { name: "New category" }).click();
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(dialog.getByText("Category name is required")).toBeVisible();
    const category = unique("Coastal");
    await dialog.getByLabel("Category name").fill(category);
    await dialog.getByLabel("Category description").fill("Shoreline work");
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expectToast(page, "Category created successfully");
    await expect(dialog.getByLabel("Category", { exact: true })).toHaveValue(category);

    await dialog.getByLabel("Service Type").selectOption("construction");
    await dialog.getByLabel("Pricing Model").selectOption("project");
    await dialog.getByLabel("Icon").fill("waves");

    // Featured image and gallery through the file picker: preview, progress, stored URLs.
    const [featured] = await pictures(1);
    let chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload featured image" }).click();
    await (await chooser).setFiles(featured);
    await expectToast(page, "File uploaded successfully");
    await expect(dialog.getByLabel("Featured Image", { exact: true })).toHaveValue(/^\/uploads\/service-images\/featured\/.+/);
    await expect(dialog.getByRole("img", { name: "Preview of Featured Image" })).toBeVisible();

    chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload gallery images" }).click();
    await (await chooser).setFiles(await pictures(3, "#c98a1e"));
    await expect(dialog.getByRole("img", { name: /^Gallery image \d$/ })).toHaveCount(3);
    await dialog.getByRole("button", { name: "Remove gallery image 2" }).click();
    await expect(dialog.getByRole("img", { name: /^Gallery image \d$/ })).toHaveCount(2);

    await dialog.getByLabel("Features").fill("Rock armour, , Gabions ,Concrete");
    await dialog.getByLabel("Benefits").fill("Less erosion, Longer life");
    await dialog.getByLabel("Duration Estimate").fill("2 - 6 months");
    await dialog.getByLabel("Availability").fill("All atolls");
    await dialog.getByLabel("Target Audience").fill("Island councils, resorts");
    await dialog.getByLabel("Warranty").fill("5-year structural warranty");
    await dialog.getByLabel("Prerequisites").fill("Site survey");
    await dialog.getByLabel("Sort Order").fill("2");
    await dialog.getByRole("button", { name: "Create Service" }).click();

    await expectToast(page, "Service created successfully");
    await expect(dialog).toBeHidden();
    const card = page.getByRole("article", { name: title });
    await expect(card).toContainText("Coastal protection that lasts.");
    await expect(card).toContainText(category);
    await expect(card).toContainText("Active");
    await expect(card).toContainText("Sort order: 2");
    await expect(card).toContainText(`Created ${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "Indian/Maldives" }).format(new Date())}`);
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/service-images\/featured\//);

    // The edit dialog holds what was saved.
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Service" });
    await expect(edit.getByLabel("Features")).toHaveValue("Rock armour, Gabions, Concrete");
    await expect(edit.getByLabel("Pricing Model")).toHaveValue("project");
    await expect(edit.getByRole("img", { name: /^Gallery image \d$/ })).toHaveCount(2);
    await edit.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  });

  test("edit, deactivate, activate and delete, seen on the public home page", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/services`);
    const title = unique("Villa Painting");
    await page.getByRole("button", { name: "Add Service" }).click();
    await page.getByRole("dialog").getByLabel("Title").fill(title);
    await page.getByRole("dialog").getByRole("button", { name: "Create Service" }).click();
    await expectToast(page, "Service created successfully");

    const renamed = `${title} Deluxe`;
    await page.getByRole("article", { name: title }).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Service" });
    await dialog.getByLabel("Title").fill(renamed);
    await dialog.getByRole("button", { name: "Update Service" }).click();
    await expectToast(page, "Service updated successfully");
    const card = page.getByRole("article", { name: renamed });
    await expect(card).toBeVisible();

    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await expect(page.getByText(title, { exact: true })).toHaveCount(0);

    await openAdmin(page, `${url}/admin/services`);
    await card.getByRole("button", { name: "Deactivate service" }).click();
    await expectToast(page, "Service deactivated successfully");
    await expect(card).toContainText("Inactive");
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);

    await openAdmin(page, `${url}/admin/services`);
    await card.getByRole("button", { name: "Activate service" }).click();
    await expectToast(page, "Service activated successfully");
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

    await openAdmin(page, `${url}/admin/services`);
    await card.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByText("Are you sure you want to delete this service?")).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Service deleted successfully");
    await expect(card).toHaveCount(0);
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);
  });

});

test.describe("service form checks", () => {
  // A refused save answers 400 with the field errors, which Chromium logs as a failed resource.
  // One pattern: Playwright reads a two-item array option as [value, fixture options].
  test.use({ allowConsoleErrors: [new RegExp(`status of 400|${TRACE_BLOB_FETCH.source}`)] });

  test("shows field errors and refuses what the server refuses", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/services`);
    await page.getByRole("button", { name: "Add Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    await dialog.getByRole("button", { name: "Create Service" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await dialog.getByLabel("Title").fill("Has a bad image");
    await dialog.getByLabel("Featured Image", { exact: true }).fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Create Service" }).click();
    await expect(dialog.getByText("Enter a valid http(s) URL")).toBeVisible();
    await expect(dialog.getByText("Title is required")).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // The inline category refuses a name that already exists.
    const name = unique("Dredging");
    await dialog.getByRole("button", { name: "New category" }).click();
    await dialog.getByLabel("Category name").fill(name);
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expectToast(page, "Category created successfully");
    await dialog.getByRole("button", { name: "New category" }).click();
    await dialog.getByLabel("Category name").fill(name.toUpperCase());
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expectToast(page, "Failed to create category");
    await expect(dialog.getByText("A category with this name already exists")).toBeVisible();
  });

});

test.describe("the file picker", () => {
  // The refused upload below is a real 415 from the server, which Chromium logs as a console error.
  // One pattern: Playwright reads a two-item array option as [value, fixture options].
  test.use({ allowConsoleErrors: [new RegExp(`status of 415|${TRACE_BLOB_FETCH.source}`)] });

  test("refuses too many and too large files in the browser, and reports a refused upload", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/services`);
    await page.getByRole("button", { name: "Add Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    let uploads = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/uploads")) uploads += 1;
    });

    let chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload featured image" }).click();
    await (await chooser).setFiles(bigFile("huge.png", 5 * 1024 * 1024 + 1));
    await expectToast(page, "File too large");
    await expectToast(page, "File size must be less than 5MB");

    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, mimeType: "image/png", buffer: Buffer.from("x") }));
    chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload gallery images" }).click();
    await (await chooser).setFiles(eleven);
    await expectToast(page, "Maximum 10 files allowed");
    expect(uploads).toBe(0);

    // A text file named .png: the server reads its content and refuses it, and the admin is told why in words
    // (docs/product.md "File picker and uploads"), not only that the upload failed.
    chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload featured image" }).click();
    await (await chooser).setFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("this is not an image") });
    await expect(toast(page, "Upload failed").first()).toContainText("This file is not an image");
    await expect(dialog.getByRole("alert")).toHaveText("This file is not an image");
  });
});
