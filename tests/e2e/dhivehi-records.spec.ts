import type { Page } from "@playwright/test";
import { expectToast, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

// A service in two languages (docs/decisions/0077-dhivehi-design.md): the dialog shows English and ދިވެހި side by
// side (tabs on a phone); what is typed in Dhivehi shows on /dv/service/<id>, the English page stays as it was, and a
// field left empty in Dhivehi shows its English text marked lang="en" dir="ltr". A private server, so the service made
// here shows on no other file's pages.
const server = usePrivateServer({ demo: false });

const TITLE_DV = "ފެނަށް ކެތްތެރި ފާރު";
const DESCRIPTION_DV = "ރަށުގެ ގޮނޑުދޮށް ރައްކާތެރިކުރާ ފާރު ބިނާކޮށްދެމެވެ.";

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS === "1") await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

/** The id of the service whose card is titled `title`, from its History link. */
async function serviceId(page: Page, title: string): Promise<string> {
  const card = page.getByRole("article", { name: title });
  const href = await card.getByRole("link", { name: "History" }).getAttribute("href");
  const id = href?.match(/\/admin\/services\/([^/]+)\/history/)?.[1];
  if (!id) throw new Error(`no history link on ${title}`);
  return id;
}

test("an admin types a service's Dhivehi title and description; the Dhivehi page shows them and marks the English fallback", async ({ page }) => {
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/services`);
  await page.getByRole("button", { name: /Add Service|Create Your First Service/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });

  const title = unique("Seawall Repair");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Short Description").fill("Coastal protection that lasts.");
  await dialog.getByLabel("Description", { exact: true }).fill("Rock armour and concrete seawalls.");
  // The Dhivehi inputs: right to left, in Dhivehi, beside their English fields.
  const titleDv = dialog.locator('[name="dv.title"]');
  await expect(titleDv).toHaveAttribute("dir", "rtl");
  await expect(titleDv).toHaveAttribute("lang", "dv");
  await expect(titleDv).toHaveAccessibleDescription(/Title/);
  await titleDv.fill(TITLE_DV);
  await dialog.locator('[name="dv.description"]').fill(DESCRIPTION_DV);
  // A new category with its Dhivehi name, which the Dhivehi page shows.
  await dialog.getByRole("button", { name: "New category" }).click();
  const category = unique("Coastal");
  await dialog.getByLabel("Category name").fill(category);
  await dialog.getByLabel("Dhivehi name").fill("ގޮނޑުދޮށް");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Category created successfully");
  await expect(dialog.getByLabel("Category", { exact: true })).toHaveValue(category);
  await shot(page, "service-dialog");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expectToast(page, "Service created successfully");
  await expect(dialog).toBeHidden();

  // The card counts the translated fields: title and description of the three with English.
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Dhivehi: 2 of 3")).toBeVisible();
  const id = await serviceId(page, title);
  // It still needs Dhivehi: the filter lists it.
  await page.getByRole("link", { name: "Needs Dhivehi" }).click();
  await expect(page).toHaveURL(/\?dhivehi=needed$/);
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  await shot(page, "services-needs-dhivehi");

  await page.goto(`${server.url()}/dv/service/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE_DV);
  await expect(page.getByText(DESCRIPTION_DV)).toBeVisible();
  // The short description has no Dhivehi: the English text, marked as English, left to right.
  const summary = page.getByText("Coastal protection that lasts.");
  await expect(summary).toHaveAttribute("lang", "en");
  await expect(summary).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang", "en");
  await expect(page.getByText("ގޮނޑުދޮށް", { exact: true })).toBeVisible();
  await shot(page, "dv-service");

  await page.goto(`${server.url()}/service/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Rock armour and concrete seawalls.")).toBeVisible();
  await expect(page.getByText(TITLE_DV)).toHaveCount(0);
  await expect(page.getByText("Coastal protection that lasts.")).not.toHaveAttribute("lang", "en");
  await expect(page.getByText(category, { exact: true })).toBeVisible();
});

test("on a phone each translatable field shows one language at a time, and a refused Dhivehi value brings its tab forward", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/services`);
  await page.getByRole("button", { name: /Add Service|Create Your First Service/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });
  const title = unique("Jetty Care");
  await dialog.getByLabel("Title").fill(title);
  const titleDv = dialog.locator('[name="dv.title"]');
  await expect(titleDv).toBeHidden();

  // The Title's Dhivehi tab (the first pair's).
  const dhivehiTab = dialog.getByRole("button", { name: "ދިވެހި" }).first();
  await dhivehiTab.click();
  await expect(dhivehiTab).toHaveAttribute("aria-pressed", "true");
  await expect(titleDv).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeHidden();
  await titleDv.fill("ޖެޓީ");

  // A link that is not http(s), mailto or tel in the Dhivehi description is refused by the browser's check, as in English.
  const descriptionDv = dialog.locator('[name="dv.description"]');
  await dialog.getByRole("button", { name: "ދިވެހި" }).nth(2).click();
  await descriptionDv.fill("[ބަލާ](javascript:alert(1))");
  await dialog.getByRole("button", { name: "English" }).nth(2).click();
  await expect(descriptionDv).toBeHidden();
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(descriptionDv).toBeVisible();
  await expect(descriptionDv).toBeFocused();
  await expect(dialog.getByText(/Dhivehi description: Links must start with/)).toBeVisible();
  await shot(page, "service-dialog-phone");

  await descriptionDv.fill("[ބަލާ](https://example.mv)");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expectToast(page, "Service created successfully");
  const id = await serviceId(page, title);
  await page.goto(`${server.url()}/dv/service/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ޖެޓީ");
  await expect(page.getByRole("link", { name: "ބަލާ" })).toHaveAttribute("href", "https://example.mv");
});
