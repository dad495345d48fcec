import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

// axe (WCAG 2.2 AA tags) on every public page. Reduced motion keeps every section at full opacity,
// so colour contrast is measured on what a visitor finally sees, not mid fade-in.
test.use({ reducedMotion: "reduce" });

/** Where the first link of a home page section leads (the home page is open). */
async function firstLink(page: Page, sectionName: string, kind: "service" | "project") {
  const href = await page.getByRole("region", { name: sectionName }).getByRole("link").first().getAttribute("href");
  expect(href, sectionName).toMatch(new RegExp(`^/${kind}/`));
  return href!;
}

// One page load per page, and one axe run per state of it.
test("home page, then with the gallery viewer open", async ({ page }) => {
  await page.goto("/");
  await expectNoAxeViolations(page);
  await page.getByRole("region", { name: "Our Work in Pictures" }).getByRole("link").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("home page with the mobile menu open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("a service page and a project page", async ({ page }) => {
  await page.goto("/");
  const paths = [await firstLink(page, "Our Services", "service"), await firstLink(page, "Featured Projects", "project")];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("the portfolio page, filtered", async ({ page }) => {
  for (const path of ["/projects", "/projects?type=residential"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("the not-found pages", async ({ page }) => {
  for (const path of ["/no/such/page", "/service/missing", "/project/missing"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("keyboard focus is visible on links and buttons", async ({ page }) => {
  await page.goto("/");
  // The first Tab reaches the skip link, which becomes visible.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  // The next stops all show a focus indicator: a ring (box-shadow) or an outline.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus-visible");
    await expect(focused).toHaveCount(1);
    const indicator = await focused.evaluate((el) => {
      const style = getComputedStyle(el);
      return { ring: style.boxShadow, outline: style.outlineStyle, text: el.textContent };
    });
    expect(indicator.ring !== "none" || indicator.outline !== "none", `focus indicator on ${indicator.text}`).toBe(true);
  }
});
