import type { Page } from "@playwright/test";
import { expectToast, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, reviewScreenshot, signIn, signInWithForm, test } from "./fixtures";

// Staff roles in the browser (docs/product.md#access): an Owner invites an Editor and a Sales member and changes a
// role on the Team page; the Editor sees only the content pages, publishes site content and gets the 403 page at
// /admin/team; Sales moves a lead on the board and cannot reach the site content. Without SMTP the Team page shows
// the invitation link to copy.

// A contact form sent 300 ms after the page loaded counts as a person's, as on the suite's own server.
const server = usePrivateServer({ demo: false, env: () => ({ ENQUIRY_MIN_FILL_MS: "300" }) });

async function invite(page: Page, email: string, role: "admin" | "editor" | "sales"): Promise<string> {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const link = page.getByRole("textbox", { name: "Invitation link" });
  await expect(link).toBeVisible();
  return link.inputValue();
}

async function accept(page: Page, link: string, name: string, password: string) {
  await page.goto(link);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Welcome aboard" })).toBeVisible();
}

test("an Owner invites with roles and changes one; an Editor sees the content pages only and gets the 403 page at Team", async ({ page, browser }) => {
  const editor = `${unique("editor").replace(/\s/g, "-").toLowerCase()}@example.com`;
  const sales = `${unique("sales").replace(/\s/g, "-").toLowerCase()}@example.com`;
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/team`);
  const editorLink = await invite(page, editor, "editor");
  await page.getByRole("button", { name: "Hide invitation link" }).click();
  const salesLink = await invite(page, sales, "editor");

  const other = await browser.newPage();
  await accept(other, editorLink, "Eddie Editor", "editor-password-1");
  await accept(other, salesLink, "Sam Sales", "sales-password-1");
  await other.close();

  // The Owner makes the second invitee Sales on the Team page.
  await page.reload();
  await page.getByLabel("Role of Sam Sales").locator("visible=true").selectOption("sales");
  await expectToast(page, "Role changed to Sales");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewScreenshot(page, test.info(), `team-${width}`);
  }
  await expectNoAxeViolations(page);

  const editorPage = await browser.newPage();
  await signInWithForm(editorPage, server.url(), { email: editor, password: "editor-password-1" });
  const nav = editorPage.getByRole("navigation", { name: "Admin sections" });
  for (const label of ["Services", "Projects", "Site Content", "Trash"]) await expect(nav.getByRole("link", { name: label })).toBeVisible();
  for (const label of ["Enquiries", "Team", "Activity"]) await expect(nav.getByRole("link", { name: label })).toHaveCount(0);
  const refused = await editorPage.goto(`${server.url()}/admin/team`);
  expect(refused?.status()).toBe(403);
  await expect(editorPage.getByText("You don't have access to this page: it is not part of the Editor role.")).toBeVisible();
  await expect(editorPage.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
  for (const width of [390, 1280]) {
    await editorPage.setViewportSize({ width, height: 800 });
    await reviewScreenshot(editorPage, test.info(), `forbidden-${width}`);
  }
  await expectNoAxeViolations(editorPage);

  // The Editor's own work: a new headline, saved as a draft and published, reaches visitors.
  const headline = "Homes for Every Island";
  await openAdmin(editorPage, `${server.url()}/admin/site-content?section=hero`);
  await editorPage.getByLabel("Headline", { exact: true }).fill(headline);
  await editorPage.getByRole("button", { name: "Save draft" }).click();
  await expectToast(editorPage, "Hero: draft saved");
  await editorPage.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(editorPage, "Hero: published");
  const visitor = await browser.newPage();
  await visitor.goto(`${server.url()}/`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(headline);
  await visitor.close();
  await editorPage.close();

  // A visitor's enquiry, for Sales to work.
  const lead = unique("Lead");
  const visitorPage = await browser.newPage();
  await visitorPage.goto(`${server.url()}/`);
  const contact = visitorPage.locator("#contact");
  await contact.getByLabel("Full Name").fill(lead);
  await contact.getByLabel("Email Address").fill("visitor@example.mv");
  await contact.getByLabel("Project Type").fill("Guest house");
  await contact.getByLabel("Project Details").fill("A guest house of eight rooms.");
  await visitorPage.waitForTimeout(400);
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(visitorPage.getByText("Message Sent Successfully!")).toBeVisible();
  await visitorPage.close();

  const salesPage = await browser.newPage();
  await signInWithForm(salesPage, server.url(), { email: sales, password: "sales-password-1" });
  await openAdmin(salesPage, `${server.url()}/admin/enquiries?view=board`);
  const board = salesPage.getByRole("list", { name: "Lead board" });
  await board.getByRole("button", { name: `Move ${lead} to Contacted` }).click();
  await expectToast(salesPage, "Moved to Contacted");
  await expect(board.getByRole("list", { name: "Contacted leads" }).getByRole("link", { name: new RegExp(lead) })).toBeVisible();
  await expect(salesPage.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Enquiries" })).toBeVisible();
  expect((await salesPage.goto(`${server.url()}/admin/site-content`))?.status()).toBe(403);
  await expect(salesPage.getByText("it is not part of the Sales role")).toBeVisible();
  await salesPage.setViewportSize({ width: 1280, height: 800 });
  await salesPage.goto(`${server.url()}/admin/dashboard`);
  await reviewScreenshot(salesPage, test.info(), "sales-dashboard-1280");
  await salesPage.close();
});
