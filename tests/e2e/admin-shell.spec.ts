import { openAdmin } from "./admin-helpers";
import { DEMO_URL, EMPTY_URL, expect, expectNoAxeViolations, signIn, test } from "./fixtures";

// Patient assertions: on a busy machine a save, its revalidation and its toast can take several seconds.

// The admin shell, dashboard and every page's empty state and accessibility. Read-only: the demo
// server for the shell, the empty server (no content) for the empty states.

const SECTIONS = [
  { link: "Dashboard", path: "/admin/dashboard" },
  { link: "Services", path: "/admin/services" },
  { link: "Projects", path: "/admin/projects" },
  { link: "Contact Details", path: "/admin/contact-details" },
  { link: "Team", path: "/admin/team" },
  { link: "Profile", path: "/admin/profile" },
  { link: "Settings", path: "/admin/settings" },
];

// Whole screens with uploads and axe runs: more than the default 30 s on a busy machine.

test.describe("admin shell", () => {
  test("sidebar, header and every section: titles, user, noindex, no axe violations", async ({ page }) => {
    await signIn(page);
    await openAdmin(page, "/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(page.getByText("Company Admin Panel")).toBeVisible();
    await expect(page.getByRole("banner").getByText("Owner", { exact: true }).first()).toBeVisible();
    const sidebar = page.getByRole("complementary");
    await expect(sidebar.getByText("e2e-admin@example.com")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    for (const section of SECTIONS) {
      await nav.getByRole("link", { name: section.link, exact: true }).click();
      await expect(page).toHaveURL(`${DEMO_URL}${section.path}`);
      await expect(page.getByRole("heading", { level: 1, name: section.link })).toBeVisible();
      await expect(nav.getByRole("link", { name: section.link, exact: true })).toHaveAttribute("aria-current", "page");
      await expectNoAxeViolations(page);
    }
    const response = await page.goto("/admin/services");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  });

  test("the dialogs are titled and accessible", async ({ page }) => {
    await signIn(page);
    for (const [path, button, title] of [
      ["/admin/services", "Add Service", "Add Service"],
      ["/admin/projects", "Add Project", "Add Project"],
      ["/admin/contact-details", "Add Contact Detail", "Add Contact Detail"],
    ] as const) {
      await openAdmin(page, path);
      await page.getByRole("button", { name: button }).first().click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
    await openAdmin(page, "/admin/services");
    await page.getByRole("article").first().getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this service?" });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await openAdmin(page, "/admin/settings");
    await page.getByRole("tab", { name: "Hero Section" }).click();
    await expect(page.getByLabel("Background Type")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the sidebar collapses to icons on large screens and remembers it", async ({ page }) => {
    await signIn(page);
    await openAdmin(page, "/admin/dashboard");
    const sidebar = page.getByRole("complementary");
    await expect(sidebar).toHaveCSS("width", "256px");
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(sidebar).toHaveCSS("width", "64px");
    // Icon-only links keep their names.
    await expect(sidebar.getByRole("link", { name: "Projects", exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("complementary")).toHaveCSS("width", "64px");
    await expectNoAxeViolations(page);
    await page.getByRole("complementary").getByRole("link", { name: "Projects", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(page.getByRole("complementary")).toHaveCSS("width", "256px");
    await page.reload();
    await expect(page.getByRole("complementary")).toHaveCSS("width", "256px");
  });

  test("on a phone the menu is a drawer with an overlay that closes after a click", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await openAdmin(page, "/admin/dashboard");
    await expect(page.getByRole("complementary")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Admin menu" });
    await expect(drawer).toBeVisible();
    await expect(page.locator("[data-slot=sheet-overlay]")).toBeVisible();
    await expect(drawer.getByText("e2e-admin@example.com")).toBeVisible();
    await expectNoAxeViolations(page);
    await drawer.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/admin/services`);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Admin menu" })).toBeHidden();
  });
});

test.describe("dashboard", () => {
  test("shows the counts, the fixed services card, quick actions and the system status", async ({ page }) => {
    await signIn(page);
    await openAdmin(page, "/admin/dashboard");
    for (const label of ["Total Projects", "Featured Projects", "Public Projects"]) {
      await expect(page.getByTestId(`stat-${label.toLowerCase().replace(/\s+/g, "-")}`)).toHaveText(/^\d+$/);
    }
    await expect(page.getByTestId("stat-services")).toHaveText("8+");
    await expect(page.getByText("Database Connection Active")).toBeVisible();
    await expect(page.getByText("Authentication Working")).toBeVisible();
    // Today on the company's clock (Maldives time), as the dashboard shows it.
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "Indian/Maldives" }).format(new Date());
    await expect(page.getByText(today)).toBeVisible();

    await page.getByRole("link", { name: /Manage Services/ }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/admin/services`);
    await page.goBack();
    await page.getByRole("link", { name: /Add Project/ }).click();
    await expect(page.getByRole("dialog", { name: "Add Project" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/admin/projects`);
  });

  test("looks right on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await openAdmin(page, "/admin/dashboard");
    await expect(page.getByText("Database Connection Active")).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test.describe("empty states (server without content)", () => {
  test("services, projects and contact details say they are empty and offer to create the first", async ({ page }) => {
    await signIn(page, EMPTY_URL);
    await openAdmin(page, `${EMPTY_URL}/admin/dashboard`);
    await expect(page.getByTestId("stat-total-projects")).toHaveText("0");

    await openAdmin(page, `${EMPTY_URL}/admin/services`);
    await expect(page.getByRole("heading", { name: "No services found" })).toBeVisible();
    await page.getByRole("button", { name: "Create Your First Service" }).click();
    await expect(page.getByRole("dialog", { name: "Add Service" })).toBeVisible();
    await page.keyboard.press("Escape");

    await openAdmin(page, `${EMPTY_URL}/admin/projects`);
    await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
    await page.getByRole("button", { name: "Create Your First Project" }).click();
    await expect(page.getByRole("dialog", { name: "Add Project" })).toBeVisible();
    await page.keyboard.press("Escape");

    await openAdmin(page, `${EMPTY_URL}/admin/contact-details`);
    await expect(page.getByRole("heading", { name: "No Contact Details" })).toBeVisible();
    await expectNoAxeViolations(page);

    await openAdmin(page, `${EMPTY_URL}/admin/trash`);
    await expect(page.getByRole("heading", { name: "The Trash is empty" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
