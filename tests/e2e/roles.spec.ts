import type { Page } from "@playwright/test";
import { expectToast, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, signIn, signInWithForm, test } from "./fixtures";

// Staff roles in the browser (docs/product.md#access): an Owner invites an Editor and a Sales member and changes a
// role on the Team page; the Editor sees only the content pages and gets the 403 page at /admin/team; Sales cannot
// reach the site content. Without SMTP the Team page shows the invitation link to copy.

const server = usePrivateServer({ demo: false });
const SHOTS = "/tmp/h3";

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
    await page.screenshot({ path: `${SHOTS}/team-${width}.png`, fullPage: true });
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
    await editorPage.screenshot({ path: `${SHOTS}/forbidden-${width}.png` });
  }
  await expectNoAxeViolations(editorPage);
  await editorPage.close();

  const salesPage = await browser.newPage();
  await signInWithForm(salesPage, server.url(), { email: sales, password: "sales-password-1" });
  await expect(salesPage.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Enquiries" })).toBeVisible();
  expect((await salesPage.goto(`${server.url()}/admin/site-content`))?.status()).toBe(403);
  await expect(salesPage.getByText("it is not part of the Sales role")).toBeVisible();
  await salesPage.setViewportSize({ width: 1280, height: 800 });
  await salesPage.goto(`${server.url()}/admin/dashboard`);
  await salesPage.screenshot({ path: `${SHOTS}/sales-dashboard-1280.png`, fullPage: true });
  await salesPage.close();
});
