import { openAdmin } from "./admin-helpers";
import { ADMIN, DEMO_URL, expect, expectNoAxeViolations, reviewScreenshot, signIn, test } from "./fixtures";

// The Activity page (docs/decisions/0016-activity-log.md) on the shared demo server. It only reads, and the
// entries it looks for are the sign-ins this test makes, so other specs' content is left alone.


test("the Activity page lists sign-ins, filters by kind, person and date, and exports what it shows", async ({ page }, testInfo) => {
  // A failed sign-in first, so the log has a security entry without an account behind it.
  await page.goto(`${DEMO_URL}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password" })).not.toHaveCount(0);
  await signIn(page, DEMO_URL);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, `${DEMO_URL}/admin/dashboard`);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Activity", exact: true }).click();
  await page.waitForURL(/\/admin\/activity$/);
  await expect(page.getByRole("heading", { name: "Activity", exact: true, level: 2 })).toBeVisible();

  const rows = page.getByRole("region", { name: "Activity entries" }).getByRole("row");
  await expect(rows.filter({ hasText: "Signed in" }).first()).toContainText(ADMIN.email);
  await expect(rows.filter({ hasText: "Sign-in failed" }).first()).toContainText(ADMIN.email);

  // Kind: only security entries remain, and the export link carries the filter.
  await page.getByLabel("Kind").selectOption("security");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/kind=security/);
  await expect(rows.filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity entries" }).getByText("Content", { exact: true })).toHaveCount(0);

  // Person: the failed attempt names no account, so it leaves the list.
  await page.getByLabel("Person").selectOption({ label: ADMIN.email });
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/person=/);
  await expect(rows.filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Sign-in failed" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await reviewScreenshot(page, testInfo, "activity-1280");

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  const href = await exportLink.getAttribute("href");
  expect(href).toMatch(/^\/admin\/activity\/export\.csv\?person=[\w-]+&kind=security$/);
  const csv = await page.request.get(`${DEMO_URL}${href}`, { headers: { "Sec-Fetch-Site": "same-origin" } });
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await csv.text();
  expect(text).toContain("sign-in.success");
  expect(text).toContain(ADMIN.email);
  expect(text).not.toContain("sign-in.failure");
  // From another site the same link is refused.
  expect((await page.request.get(`${DEMO_URL}${href}`, { headers: { "Sec-Fetch-Site": "cross-site" } })).status()).toBe(403);

  // A date range with nothing in it: the empty state, and a way back.
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByLabel("To").fill("2020-01-31");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/from=2020-01-01/);
  await expect(page.getByRole("heading", { name: "No activity matches these filters" })).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await page.waitForURL(/\/admin\/activity$/);
  await expect(rows.filter({ hasText: "Sign-in failed" }).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(rows.filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await reviewScreenshot(page, testInfo, "activity-390");
});

test("the Activity page works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${DEMO_URL}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.goto(`${DEMO_URL}/admin/activity`);
  await page.getByLabel("Kind").selectOption("security");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/kind=security/);
  await expect(page.getByRole("region", { name: "Activity entries" }).getByRole("row").filter({ hasText: "Signed in" }).first()).toBeVisible();
  await context.close();
});
