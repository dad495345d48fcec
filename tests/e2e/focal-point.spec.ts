import type { Locator, Page } from "@playwright/test";
import { expectToast, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

// The focal point of a featured image (docs/product.md#focal-point): set by clicking the preview in the project
// dialog (and nudged with the arrow keys), it moves the crop of the public card and the project's page.

// A private server without demo content: the project made here is the only card on the portfolio.
const server = usePrivateServer({ demo: false });

const objectPosition = (image: Locator) => image.evaluate((img) => getComputedStyle(img).objectPosition);

/** The point the picker says it holds, from its accessible value text ("30% across, 70% down"). */
async function pickedPoint(picker: Locator): Promise<{ x: number; y: number }> {
  const text = (await picker.getAttribute("aria-valuetext")) ?? "";
  const match = /(\d+)% across, (\d+)% down/.exec(text);
  if (!match) throw new Error(`unexpected value text: ${text}`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

async function portfolioCardImage(page: Page, title: string) {
  await page.goto(`${server.url()}/projects`);
  return page.getByRole("article").filter({ hasText: title }).locator("img");
}

test("clicking the preview sets the focal point; the public card and page crop around it", async ({ page }) => {
  const url = server.url();
  const title = unique("Lagoon Villa");
  await signIn(page, url);

  await openAdmin(page, `${url}/admin/projects`);
  await page.getByRole("button", { name: "Add Project" }).first().click();
  let dialog = page.getByRole("dialog", { name: "Add Project" });
  await dialog.getByLabel("Title").fill(title);
  // No picture, no picker.
  await expect(dialog.getByRole("slider", { name: "Focal point" })).toHaveCount(0);
  await dialog.getByRole("textbox", { name: "Featured Image" }).fill("/images/proj-villa.webp");
  await expect(dialog.getByRole("slider", { name: "Focal point" })).toHaveAttribute("aria-valuetext", "Centre (50% across, 50% down)");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project created successfully");

  // Saved without a point: the card is cropped around the centre.
  let card = await portfolioCardImage(page, title);
  await expect.poll(() => objectPosition(card)).toBe("50% 50%");

  await openAdmin(page, `${url}/admin/projects`);
  await page.getByRole("article").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Project" });
  const picker = dialog.getByRole("slider", { name: "Focal point" });
  await picker.scrollIntoViewIfNeeded();
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.1, y: box.height * 0.8 } });
  const clicked = await pickedPoint(picker);
  expect(Math.abs(clicked.x - 10)).toBeLessThanOrEqual(1);
  expect(Math.abs(clicked.y - 80)).toBeLessThanOrEqual(1);
  // The keyboard moves it too: 1% a press, 10% with Shift.
  await picker.press("ArrowRight");
  await picker.press("Shift+ArrowUp");
  const chosen = { x: clicked.x + 1, y: clicked.y - 10 };
  expect(await pickedPoint(picker)).toEqual(chosen);
  // The live preview of the card crops as the public card will.
  await expect.poll(() => objectPosition(dialog.getByTestId("focal-preview-card"))).toBe(`${chosen.x}% ${chosen.y}%`);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Update Project" }).click();
  await expectToast(page, "Project updated successfully");

  // The portfolio page is kept by the page cache: the save cleared it, so the new crop shows at once.
  card = await portfolioCardImage(page, title);
  await expect.poll(() => objectPosition(card)).toBe(`${chosen.x}% ${chosen.y}%`);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect.poll(() => objectPosition(page.getByRole("img", { name: title }))).toBe(`${chosen.x}% ${chosen.y}%`);

  // A new picture starts from the centre again.
  await openAdmin(page, `${url}/admin/projects`);
  await page.getByRole("article").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Project" });
  await expect(dialog.getByRole("slider", { name: "Focal point" })).toHaveAttribute("aria-valuetext", `${chosen.x}% across, ${chosen.y}% down`);
  await dialog.getByRole("textbox", { name: "Featured Image" }).fill("/images/proj-jetty.webp");
  await expect(dialog.getByRole("slider", { name: "Focal point" })).toHaveAttribute("aria-valuetext", "Centre (50% across, 50% down)");
});
