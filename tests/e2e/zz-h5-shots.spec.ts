import { expect, signIn, test } from "./fixtures";
import { expectToast, openAdmin, usePrivateServer } from "./admin-helpers";

const server = usePrivateServer({ demo: true });
test.describe.configure({ mode: "serial" });
test.use({ allowConsoleErrors: [/status of 400/] });
const shot = (page: import("@playwright/test").Page, name: string) => page.screenshot({ path: `/tmp/h5/${name}.png`, fullPage: false });

for (const width of [390, 1280]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/site-content?section=hero`);
    await page.getByLabel("Headline").fill(`Shot ${width}`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectToast(page, "Hero: draft saved");
    await page.getByRole("button", { name: "Schedule all" }).click();
    await page.getByLabel("Publish at").fill("2031-12-01T08:00");
    await shot(page, `schedule-all-dialog-${width}`);
    await page.getByRole("button", { name: "Schedule publish" }).click();
    await expectToast(page, /scheduled/);
    await page.waitForTimeout(4500);
    await shot(page, `site-content-${width}`);
    await page.screenshot({ path: `/tmp/h5/site-content-full-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: "Publish all changes" }).click();
    await shot(page, `publish-all-${width}`);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByLabel("Publish at").fill("2020-12-01T08:00");
    await page.getByRole("button", { name: "Schedule publish" }).click();
    await expect(page.getByText("Choose a time in the future")).toBeVisible();
    await shot(page, `schedule-section-error-${width}`);
    await page.keyboard.press("Escape");
    await openAdmin(page, `${url}/admin/services`);
    await page.getByRole("article").first().getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Show from").fill("2031-12-01T08:00");
    await dialog.getByLabel("Hide from").scrollIntoViewIfNeeded();
    await shot(page, `service-dialog-${width}`);
    await dialog.getByRole("button", { name: "Update Service" }).click();
    await expectToast(page, "Service updated successfully");
    await page.waitForTimeout(4500);
    await shot(page, `services-${width}`);
    await openAdmin(page, `${url}/admin/projects`);
    await page.getByRole("article").first().getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog").getByLabel("Hide from").scrollIntoViewIfNeeded();
    await shot(page, `project-dialog-${width}`);
  });
}
