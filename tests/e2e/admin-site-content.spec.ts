import sharp from "sharp";
import { expect, expectNoAxeViolations, test, signIn } from "./fixtures";
import { expectToast, holdRequests, openAdmin, TRACE_BLOB_FETCH, usePrivateServer } from "./admin-helpers";

// The Site Content page (docs/decisions/0011-site-content-drafts.md): one editor of each kind (texts,
// a list with reorder, gallery upload), preview isolation, publish, restore from history and the
// unsaved-changes guard. It changes the published site, so it runs on a private server.

const server = usePrivateServer({ demo: true });
test.use({ allowConsoleErrors: [TRACE_BLOB_FETCH] });
test.describe.configure({ mode: "serial" });

const section = (page: import("@playwright/test").Page, name: string) =>
  page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: new RegExp(`^${name}`) });

test("texts: a draft is seen only in the admin's preview until it is published", async ({ page, browser }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=hero`);
  await expect(page.getByRole("heading", { name: "Hero", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);

  const headline = "Island Homes, Built to Last";
  await page.getByLabel("Headline", { exact: true }).fill(headline);
  await page.getByLabel("Subtitle", { exact: true }).fill("First line\nSecond line");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Hero: draft saved");
  await expect(page.getByText(/^Draft saved .* not live yet\.$/)).toBeVisible();

  // A visitor in another browser, even asking for a preview, sees the published page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  for (const path of ["/", "/?preview=1"]) {
    const answer = await visitor.goto(`${url}${path}`);
    expect(answer?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Building the Maldives, Island by Island");
    await expect(visitor.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  }

  // The admin's preview: the draft, a visible preview bar, never indexed or stored.
  const preview = await page.context().newPage();
  const answer = await preview.goto(`${url}/?preview=1`);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  expect(answer?.headers()["x-page-cache"]).toBeUndefined();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(headline);
  await expect(preview.getByText(/First line\s+Second line/)).toBeVisible();
  await expect(preview.getByRole("complementary", { name: "Preview" })).toContainText("unpublished drafts");
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await preview.close();

  // The visitor's page came from the page cache; the publish must reach it at once.
  const cached = await visitor.goto(`${url}/`);
  expect(cached?.headers()["x-page-cache"]).toBe("hit");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Hero: published");
  await expect(page.getByText(/^Published .*\.$/)).toBeVisible();
  await expect
    .poll(async () => {
      await visitor.goto(`${url}/`);
      return visitor.getByRole("heading", { level: 1 }).textContent();
    })
    .toBe(headline);
  await visitorContext.close();
});

test("a list: add, reorder by keyboard, remove, limits and field errors", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=faq`);
  const questions = page.getByRole("group", { name: /^Questions/ });
  const item = (n: number) => questions.getByRole("listitem", { name: `Question ${n}`, exact: true });
  const second = await item(2).getByLabel("Question", { exact: true }).inputValue();
  const first = await item(1).getByLabel("Question", { exact: true }).inputValue();

  // Keyboard only: focus "Move question 2 up" and press Enter; the focus follows the entry.
  await item(2).getByRole("button", { name: "Move question 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(item(1).getByLabel("Question", { exact: true })).toHaveValue(second);
  await expect(item(2).getByLabel("Question", { exact: true })).toHaveValue(first);
  await expect(page.getByRole("button", { name: "Move question 1 down" })).toBeFocused();

  // A new entry left empty: field errors, nothing saved.
  await page.getByRole("button", { name: "Add question" }).click();
  await expect(item(9)).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(item(9).getByText("Question is required")).toBeVisible();
  await expect(item(9).getByLabel("Question", { exact: true })).toBeFocused();
  await item(9).getByLabel("Question", { exact: true }).fill("Do you build swimming pools?");
  await item(9).getByLabel("Answer", { exact: true }).fill("Yes, <b>lined</b> and tiled for salt water.");
  await page.getByLabel("Section heading", { exact: true }).fill("Questions & Answers");
  await item(3).getByRole("button", { name: "Remove question 3" }).click();
  await expect(questions.getByRole("listitem")).toHaveCount(8);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "FAQ: draft saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "FAQ: published");

  await page.goto(`${url}/`);
  await expect(page.getByRole("heading", { name: "Questions & Answers", level: 2 })).toBeVisible();
  const faq = page.locator("details summary");
  await expect(faq.first()).toHaveText(second);
  await expect(faq.nth(1)).toHaveText(first);
  await expect(faq.last()).toHaveText("Do you build swimming pools?");
  // Plain text: the markup is shown as typed, never run or rendered.
  await faq.last().click();
  await expect(page.getByText("Yes, <b>lined</b> and tiled for salt water.")).toBeVisible();
  // Not in the HTML as markup either: the page escapes it, and so does the FAQ's JSON-LD.
  const html = await (await page.request.get(`${url}/`)).text();
  expect(html).toContain("Yes, &lt;b&gt;lined&lt;/b&gt; and tiled for salt water.");
  expect(html).toContain('"text":"Yes, \\u003cb\\u003elined');
  expect(html).not.toContain("<b>lined</b>");
});

test("gallery: an image uploaded through the pipeline is published with its title and alt text", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=gallery`);
  const images = page.getByRole("group", { name: /^Images/ });
  await page.getByRole("button", { name: "Add image" }).click();
  const added = images.getByRole("listitem", { name: "Image 7", exact: true });
  const chooser = page.waitForEvent("filechooser");
  await added.getByRole("button", { name: "Upload image" }).click();
  await (await chooser).setFiles({
    name: "lagoon.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1e7fa8" } }).png().toBuffer(),
  });
  await expectToast(page, "File uploaded successfully");
  await expect(added.getByLabel("Image", { exact: true })).toHaveValue(/^\/uploads\/site-assets\/gallery\/.+/);
  await added.getByLabel("Title", { exact: true }).fill("Lagoon Villa Deck");
  await added.getByLabel("Category", { exact: true }).fill("Hospitality");
  await added.getByLabel("Alt text", { exact: true }).fill("A timber deck over a turquoise lagoon");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Gallery: draft saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Gallery: published");

  await page.goto(`${url}/`);
  const gallery = page.getByRole("region", { name: "Our Work in Pictures" });
  await expect(gallery.getByRole("link", { name: /Lagoon Villa Deck/ })).toBeVisible();
  await expect(gallery.getByRole("listitem")).toHaveCount(7);
});

test("gallery: replacing a picture empties its alt text, and saving asks for the new picture's", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=gallery`);
  const first = page.getByRole("group", { name: /^Images/ }).getByRole("listitem", { name: "Image 1", exact: true });
  const alt = first.getByLabel("Alt text", { exact: true });
  await expect(alt).not.toHaveValue("");
  const chooser = page.waitForEvent("filechooser");
  await first.getByRole("button", { name: "Upload image" }).click();
  await (await chooser).setFiles({
    name: "roof.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#a85a1e" } }).png().toBuffer(),
  });
  await expectToast(page, "File uploaded successfully");
  await expect(alt).toHaveValue("");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(first.getByText("Alt text is required")).toBeVisible();
  await alt.fill("A copper roof being laid");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Gallery: draft saved");
});

test("history: a published version is viewed and restored as a draft, then published again", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=why`);
  const card1 = page.getByRole("listitem", { name: "Card 1", exact: true });
  for (const title of ["Safety Above All", "Safety Always"]) {
    await card1.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectToast(page, "Why Choose Us: draft saved");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectToast(page, "Why Choose Us: published");
    // The status line changes only once the page has reloaded the section after publishing; typing before then
    // would be replaced by the reloaded version.
    await expect(page.getByText(/^Published .*\.$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();
  }

  // Two publishes, then the starting content as the first version.
  await page.getByRole("button", { name: "History (3)" }).click();
  const history = page.getByRole("dialog", { name: "History of Why Choose Us" });
  const versions = history.locator("ol").first().locator(":scope > li");
  await expect(versions).toHaveCount(3);
  await expect(versions.last()).toHaveAccessibleName("Starting content");
  const starting = history.getByRole("listitem", { name: "Starting content" });
  await expect(starting).toContainText("What the site started with");
  await starting.getByRole("button", { name: "View starting content" }).click();
  await expect(starting).toContainText("Safety First");
  const v1 = history.getByRole("listitem", { name: "Version 1" });
  await expect(v1).toContainText(/Published .+ by .+/);
  await v1.getByRole("button", { name: "View version 1" }).click();
  await expect(v1).toContainText("Safety Above All");
  await expectNoAxeViolations(page);
  await v1.getByRole("button", { name: "Restore as draft (version 1)" }).click();
  await expectToast(page, "Why Choose Us: version restored as a draft");
  await expect(history).toBeHidden();
  await expect(card1.getByLabel("Title", { exact: true })).toHaveValue("Safety Above All");

  await page.goto(`${url}/`);
  await expect(page.getByRole("heading", { name: "Safety Always" })).toBeVisible();
  await openAdmin(page, `${url}/admin/site-content?section=why`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Why Choose Us: published");
  await page.goto(`${url}/`);
  await expect(page.getByRole("heading", { name: "Safety Above All" })).toBeVisible();
});

test("two admins: the later save is told the section changed since it was opened", async ({ page, browser }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=company`);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, url);
  await openAdmin(other, `${url}/admin/site-content?section=company`);

  await page.getByLabel("Company name", { exact: true }).fill("Reef & Lagoon Builders");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Company: draft saved");

  await other.getByLabel("Company name", { exact: true }).fill("Someone Else Builders");
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "This section changed since you opened it" })).toBeVisible();
  await other.getByRole("button", { name: "Load the latest version" }).click();
  await expect(other.getByLabel("Company name", { exact: true })).toHaveValue("Reef & Lagoon Builders");
  await otherContext.close();

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Company: published");
  await page.goto(`${url}/`);
  await expect(page).toHaveTitle("Reef & Lagoon Builders | Construction & Renovation in the Maldives");
  await expect(page.getByRole("contentinfo")).toContainText("Reef & Lagoon Builders. All rights reserved.");
});

test("unsaved changes: leaving the editor or closing a dialog with changes asks first", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=about`);
  await page.getByLabel("Heading", { exact: true }).fill("About Us, Rewritten");
  await section(page, "FAQ").click();
  const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/section=about/);
  await expect(page.getByLabel("Heading", { exact: true })).toHaveValue("About Us, Rewritten");
  await section(page, "FAQ").click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(/section=faq/);

  // A dialog: Esc with a change asks; without one it just closes.
  await openAdmin(page, `${url}/admin/services`);
  await page.getByRole("button", { name: "Add Service" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });
  await dialog.getByLabel("Title").fill("Half-typed service");
  await page.keyboard.press("Escape");
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("Half-typed service");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Add Service" }).first().click();
  await dialog.getByLabel("Title").click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(ask).toBeHidden();
});

test("what is typed while a publish reloads the section is kept, and saved next", async ({ page }) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/site-content?section=hero`);
  const headline = page.getByLabel("Headline", { exact: true });
  await headline.fill("Reefs to Rooftops");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Hero: draft saved");
  // Publish is enabled once the save's own reload of the section is done (a draft, nothing unsaved).
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeEnabled();

  // The page's reload of the section after the publish is held until the admin has typed.
  const hold = await holdRequests(page, /\/admin\/site-content\.data/, (request) => request.method() === "GET");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await hold.held;
  await headline.fill("Reefs to Rooftops, Since 1998");
  hold.release();
  await expect(page.getByText(/^Published .*\.$/)).toBeVisible();
  await hold.stop();

  await expect(headline).toHaveValue("Reefs to Rooftops, Since 1998");
  await expect(page.getByText("Save the draft to preview or publish your changes.")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  // The status, not a toast: the first save's toast may still be showing.
  await expect(page.getByText(/^Draft saved .* not live yet\.$/)).toBeVisible();
  await expect(headline).toHaveValue("Reefs to Rooftops, Since 1998");
  await page.reload();
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue("Reefs to Rooftops, Since 1998");
});
