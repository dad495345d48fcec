import { expectToast, openAdmin, usePrivateServer } from "./admin-helpers";
import { ADMIN, expect, expectNoAxeViolations, signIn, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// What a new owner's first week tripped over, seen in the browser: typed Dhivehi reads right to left in the admin
// and on the public pages, Activity names records as staff know them, and a common password is refused with the
// reason. A private, empty server: the services made here are this file's alone.
const server = usePrivateServer({ demo: false });

const DHIVEHI = "ތަރައްޤީ";
const ENGLISH = "Harbour Works";

const isRtl = (locator: Locator) => locator.evaluate((el) => el.matches(":dir(rtl)") && getComputedStyle(el).direction === "rtl");

/** Screens a person looks at (the whole page, or one part of a long one), phone and desktop width, when SCREENSHOT_DIR is set. */
async function shoot(page: Page, name: string, part?: Locator) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${dir}/${name}-${width}.png`;
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a Dhivehi title reads right to left in the admin's field and card and on the public card and page; an English one stays left to right", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/services`);
  for (const title of [DHIVEHI, ENGLISH]) {
    await page.getByRole("button", { name: "Add Service" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Short Description").fill(title === DHIVEHI ? "ބަނދަރު ހެދުން" : "Jetties and seawalls.");
    if (title === DHIVEHI) {
      await expect(dialog.getByLabel("Title")).toHaveAttribute("dir", "auto");
      expect(await isRtl(dialog.getByLabel("Title"))).toBe(true);
      expect(await isRtl(dialog.getByLabel("Short Description"))).toBe(true);
    } else {
      expect(await isRtl(dialog.getByLabel("Title"))).toBe(false);
    }
    await dialog.getByRole("button", { name: "Create Service" }).click();
    await expectToast(page, "Service created successfully");
  }
  const adminTitle = (title: string) => page.getByRole("article", { name: title }).getByRole("heading", { name: title });
  expect(await isRtl(adminTitle(DHIVEHI))).toBe(true);
  expect(await isRtl(adminTitle(ENGLISH))).toBe(false);
  await expectNoAxeViolations(page);
  await shoot(page, "admin-services");

  await page.goto(`${url}/`);
  const publicTitle = (title: string) => page.locator("#services").getByRole("heading", { name: title, level: 3 });
  await expect(publicTitle(DHIVEHI)).toHaveAttribute("dir", "auto");
  expect(await isRtl(publicTitle(DHIVEHI))).toBe(true);
  expect(await isRtl(page.locator("#services").getByText("ބަނދަރު ހެދުން"))).toBe(true);
  expect(await isRtl(publicTitle(ENGLISH))).toBe(false);
  await expectNoAxeViolations(page);
  await shoot(page, "public-home", page.locator("#services"));

  await publicTitle(DHIVEHI).getByRole("link").click();
  const heading = page.getByRole("heading", { name: DHIVEHI, level: 1 });
  expect(await isRtl(heading)).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, "public-service", page.locator(".detail-head"));
});

test("Activity names the service by its title, linked to its history, and the fields as the form labels them", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/activity`);
  const entries = page.getByRole("region", { name: "Activity entries" });
  const row = entries.getByRole("row").filter({ hasText: "Created a service" }).filter({ hasText: ENGLISH });
  await expect(row.getByRole("link", { name: ENGLISH })).toHaveAttribute("href", /^\/admin\/services\/[\w-]+\/history$/);
  await expect(row).toContainText("Fields: Title, Short description");
  await expect(entries).not.toContainText("short_description");
  const dhivehi = entries.getByRole("link", { name: DHIVEHI });
  expect(await isRtl(dhivehi)).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, "admin-activity");
  await row.getByRole("link", { name: ENGLISH }).click();
  await page.waitForURL(/\/admin\/services\/[\w-]+\/history$/);
  await expect(page.getByText(ENGLISH).first()).toBeVisible();
});

test("Site Content History of a section never published lists its starting content, to view and restore", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=faq`);
  await page.getByRole("button", { name: "History (1)" }).click();
  const history = page.getByRole("dialog", { name: "History of FAQ" });
  await expect(history).toContainText("Nothing published yet.");
  const starting = history.getByRole("listitem", { name: "Starting content" });
  await expect(starting).toContainText("What the site started with");
  await starting.getByRole("button", { name: "View starting content" }).click();
  await expect(starting).toContainText("Frequently Asked Questions");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-site-content-history", history);
  await starting.getByRole("button", { name: "Restore as draft (starting content)" }).click();
  await expectToast(page, "FAQ: version restored as a draft");
});

test.describe("a refused password", () => {
  // The refusal is an action's 400: the browser logs the status.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test("Change Password: too short is said when the field is left, 'password' is refused with the reason, and the password stays", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/profile`);
    const newPassword = page.getByLabel("New password", { exact: true });
    await expect(page.getByText("At least 8 characters, not a common password.")).toBeVisible();
    await newPassword.fill("short");
    await newPassword.blur();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("Current password").fill(ADMIN.password);
    await newPassword.fill("password");
    await page.getByLabel("Confirm new password").fill("password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("This password is too common. Choose one that is harder to guess.")).toBeVisible();
    await expect(newPassword).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.getByRole("heading", { name: "Change Password" }).scrollIntoViewIfNeeded();
    await shoot(page, "admin-profile-password");
    // The old password still signs in.
    await signIn(page, url);
  });

  test("accepting an invite: 'password' is refused with the reason and no account is made", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/team`);
    await page.getByLabel("Email address").fill("colleague@example.com");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const link = await page.locator("#invite-link").inputValue();
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel("Full Name").fill("Colleague");
    await page.getByLabel(/^Password/).fill("password");
    await page.getByLabel(/^Confirm password/).fill("password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("This password is too common. Choose one that is harder to guess.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Accept invitation" })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, "accept-invite-refused");
  });
});
