import { expectToast, usePrivateServer, openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test, signIn } from "./fixtures";

// Patient assertions: on a busy machine a save, its revalidation and its toast can take several seconds.

// Contact details change the public header's phone: a private server that starts empty, so the
// fallback number, then ours, is what the header shows.
const server = usePrivateServer({ demo: false });

const headerPhone = (page: import("@playwright/test").Page) => page.getByRole("banner").getByRole("link", { name: /\+960/ }).first();

// Whole screens with uploads and axe runs: more than the default 30 s on a busy machine.

test.describe("contact details", () => {
  test("add, edit and delete a phone, and see the public header's phone change", async ({ page }) => {
    const url = server.url();
    await page.goto(`${url}/`);
    await expect(headerPhone(page)).toContainText("+960 300 0000");

    await signIn(page, url);
    await openAdmin(page, `${url}/admin/contact-details`);
    await expect(page.getByRole("heading", { name: "No Contact Details" })).toBeVisible();
    await page.getByRole("button", { name: "Add Contact Detail" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Contact Detail" });
    await expect(dialog.getByLabel("Type")).toHaveValue("phone");
    await expect(dialog.getByLabel("Social Platform")).toHaveCount(0);
    await dialog.getByLabel("Label", { exact: true }).fill("Office");
    await dialog.getByLabel("Value").fill("+960 333 4455");
    await dialog.getByRole("switch", { name: "Primary" }).click();
    await expect(dialog.getByRole("switch", { name: "Public" })).toBeChecked();
    await dialog.getByRole("button", { name: "Create Contact Detail" }).click();
    await expectToast(page, "Contact detail created successfully");
    const row = page.getByRole("article", { name: "Office" });
    for (const text of ["+960 333 4455", "Phone", "Primary", "Public", "Display order: 0"]) await expect(row).toContainText(text);
    // Each row's Edit and Delete say which entry they act on, and hold their visible word for voice control.
    await expect(row.getByRole("button", { name: "Edit Office +960 333 4455", exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: "Delete Office +960 333 4455", exact: true })).toBeVisible();
    await expectNoAxeViolations(page, { nameMismatch: true });

    await page.goto(`${url}/`);
    await expect(headerPhone(page)).toContainText("+960 333 4455");

    await openAdmin(page, `${url}/admin/contact-details`);
    await row.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact Detail" });
    await expect(edit.getByRole("switch", { name: "Primary" })).toBeChecked();
    await edit.getByLabel("Value").fill("+960 333 9999");
    await edit.getByRole("button", { name: "Update Contact Detail" }).click();
    await expectToast(page, "Contact detail updated successfully");
    await expect(row).toContainText("+960 333 9999");
    await page.goto(`${url}/`);
    await expect(headerPhone(page)).toContainText("+960 333 9999");

    // Private entries leave the public site.
    await openAdmin(page, `${url}/admin/contact-details`);
    await row.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog").getByRole("switch", { name: "Public" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Update Contact Detail" }).click();
    await expectToast(page, "Contact detail updated successfully");
    await expect(row).toContainText("Private");
    await page.goto(`${url}/`);
    await expect(headerPhone(page)).toContainText("+960 300 0000");

    await openAdmin(page, `${url}/admin/contact-details`);
    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this contact detail?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Contact detail deleted successfully");
    await expect(page.getByRole("heading", { name: "No Contact Details" })).toBeVisible();
  });

  test("the social platform selector shows only for social entries; each value is checked", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/contact-details`);
    await page.getByRole("button", { name: "Add Contact Detail" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Contact Detail" });

    await dialog.getByRole("button", { name: "Create Contact Detail" }).click();
    await expect(dialog.getByText("Value is required")).toBeVisible();

    await dialog.getByLabel("Type").selectOption("email");
    await dialog.getByLabel("Value").fill("not-an-email");
    await dialog.getByRole("button", { name: "Create Contact Detail" }).click();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();

    await dialog.getByLabel("Type").selectOption("social");
    await expect(dialog.getByLabel("Social Platform")).toBeVisible();
    await expect(dialog.getByLabel("Icon")).toHaveCount(0);
    await dialog.getByLabel("Value").fill("https://instagram.com/atoll-test");
    await dialog.getByRole("button", { name: "Create Contact Detail" }).click();
    await expect(dialog.getByText("Choose a social platform")).toBeVisible();
    await dialog.getByLabel("Social Platform").selectOption("instagram");
    await dialog.getByLabel("Label", { exact: true }).fill("Instagram");
    await dialog.getByRole("button", { name: "Create Contact Detail" }).click();
    await expectToast(page, "Contact detail created successfully");
    const row = page.getByRole("article", { name: "Instagram" });
    await expect(row).toContainText("Social: Instagram");

    await row.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact Detail" });
    await expect(edit.getByLabel("Social Platform")).toHaveValue("instagram");
    await edit.getByLabel("Type").selectOption("website");
    await expect(edit.getByLabel("Social Platform")).toHaveCount(0);
    // The type was changed: closing asks first (the unsaved-changes guard), and discarding closes.
    await edit.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(edit).toBeHidden();

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Contact detail deleted successfully");
  });
});
