import type { Page } from "@playwright/test";
import { expectToast, holdRequests, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, test, signIn } from "./fixtures";

// Versions, the Trash and the admin preview of services (docs/decisions/0013-versions-and-trash.md), in a
// real browser against a private server that starts empty: what this file trashes is its own.

const server = usePrivateServer({ demo: false, port: Number(process.env.E2E_PORT_BASE || 4310) + 2 });


async function createService(page: Page, title: string) {
  await openAdmin(page, `${server.url()}/admin/services`);
  await page.getByRole("button", { name: /Add Service|Create Your First Service/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Short Description").fill("First wording");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expectToast(page, "Service created successfully");
  await expect(dialog).toBeHidden();
  return page.getByRole("article", { name: title });
}

test.describe("versions, trash and preview", () => {
  test("restore an earlier version of a service from its History page", async ({ page }) => {
    await signIn(page, server.url());
    const title = unique("Roof Repair");
    const card = await createService(page, title);

    await card.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Service" });
    await dialog.getByLabel("Title").fill(`${title} Deluxe`);
    await dialog.getByLabel("Short Description").fill("Second wording");
    await dialog.getByRole("button", { name: "Update Service" }).click();
    await expectToast(page, "Service updated successfully");

    await page.getByRole("article", { name: `${title} Deluxe` }).getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("heading", { name: `History: ${title} Deluxe` })).toBeVisible();
    const versions = page.getByRole("navigation", { name: "Versions" });
    await expect(versions.getByRole("link")).toHaveCount(2);
    await expect(page.getByText("This is the current version")).toBeVisible();

    await versions.getByRole("link", { name: /Version 1 · Created/ }).click();
    await expect(page.getByRole("heading", { name: /Version 1 · Created/ })).toBeVisible();
    const titleRow = page.getByRole("row", { name: /Title/ }).first();
    await expect(titleRow).toContainText("Changed");
    await expect(titleRow).toContainText(title);
    // Axe on a fresh load: a fading toast of the earlier save is not this page.
    await page.reload();
    await expect(page.getByRole("heading", { name: /Version 1 · Created/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Restore this version" }).click();
    await expectToast(page, "Service restored to the chosen version");
    await expect(page.getByRole("heading", { name: `History: ${title}` })).toBeVisible();
    await expect(versions.getByRole("link")).toHaveCount(3);
    await expect(versions.getByRole("link").first()).toContainText("Version 3 · Restored");

    await page.getByRole("link", { name: "Back to Services" }).click();
    const restored = page.getByRole("article", { name: title });
    await expect(restored).toContainText("First wording");
    await expect(page.getByRole("article", { name: `${title} Deluxe` })).toHaveCount(0);
  });

  test("delete moves a service to the Trash; restore brings it back; delete forever removes it", async ({ page }) => {
    await signIn(page, server.url());
    const title = unique("Tiling");
    const card = await createService(page, title);

    await card.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this service?" });
    await expect(confirm).toContainText("will move to the Trash");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Service deleted successfully");
    await expect(page.getByRole("article", { name: title })).toHaveCount(0);

    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await nav.getByRole("link", { name: "Trash", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Trash", exact: true })).toHaveAttribute("aria-current", "page");
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Deleted");
    await page.reload();
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page, { nameMismatch: true });
    await row.getByRole("button", { name: `Restore service ${title}` }).click();
    await expectToast(page, "Service restored successfully");
    await expect(row).toHaveCount(0);

    await openAdmin(page, `${server.url()}/admin/services`);
    const back = page.getByRole("article", { name: title });
    await expect(back).toBeVisible();
    await back.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Service deleted successfully");

    await openAdmin(page, `${server.url()}/admin/trash`);
    await page.getByRole("button", { name: `Delete forever: service ${title}` }).click();
    const forever = page.getByRole("alertdialog", { name: "Delete this service forever?" });
    await forever.getByRole("button", { name: "Delete forever" }).click();
    await expectToast(page, "Service deleted forever");
    await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test("while one item is being restored, the others' buttons wait for it, then both come back", async ({ page }) => {
    await signIn(page, server.url());
    const titles = [unique("Decking"), unique("Rendering")];
    for (const title of titles) {
      const card = await createService(page, title);
      await card.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Service deleted successfully");
    }
    await openAdmin(page, `${server.url()}/admin/trash`);
    const restore = (title: string) => page.getByRole("button", { name: `Restore service ${title}` });

    // The first restore is held on its way out: the second item cannot start one that would cancel it.
    const hold = await holdRequests(page, /\/admin\/trash\.data/, (request) => request.method() === "POST");
    await restore(titles[0]).click();
    await hold.held;
    await expect(restore(titles[1])).toBeDisabled();
    await expect(page.getByRole("button", { name: `Delete forever: service ${titles[1]}` })).toBeDisabled();
    hold.release();
    await expectToast(page, "Service restored successfully");
    await expect(restore(titles[0])).toHaveCount(0);
    await hold.stop();
    await restore(titles[1]).click();
    await expect(restore(titles[1])).toHaveCount(0);

    await openAdmin(page, `${server.url()}/admin/services`);
    for (const title of titles) await expect(page.getByRole("article", { name: title })).toBeVisible();
  });

  test("an admin previews an inactive service; a signed-out visitor gets 'Service Not Found'", async ({ page, browser }) => {
    await signIn(page, server.url());
    const title = unique("Hidden Spa");
    const card = await createService(page, title);
    await card.getByRole("button", { name: "Deactivate service" }).click();
    await expectToast(page, "Service deactivated successfully");
    await expect(card.getByText("Inactive")).toBeVisible();

    const popupPromise = page.waitForEvent("popup");
    await card.getByRole("link", { name: /Preview/ }).click();
    const preview = await popupPromise;
    await preview.waitForLoadState();
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const bar = preview.getByRole("complementary", { name: "Preview" });
    await expect(bar).toContainText("This service is hidden from visitors.");
    await expect(bar.getByRole("link", { name: "Back to admin" })).toHaveAttribute("href", "/admin/services");
    const href = await card.getByRole("link", { name: /Preview/ }).getAttribute("href");
    expect(href).toMatch(/^\/service\/[A-Za-z0-9-]+\?preview=1$/);
    const answer = await preview.request.get(`${server.url()}${href}`);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["x-robots-tag"]).toBe("noindex");
    await preview.close();

    // A visitor in another browser (no session) gets the ordinary 404, with no trace of the service.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const response = await visitorPage.goto(`${server.url()}${href}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["x-page-cache"]).toBeUndefined();
    await expect(visitorPage.getByRole("heading", { name: "Service Not Found" })).toBeVisible();
    await expect(visitorPage.getByText(title)).toHaveCount(0);
    await expect(visitorPage.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
    await visitor.close();
  });
});
