import type { Page } from "@playwright/test";
import { DEMO_URL, expect, signIn, test } from "./fixtures";
import { openAdmin, unique } from "./admin-helpers";

// docs/product.md#insight: an enquiry's campaign, source and landing page are those of the view that began the visit,
// whatever the visitor did before sending it; a link to a section of the page the visitor is on does not reload it.

// A browser the counter believes (Playwright's own user agent says HeadlessChrome: a bot), told apart from the
// other tests' visitors on this server by its own suffix (the daily visitor hash reads the user agent).
const userAgent = () =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Visit/${Date.now().toString(36)}`;

/** Marks the document, so that a later check tells whether a click loaded a new one. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test("section links on the page a visitor is on keep it; the visit's campaign and landing page reach the lead", async ({ browser }) => {
  const name = unique("Campaign visitor");
  const context = await browser.newContext({ userAgent: userAgent() });
  const page = await context.newPage();
  await page.goto("/?utm_source=facebook&utm_campaign=villas");
  await markDocument(page);
  await page.locator("#home").getByRole("link", { name: "Get Free Quote" }).click();
  await expect(page).toHaveURL(`${DEMO_URL}/?utm_source=facebook&utm_campaign=villas#contact`);
  expect(await isSameDocument(page)).toBe(true);
  // The header's links and 'Get Quote' stay on the page too.
  await page.getByRole("banner").getByRole("link", { name: "Get Quote" }).click();
  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(`${DEMO_URL}/?utm_source=facebook&utm_campaign=villas#about`);
  expect(await isSameDocument(page)).toBe(true);

  // Elsewhere, and back: the portfolio, a project, then home through the header.
  await page.getByRole("banner").getByRole("link", { name: "Portfolio" }).click();
  await expect(page).toHaveURL(`${DEMO_URL}/projects`);
  await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/project\//);
  await expect(page.getByRole("banner").getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
  await page.getByRole("banner").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(`${DEMO_URL}/#contact`);

  const contact = page.locator("#contact");
  await contact.getByLabel("Full Name").fill(name);
  await contact.getByLabel("Email Address").fill("campaign@example.mv");
  await contact.getByLabel("Project Type").fill("Villa");
  await contact.getByLabel("Project Details").fill("Two villas in Baa Atoll.");
  // A person takes a moment; the e2e server counts anything under 300 ms as a bot (playwright.config.ts).
  await page.waitForTimeout(400);
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
  await context.close();

  const admin = await browser.newPage();
  await signIn(admin);
  await openAdmin(admin, `${DEMO_URL}/admin/enquiries`);
  await admin.getByRole("list", { name: "Enquiries" }).getByRole("link", { name: new RegExp(name) }).click();
  const source = admin.getByRole("region", { name: `Enquiry from ${name}` });
  await expect(source.getByRole("definition").filter({ hasText: "villas · facebook" })).toBeVisible();
  await expect(source.getByText("Landing page", { exact: true })).toBeVisible();
  await expect(source.getByRole("definition").filter({ hasText: /^Home page$/ }).first()).toBeVisible();
});
