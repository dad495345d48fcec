import type { Page } from "@playwright/test";
import { DEMO_URL, expect, test } from "./fixtures";

// Service and project detail pages (docs/product.md#service-detail, #project-detail) with the demo content of app/.server/seed/demo.ts,
// and the not-found answers (docs/product.md#detail-pages).

async function openFromHome(page: Page, sectionName: string, title: string) {
  await page.goto("/");
  await page.getByRole("region", { name: sectionName }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** The value of an info tile or a details entry: the <dd> after the <dt> with that label. */
const valueOf = (page: Page, label: string) =>
  page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

test.describe("service detail", () => {
  test("shows badges, tiles, sections and the details card", async ({ page }) => {
    await openFromHome(page, "Our Services", "Residential Construction");
    await expect(page).toHaveTitle("Residential Construction | Atoll Construction & Services");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /New homes and guest houses/);
    const main = page.getByRole("main");
    // Category "Construction" and service type "construction" say the same: one badge (docs/decisions/0019-admin-toasts-and-hero-media.md).
    await expect(main.getByText("Construction", { exact: true })).toHaveCount(1);
    await expect(main.getByText("New homes and guest houses built to last in a salt-air, monsoon climate.")).toBeVisible();

    await expect(valueOf(page, "Pricing")).toHaveText("Project-based");
    await expect(valueOf(page, "Duration")).toHaveText("6 - 14 months");
    await expect(valueOf(page, "Target")).toHaveText("Families, guest house owners, developers");
    await expect(valueOf(page, "Availability")).toHaveText("Male, Hulhumalé and all atolls");
    await expect(main.getByRole("img", { name: "Residential Construction", exact: true })).toBeVisible();

    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Overview",
      "Description",
      "Features",
      "Gallery",
      "Benefits",
      "Service Details",
      "Interested in this service?",
    ]);
    const features = main.getByRole("region", { name: "Features" });
    await expect(features.getByRole("listitem")).toHaveText([
      "Permit and council approvals",
      "Marine-grade concrete and rebar",
      "Weekly photo progress reports",
      "Fixed programme with milestones",
    ]);
    await expect(main.getByRole("region", { name: "Benefits" }).getByRole("listitem")).toHaveCount(3);
    await expect(valueOf(page, "Prerequisites")).toHaveText("Land ownership or lease documents, approved or draft drawings, budget range");
    await expect(valueOf(page, "Warranty")).toHaveText("10-year structural warranty, 1-year defects liability");
  });

  test("on a phone, every tile's label stays on one line, whole", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFromHome(page, "Our Services", "Residential Construction");
    const labels = ["Pricing", "Duration", "Target", "Availability"];
    // One line box per label: a label broken mid-word ("AVAILABILIT" / "Y") has two.
    const lines = await page.getByRole("term").evaluateAll((terms) =>
      terms.map((dt) => {
        const range = document.createRange();
        range.selectNodeContents(dt.lastChild!);
        return [dt.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
      }),
    );
    for (const label of labels) expect(lines).toContainEqual([label, 1]);
  });

  test("its gallery opens the full-screen viewer, wrapping around", async ({ page }) => {
    await openFromHome(page, "Our Services", "Residential Construction");
    const gallery = page.getByRole("region", { name: "Gallery" });
    await expect(gallery.getByRole("link")).toHaveCount(3);
    await gallery.getByRole("link").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName("Residential Construction (1/3)");
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(dialog).toHaveAccessibleName("Residential Construction (3/3)");
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toHaveAccessibleName("Residential Construction (1/3)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("shows a skeleton while a detail page loads", async ({ page }) => {
    await page.goto("/");
    // Hold the detail page's document request so the loading state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/service\/[^/.]+$/, async (route) => {
      await held;
      await route.continue();
    });
    // While a document load is pending Playwright's locators and clicks wait for it, so the click
    // and the look at the page behind it happen inside the page.
    const shown = await page.evaluate(async () => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>("#services a")].find((a) => a.textContent === "Building Maintenance");
      link?.click();
      // It fades in after 200 ms (a fast answer never flashes it): look a little later.
      await new Promise((resolve) => setTimeout(resolve, 800));
      const layer = [...document.querySelectorAll<HTMLElement>("[role=status]")].find((el) => el.textContent?.includes("Loading service details"));
      return layer ? { opacity: Number(getComputedStyle(layer).opacity), covers: layer.getBoundingClientRect().height > 300 } : null;
    });
    expect(shown?.covers).toBe(true);
    expect(shown?.opacity).toBeGreaterThan(0);
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Building Maintenance" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading service details" })).toHaveCount(0);
  });

  test("'Get Quote' goes home and scrolls to the contact form", async ({ page }) => {
    await openFromHome(page, "Our Services", "Residential Construction");
    await page.getByRole("complementary", { name: "Interested in this service?" }).getByRole("link", { name: "Get Quote" }).click();
    // The service rides along, so the form's Project Type names it (docs/decisions/0017-leads-pipeline.md).
    await expect(page).toHaveURL(new RegExp(`^${DEMO_URL}/\\?service=[\\w-]+#contact$`));
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Get Your Free Quote" })).toBeInViewport();
  });

  test("'Back to Services' returns home to the services", async ({ page }) => {
    await openFromHome(page, "Our Services", "Building Maintenance");
    await page.getByRole("link", { name: "Back to Services" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/#services`);
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Our Services" })).toBeInViewport();
  });

  test("a missing service answers 404 with 'Service Not Found' and 'Back to Home'", async ({ page }) => {
    for (const path of ["/service/3f1b2c3d-0000-4000-8000-000000000000", "/service/not%20a%20valid%20id!", `/service/${"x".repeat(200)}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Service Not Found" })).toBeVisible();
    }
    await expect(page).toHaveTitle(/Service Not Found/);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Building the Maldives, Island by Island");
  });
});

test.describe("project detail", () => {
  test("a completed project: badges, tiles in US formats, sections, testimonial, timeline and tags", async ({ page }) => {
    await openFromHome(page, "Featured Projects", "Overwater Villas, South Ari Resort");
    await expect(page).toHaveTitle("Overwater Villas, South Ari Resort | Atoll Construction & Services");
    const main = page.getByRole("main");
    for (const badge of ["Hospitality", "Commercial", "Completed"])
      await expect(main.getByText(badge, { exact: true }).first()).toBeVisible();
    await expect(main.getByText("Completed", { exact: true }).first()).toHaveAttribute("data-variant", "default");
    await expect(main.getByText("Twenty-four overwater villas with private pools, delivered in two phases.")).toBeVisible();

    await expect(valueOf(page, "Location")).toHaveText("South Ari Atoll");
    await expect(valueOf(page, "Duration")).toHaveText("20 months");
    await expect(valueOf(page, "Budget")).toHaveText("$9,800,000");
    await expect(valueOf(page, "Progress")).toHaveText("100%");

    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Project Description",
      "Challenges",
      "Solutions",
      "Project Gallery",
      "Client Testimonial",
      "Materials Used",
      "Project Details",
      "Timeline",
      "Technologies",
      "Tags",
      "Planning something similar?",
    ]);
    const testimonial = main.getByRole("region", { name: "Client Testimonial" });
    await expect(testimonial).toContainText("Atoll delivered our villas on time");
    await expect(testimonial).toContainText("Private resort owner");
    await expect(valueOf(page, "Start Date")).toHaveText("June 1, 2023");
    await expect(valueOf(page, "End Date")).toHaveText("January 31, 2025");
    await expect(main.getByRole("region", { name: "Materials Used" }).getByRole("listitem")).toHaveCount(4);
    await expect(main.getByRole("region", { name: "Technologies" }).getByRole("listitem")).toHaveText([
      "Prefabricated decks",
      "Drone surveys",
    ]);
    await expect(main.getByRole("region", { name: "Tags" }).getByRole("listitem")).toHaveText(["#resort", "#overwater", "#hospitality"]);
    await expect(main.getByRole("region", { name: "Project Gallery" }).getByRole("link")).toHaveCount(3);
  });

  test("an in-progress project: secondary status badge and 'N/A' for a missing end date", async ({ page }) => {
    await openFromHome(page, "Featured Projects", "Coral Stone Heritage Restoration");
    const main = page.getByRole("main");
    const status = main.getByText("In Progress", { exact: true }).first();
    await expect(status).toHaveAttribute("data-variant", "secondary");
    await expect(valueOf(page, "Budget")).toHaveText("$260,000");
    await expect(valueOf(page, "Duration")).toHaveText("14 months");
    await expect(valueOf(page, "Progress")).toHaveText("70%");
    await expect(valueOf(page, "Start Date")).toHaveText("March 1, 2024");
    await expect(valueOf(page, "End Date")).toHaveText("N/A");
    await expect(main.getByRole("progressbar", { name: "Project completion" })).toHaveAttribute("aria-valuenow", "70");
    await expect(main.getByRole("region", { name: "Tags" }).getByRole("listitem")).toHaveText(["#heritage", "#restoration", "#male"]);
  });

  test("'Start Your Project' goes home and scrolls to contact; 'Back to Projects' returns to the projects", async ({ page }) => {
    await openFromHome(page, "Featured Projects", "Harbour Jetty Reconstruction");
    await page.getByRole("link", { name: "Start Your Project" }).click();
    await expect(page).toHaveURL(new RegExp(`^${DEMO_URL}/\\?project=[\\w-]+#contact$`));
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Get Your Free Quote" })).toBeInViewport();

    await openFromHome(page, "Featured Projects", "Harbour Jetty Reconstruction");
    await page.getByRole("link", { name: "Back to Projects" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/#projects`);
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Featured Projects" })).toBeInViewport();
  });

  test("a missing project answers 404 with 'Project Not Found' and 'Back to Home'", async ({ page }) => {
    for (const path of ["/project/3f1b2c3d-0000-4000-8000-000000000000", "/project/%27%20or%201%3D1", "/project/..%2F..%2Fetc"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Project Not Found" })).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/`);
  });
});

test.describe("not-found page", () => {
  test("any other path answers 404 with '404', 'Oops! Page not found' and 'Return to Home'", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/`);
  });
});
