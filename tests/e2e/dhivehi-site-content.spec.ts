import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";
import { expectToast, openAdmin, TRACE_BLOB_FETCH, usePrivateServer } from "./admin-helpers";

// Site content in Dhivehi (docs/decisions/0092-site-content-in-two-languages.md): an editor changes a Dhivehi text
// beside its English one, saves a draft that visitors of /dv do not see, previews it at /dv?preview=1, publishes it,
// and /dv shows it while / stays as it was; a text without Dhivehi shows its English, marked lang="en" dir="ltr".
// It changes the published site, so it runs on a private server.

const server = usePrivateServer({ demo: true });
test.use({ allowConsoleErrors: [TRACE_BLOB_FETCH] });

const STARTING_DV_HEADLINE = "ރަށުން ރަށަށް، ދިވެހިރާއްޖެ ބިނާކުރަމުން";
const ENGLISH_HEADLINE = "Building the Maldives, Island by Island";
const ENGLISH_BADGE = "Design · Build · Renovate · Maintain";

test("a Dhivehi text: draft, preview at /dv, publish; a missing one falls back to English, marked", async ({ page, browser }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=hero`);
  await expect(page.getByRole("heading", { name: "Hero", level: 2 })).toBeVisible();
  await expect(page.getByText("Dhivehi: 8 of 8")).toBeVisible();

  // The Dhivehi input beside the English one: right to left, in Dhivehi, in the Thaana font.
  const dvHeadline = page.getByLabel("Headline (Dhivehi)", { exact: true });
  await expect(dvHeadline).toHaveValue(STARTING_DV_HEADLINE);
  await expect(dvHeadline).toHaveAttribute("dir", "rtl");
  await expect(dvHeadline).toHaveAttribute("lang", "dv");
  await expect(dvHeadline).toHaveClass(/font-thaana/);
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(ENGLISH_HEADLINE);
  await expectNoAxeViolations(page);

  const headline = "ރީތި ގެތައް، ރަށުގައި";
  await dvHeadline.fill(headline);
  // The badge line loses its Dhivehi: the page shows it in English, marked.
  await page.getByLabel("Badge line (Dhivehi)", { exact: true }).fill("");
  await expect(page.getByText("Dhivehi: 7 of 8")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Hero: draft saved");
  // The section list offers the sections that need Dhivehi: Hero alone now.
  await page.getByRole("link", { name: /^Needs Dhivehi/ }).click();
  const sections = page.getByRole("navigation", { name: "Sections", exact: true }).getByRole("listitem");
  await expect(sections).toHaveCount(1);
  await expect(sections.first()).toContainText("Hero");

  // A visitor, even asking for a preview, keeps the published Dhivehi page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  for (const path of ["/dv", "/dv?preview=1"]) {
    await visitor.goto(`${url}${path}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(STARTING_DV_HEADLINE);
  }

  // The editor's preview of /dv: the draft, the badge line in English and marked so.
  const previewHref = await page.getByRole("link", { name: /Dhivehi preview/ }).getAttribute("href");
  expect(previewHref).toBe("/dv?preview=1");
  const preview = await page.context().newPage();
  await preview.goto(`${url}${previewHref}`);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(headline);
  // Located by its words: the production build renames class names (docs/decisions/0078-faster-stricter-checks-and-the-css-pruner.md).
  const badge = preview.locator('#home [lang="en"]');
  await expect(badge).toHaveText(ENGLISH_BADGE);
  await expect(badge).toHaveAttribute("dir", "ltr");
  await preview.close();

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Hero: published");
  await expect
    .poll(async () => {
      await visitor.goto(`${url}/dv`);
      return visitor.getByRole("heading", { level: 1 }).textContent();
    })
    .toBe(headline);
  await expect(visitor.locator('#home [lang="en"][dir="ltr"]')).toHaveText(ENGLISH_BADGE);
  // Translated texts carry no marker; the English page is as it was.
  await expect(visitor.getByRole("heading", { level: 1 })).not.toHaveAttribute("lang", "en");
  await visitor.goto(`${url}/`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(ENGLISH_HEADLINE);
  await expect(visitor.locator('main [lang="en"]')).toHaveCount(0);
  await expect(visitor.locator("#home").getByText(ENGLISH_BADGE)).toBeVisible();
  await visitorContext.close();
});

test("a Dhivehi FAQ answer is formatted text, checked like the English; the phone shows one language at a time", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, `${url}/admin/site-content?section=faq`);
  const first = page.getByRole("group", { name: /^Questions/ }).getByRole("listitem", { name: "Question 1", exact: true });
  const dvAnswer = first.getByLabel("Answer (Dhivehi)", { exact: true });
  // On a phone the English tab is open first; the Dhivehi fields wait behind their tab.
  await expect(first.getByLabel("Answer", { exact: true })).toBeVisible();
  await expect(dvAnswer).toBeHidden();
  await page.getByRole("tab", { name: "ދިވެހި" }).click();
  await expect(dvAnswer).toBeVisible();
  await expect(first.getByLabel("Answer", { exact: true })).toBeHidden();

  // A link the formatted text refuses: a field error on the Dhivehi answer, nothing saved.
  await dvAnswer.fill("[ލިންކު](javascript:alert(1))");
  await page.getByRole("tab", { name: "English" }).click();
  await page.getByRole("button", { name: "Save draft" }).click();
  // The editor opens the tab of the first invalid field and names the problem there.
  await expect(dvAnswer).toBeVisible();
  await expect(dvAnswer).toHaveAttribute("aria-invalid", "true");
  await expect(first.getByText(/^Dhivehi answer:/)).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
});

test("contact details: the Dhivehi hours show on /dv, and the English ones, marked, when they are emptied", async ({ page, browser }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/contact-details`);
  const row = page.getByRole("article", { name: "Office hours" });
  await row.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Contact Detail" });
  const hours = dialog.getByLabel("Hours (Dhivehi)", { exact: true });
  await expect(hours).toHaveAttribute("dir", "rtl");
  await expect(hours).toHaveAttribute("lang", "dv");
  await hours.fill("އާދިއްތަ - ބުރާސްފަތި: 9:00 - 4:00");
  await dialog.getByRole("button", { name: "Update Contact Detail" }).click();
  await expectToast(page, "Contact detail updated successfully");
  await expect(row).toContainText("އާދިއްތަ - ބުރާސްފަތި: 9:00 - 4:00");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${url}/dv`);
  await expect(visitor.locator("header").getByText("އާދިއްތަ - ބުރާސްފަތި: 9:00 - 4:00")).toBeVisible();
  await visitor.goto(`${url}/`);
  await expect(visitor.locator("header").getByText("Sun - Thu: 8:00 AM - 5:00 PM")).toBeVisible();

  await row.getByRole("button", { name: "Edit" }).click();
  await dialog.getByLabel("Hours (Dhivehi)", { exact: true }).fill("");
  await dialog.getByRole("button", { name: "Update Contact Detail" }).click();
  await expectToast(page, "Contact detail updated successfully");
  // The first update's toast can still be showing: the row losing its Dhivehi says this one is stored.
  await expect(row).not.toContainText("އާދިއްތަ - ބުރާސްފަތި: 9:00 - 4:00");
  await visitor.goto(`${url}/dv`);
  const english = visitor.locator('header [lang="en"][dir="ltr"]');
  await expect(english).toHaveText("Sun - Thu: 8:00 AM - 5:00 PM");
  await visitor.context().close();
});
