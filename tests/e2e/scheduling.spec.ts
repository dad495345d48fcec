import { expect, expectNoAxeViolations, reviewScreenshot, signIn, test } from "./fixtures";
import { expectToast, openAdmin, usePrivateServer } from "./admin-helpers";

// docs/product.md#scheduling: a section scheduled a minute ahead goes live by the server's own clock, Publish all
// changes lists what it publishes, and a service's Show from keeps it off the site until then. It changes the
// published site, so it runs on a private server, whose scheduler ticks every second (SCHEDULE_TICK_MS): the
// schedule itself is real, a minute of wall-clock time.

const server = usePrivateServer({ demo: true, env: () => ({ SCHEDULE_TICK_MS: "1000" }) });
test.describe.configure({ mode: "serial" });
// A browser far from the Maldives: the admin still reads and takes Maldives time.
test.use({ timezoneId: "America/New_York" });

/** Maldives wall-clock time (UTC+5) as a datetime-local field takes it: "2026-12-01T08:00". */
const maldivesLocal = (ms: number) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 16);

test("A section scheduled a minute ahead goes live without anyone clicking.", async ({ page, browser }, testInfo) => {
  // The schedule is a real minute (up to 80 s to the next whole minute): more than the usual two minutes in all.
  test.setTimeout(240_000);
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=hero`);
  const headline = `Scheduled headline ${Date.now().toString(36)}`;
  await page.getByLabel("Headline", { exact: true }).fill(headline);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Hero: draft saved");
  await expect(page.getByRole("region", { name: "Unpublished changes" })).toContainText("Unpublished changes in 1 section: Hero.");

  // The next whole minute at least 50 s away: a minute ahead, as a person would type it.
  const now = Date.now();
  let at = Math.ceil(now / 60_000) * 60_000;
  if (at - now < 50_000) at += 60_000;
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Hero" });
  await expect(dialog).toContainText("as it is then");
  await dialog.getByLabel("Publish at").fill(maldivesLocal(at));
  await dialog.getByRole("button", { name: "Schedule publish" }).click();
  await expectToast(page, /Hero: publish scheduled for .* \(Maldives time\)/);
  const pending = page.getByRole("region", { name: "Scheduled publishes" });
  await expect(pending).toContainText(`Hero at ${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Indian/Maldives" }).format(at).replace(/\s/g, " ")}`);
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: /^Hero/ })).toContainText("Scheduled");

  // A visitor's page, cached: before the time it is the published one.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${url}/`);
  const cached = await visitor.goto(`${url}/`);
  expect(cached?.headers()["x-page-cache"]).toBe("hit");
  expect(Date.now()).toBeLessThan(at);
  await expect(visitor.getByRole("heading", { level: 1 })).not.toHaveText(headline, { timeout: 1000 });

  await reviewScreenshot(page, testInfo, "site-content-scheduled");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Schedule all" }).click();
  await page.getByRole("dialog", { name: "Schedule all changes" }).getByLabel("Publish at").fill(maldivesLocal(at + 86_400_000));
  await reviewScreenshot(page, testInfo, "schedule-dialog");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");

  // Nobody clicks anything: the server publishes at the time, and the page cache lets it through.
  await expect
    .poll(
      async () => {
        await visitor.goto(`${url}/`);
        return visitor.getByRole("heading", { level: 1 }).textContent();
      },
      { timeout: at - Date.now() + 30_000, intervals: [2000] },
    )
    .toBe(headline);
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  await visitorContext.close();

  // In History and Activity like a publish by hand.
  await openAdmin(page, `${url}/admin/site-content?section=hero`);
  await expect(page.getByRole("region", { name: "Scheduled publishes" })).toHaveCount(0);
  await page.getByRole("button", { name: /History/ }).click();
  await expect(page.getByRole("listitem", { name: "Version 1" })).toContainText("Published as scheduled");
  await page.keyboard.press("Escape");
  await openAdmin(page, `${url}/admin/activity`);
  await expect(page.getByText("Published site content as scheduled").first()).toBeVisible();
});

test("Publish all changes lists the changed sections and publishes them together", async ({ page, browser }, testInfo) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=faq`);
  const question = `All together ${Date.now().toString(36)}?`;
  await page.getByLabel("Question", { exact: true }).first().fill(question);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "FAQ: draft saved");
  await openAdmin(page, `${url}/admin/site-content?section=company`);
  await page.getByLabel("Company name", { exact: true }).fill("Atoll Builders");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Company: draft saved");

  await page.getByRole("button", { name: "Publish all changes" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish all changes?" });
  await expect(dialog.getByRole("listitem")).toHaveText(["FAQ", "Company"]);
  await reviewScreenshot(page, testInfo, "publish-all-dialog");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Publish 2 sections" }).click();
  await expectToast(page, "Published 2 sections");
  await expect(page.getByRole("region", { name: "Unpublished changes" })).toContainText("Every section is published.");

  const visitor = await browser.newPage();
  await visitor.goto(`${url}/`);
  await expect(visitor.getByText(question)).toBeAttached();
  await expect(visitor).toHaveTitle(/Atoll Builders/);
  await visitor.close();
});

test("a service with Show from ahead says so on its card and stays off the site", async ({ page, browser }, testInfo) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/services`);
  const title = `Monsoon repairs ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Show from").fill("2031-12-01T08:00");
  await reviewScreenshot(page, testInfo, "service-dialog-dates");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expectToast(page, "Service created successfully");
  const card = page.getByRole("article", { name: title });
  await expect(card).toContainText("Shows from 1 Dec 2031, 08:00");
  await reviewScreenshot(page, testInfo, "services-badge");
  await expectNoAxeViolations(page);

  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Service" });
  await expect(edit.getByLabel("Show from")).toHaveValue("2031-12-01T08:00");
  await edit.getByLabel("Hide from").fill("2031-11-01T08:00");
  await edit.getByRole("button", { name: "Update Service" }).click();
  await expect(edit.getByText("Hide from must be after Show from")).toBeVisible();
  await page.keyboard.press("Escape");

  const visitor = await browser.newPage();
  await visitor.goto(`${url}/`);
  await expect(visitor.getByRole("heading", { name: "Residential Construction" })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  const sitemap = await (await visitor.request.get(`${url}/sitemap.xml`)).text();
  expect(sitemap).toContain("<urlset");
  expect(sitemap).not.toContain(title);
  await visitor.close();
});
