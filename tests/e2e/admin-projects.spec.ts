import sharp from "sharp";
import { expectToast, holdRequests, unique, usePrivateServer, TRACE_BLOB_FETCH, openAdmin } from "./admin-helpers";
import type { Locator, Page } from "@playwright/test";
import { expect, test, signIn } from "./fixtures";

// Patient assertions: on a busy machine a save, its revalidation and its toast can take several seconds.

// Projects against a private server that starts empty: the dashboard counts are exact here.
const server = usePrivateServer({ demo: false });

const badge = (card: Locator, text: string) => card.locator("[data-slot=badge]").filter({ hasText: new RegExp(`^${text}$`) });

/** Creates a project with only a title, from the projects page, and returns its card. */
async function addProject(page: Page, title: string) {
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.getByRole("dialog").getByLabel("Title").fill(title);
  await page.getByRole("dialog").getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project created successfully");
  return page.getByRole("article", { name: title });
}

const picture = async (name: string, color: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 400, height: 250, channels: 3, background: color } }).png().toBuffer(),
});

// Whole screens with uploads and axe runs: more than the default 30 s on a busy machine.
test.use({ allowConsoleErrors: [TRACE_BLOB_FETCH] });

test.describe("projects", () => {
  test("from the dashboard's Add Project: every field, uploads, badges, public page and counts", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/dashboard`);
    for (const id of ["stat-total-projects", "stat-featured-projects", "stat-public-projects"]) await expect(page.getByTestId(id)).toHaveText("0");
    await openAdmin(page, `${url}/admin/projects`);
    await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
    await openAdmin(page, `${url}/admin/dashboard`);
    await page.getByRole("link", { name: /Add Project/ }).click();
    const dialog = page.getByRole("dialog", { name: "Add Project" });
    await expect(dialog).toBeVisible();

    const title = unique("Lagoon Villas");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Short Description").fill("Twelve overwater villas.");
    await dialog.getByLabel("Description", { exact: true }).fill("Piled foundations and timber decks over the lagoon.");
    await dialog.getByRole("button", { name: "New category" }).click();
    const category = unique("Hospitality");
    await dialog.getByLabel("Category name").fill(category);
    await dialog.getByLabel("Category type").selectOption("project");
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expectToast(page, "Category created successfully");
    await expect(dialog.getByLabel("Category", { exact: true })).toHaveValue(category);
    await dialog.getByLabel("Project Type").selectOption("commercial");
    await expect(dialog.getByLabel("Status")).toHaveValue("draft");
    await expect(dialog.getByLabel("Priority")).toHaveValue("medium");
    await dialog.getByLabel("Status").selectOption({ label: "In Progress" });
    await dialog.getByLabel("Priority").selectOption("urgent");
    await dialog.getByLabel("Location").fill("South Ari Atoll");
    await dialog.getByLabel("Budget (USD)").fill("2,500,000");
    await dialog.getByLabel("Start Date").fill("2026-01-15");
    await dialog.getByLabel("End Date").fill("2026-12-20");
    await dialog.getByLabel("Duration (months)").fill("11");
    await expect(dialog.getByLabel("Completion Percentage")).toHaveAttribute("min", "0");
    await expect(dialog.getByLabel("Completion Percentage")).toHaveAttribute("max", "100");
    await dialog.getByLabel("Completion Percentage").fill("85");
    await dialog.getByLabel("Client Name").fill("Blue Lagoon Resorts");
    await dialog.getByLabel("Client Email").fill("projects@bluelagoon.example");
    await dialog.getByLabel("Client Phone").fill("+960 777 0000");
    await dialog.getByLabel("Testimonial").fill("On time and on budget.");
    await dialog.getByLabel("Challenges").fill("Monsoon season logistics");
    await dialog.getByLabel("Solutions").fill("Prefabricated decks");
    await dialog.getByLabel("Materials Used").fill("Hardwood, Stainless steel");
    await dialog.getByLabel("Technologies Used").fill("BIM, Drone surveys");
    await dialog.getByLabel("Tags").fill("resort, overwater");
    await dialog.getByLabel("Team Members").fill("Aishath, Ibrahim");

    let chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload featured image" }).click();
    await (await chooser).setFiles(await picture("villa.png", "#0f5f7a"));
    await expectToast(page, "File uploaded successfully");
    await expect(dialog.getByLabel("Featured Image", { exact: true })).toHaveValue(/^\/uploads\/project-images\/featured\//);
    chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload gallery images" }).click();
    await (await chooser).setFiles([await picture("g1.png", "#aa5500"), await picture("g2.png", "#225588")]);
    await expect(dialog.getByRole("img", { name: /^Gallery image \d$/ })).toHaveCount(2);

    await expect(dialog.getByRole("switch", { name: "Public" })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Featured" })).not.toBeChecked();
    await dialog.getByRole("switch", { name: "Featured" }).click();
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expectToast(page, "Project created successfully");
    await expect(page).toHaveURL(`${url}/admin/projects`);

    const card = page.getByRole("article", { name: title });
    for (const text of [category, "Public", "Featured", "In Progress"]) await expect(badge(card, text)).toBeVisible();
    for (const text of ["85%", "$2,500,000", "Twelve overwater villas.", "South Ari Atoll"]) await expect(card).toContainText(text);
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "85");

    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await openAdmin(page, `${url}/admin/dashboard`);
    for (const id of ["stat-total-projects", "stat-featured-projects", "stat-public-projects"]) await expect(page.getByTestId(id)).toHaveText("1");
  });

  test("the card switches, edit and delete, seen on the public home page", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/projects`);
    const title = unique("Harbour Jetty");
    const card = await addProject(page, title);
    await expect(badge(card, "Draft")).toBeVisible();
    await expect(badge(card, "Featured")).toHaveCount(0);
    await expect(card).toContainText("0%");
    await expect(card).toContainText("N/A");

    await card.getByRole("switch", { name: "Public" }).click();
    await expectToast(page, "Project updated successfully");
    await expect(badge(card, "Private")).toBeVisible();
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    await openAdmin(page, `${url}/admin/projects`);
    await card.getByRole("switch", { name: "Public" }).click();
    await expect(badge(card, "Public")).toBeVisible();
    await card.getByRole("switch", { name: "Featured" }).click();
    await expectToast(page, "Project updated successfully");
    await expect(badge(card, "Featured")).toBeVisible();
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    await openAdmin(page, `${url}/admin/projects`);
    await card.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Project" });
    await expect(dialog.getByRole("switch", { name: "Featured" })).toBeChecked();
    const renamed = `${title} Phase 2`;
    await dialog.getByLabel("Title").fill(renamed);
    await dialog.getByLabel("Status").selectOption("completed");
    await dialog.getByLabel("Completion Percentage").fill("100");
    await dialog.getByRole("button", { name: "Update Project" }).click();
    await expectToast(page, "Project updated successfully");
    const renamedCard = page.getByRole("article", { name: renamed });
    await expect(badge(renamedCard, "Completed")).toBeVisible();
    await expect(renamedCard).toContainText("100%");
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

    await openAdmin(page, `${url}/admin/projects`);
    await renamedCard.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this project?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Project deleted successfully");
    await expect(renamedCard).toHaveCount(0);
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);
  });

  test("two switches flipped in quick succession both save, each with its toast", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/projects`);
    const title = unique("Reef Walkway");
    const card = await addProject(page, title);
    await expect(badge(card, "Public")).toBeVisible();

    // The first switch's save is held on its way out until the second switch has been flipped: a second submit
    // that cancelled the first would leave it unsent.
    const hold = await holdRequests(page, /\/admin\/projects\.data/, (request) => request.method() === "POST" && !!request.postData()?.includes("is_public"));
    await card.getByRole("switch", { name: "Public" }).click();
    await hold.held;
    await card.getByRole("switch", { name: "Featured" }).click();
    await expect(badge(card, "Featured")).toBeVisible();
    await expect(badge(card, "Private")).toBeVisible();
    hold.release();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Project updated successfully" })).toHaveCount(2);
    await hold.stop();

    await openAdmin(page, `${url}/admin/projects`);
    await expect(badge(card, "Private")).toBeVisible();
    await expect(badge(card, "Featured")).toBeVisible();
  });

  test("shows field errors with the project's rules", async ({ page }) => {
    const url = server.url();
    await signIn(page, url);
    await openAdmin(page, `${url}/admin/projects?new=1`);
    const dialog = page.getByRole("dialog", { name: "Add Project" });
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await dialog.getByLabel("Title").fill("Rules");
    await dialog.getByLabel("Completion Percentage").fill("150");
    await dialog.getByLabel("Budget (USD)").fill("a lot");
    await dialog.getByLabel("Client Email").fill("not-an-email");
    await dialog.getByLabel("Start Date").fill("2026-06-01");
    await dialog.getByLabel("End Date").fill("2026-01-01");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    for (const message of [
      "Completion percentage must be at most 100",
      "Budget must be a positive number",
      "Invalid email address",
      "End date must be on or after the start date",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByText("Title is required")).toHaveCount(0);
  });
});
