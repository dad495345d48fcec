import type { Page } from "@playwright/test";
import { DEMO_URL, expect, signIn, test } from "./fixtures";
import { openAdmin } from "./admin-helpers";

// docs/product.md#enquiries: the contact form really sends, enquiries land in the admin inbox, spam lands in Spam.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillContactForm(page: Page, name: string) {
  const contact = page.locator("#contact");
  await contact.getByLabel("Full Name").fill(name);
  await contact.getByLabel("Email Address").fill("visitor@example.mv");
  await contact.getByLabel("Phone").fill("+960 777 1111");
  await contact.getByLabel("Project Type").fill("Guest house");
  await contact.getByLabel("Project Details").fill(`Six rooms in Maafushi, reference ${name}.`);
  // A person takes a moment; the e2e server counts anything under 300 ms as a bot (playwright.config.ts).
  await page.waitForTimeout(400);
}

/** Fills the form past the browser's own checks (a single space is "filled") but not the server's, and sends it. */
async function sendRefusedEnquiry(page: Page) {
  await page.goto("/");
  const contact = page.locator("#contact");
  await contact.getByLabel("Full Name").fill(" ");
  await contact.getByLabel("Email Address").fill("kept@example.mv");
  await contact.getByLabel("Project Type").fill("Villa");
  await contact.getByLabel("Project Details").fill("Kept text");
  await contact.getByRole("button", { name: "Send Message" }).click();
  return contact;
}

test("a visitor's enquiry reaches the admin inbox, can be read, found, archived, exported and deleted", async ({ page, browser }) => {
  const name = `Visitor ${unique()}`;
  await page.goto("/");
  await fillContactForm(page, name);
  await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
  await expect(page.locator("#contact").getByLabel("Full Name")).toHaveValue("");

  const admin = await browser.newPage();
  await signIn(admin);
  await openAdmin(admin, `${DEMO_URL}/admin/dashboard`);
  // The dashboard counts unread enquiries, and leads to them.
  await admin.getByRole("link", { name: /\d+ new enquir(y|ies)/ }).click();
  await expect(admin).toHaveURL(/\/admin\/enquiries\?status=new/);
  await admin.goto("/admin/enquiries");
  const item = admin.getByRole("list", { name: "Enquiries" }).getByRole("link", { name: new RegExp(name) });
  await expect(item).toBeVisible();
  await item.click();
  const detail = admin.getByRole("region", { name: `Enquiry from ${name}` });
  await expect(detail.getByText("visitor@example.mv")).toBeVisible();
  await expect(detail.getByText(`Six rooms in Maafushi, reference ${name}.`)).toBeVisible();
  // Opening it marks it read.
  await expect(detail.getByText("read", { exact: true })).toBeVisible();

  await admin.getByLabel("Search enquiries").fill(name);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByRole("list", { name: "Enquiries" }).getByRole("link")).toHaveCount(1);

  await admin.getByRole("list", { name: "Enquiries" }).getByRole("link", { name: new RegExp(name) }).click();
  await admin.getByRole("button", { name: "Archive" }).click();
  await expect(admin.getByText("Enquiry archived")).toBeVisible();
  await admin.goto("/admin/enquiries?status=archived");
  await expect(admin.getByRole("link", { name: new RegExp(name) })).toBeVisible();

  const csv = await admin.request.get(`${DEMO_URL}/admin/enquiries/export.csv?status=archived`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(name);

  await admin.getByRole("link", { name: new RegExp(name) }).click();
  await admin.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Are you sure you want to delete this enquiry?");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Enquiry deleted successfully")).toBeVisible();
  await admin.goto("/admin/enquiries?status=archived");
  await expect(admin.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await admin.close();
});

test("ticked enquiries are archived and deleted at once, with the actions in reach at the end of a phone's list", async ({ page, browser }) => {
  const tag = `Bulk ${unique()}`;
  await page.goto("/");
  for (const n of [1, 2, 3]) {
    await fillContactForm(page, `${tag} ${n}`);
    await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact").getByLabel("Full Name")).toHaveValue("");
  }

  const admin = await browser.newPage({ viewport: { width: 390, height: 560 } });
  await signIn(admin);
  await openAdmin(admin, `${DEMO_URL}/admin/enquiries?q=${encodeURIComponent(tag)}`);
  const list = admin.getByRole("list", { name: "Enquiries" });
  await expect(list.getByRole("link")).toHaveCount(3);
  await expect(admin.getByText("Select all")).toBeVisible();

  // Ticking is not opening: the list stays, and the bar counts.
  await admin.getByRole("checkbox", { name: `Select the enquiry from ${tag} 1` }).click();
  await admin.getByRole("checkbox", { name: `Select the enquiry from ${tag} 3` }).click();
  await expect(admin).not.toHaveURL(/[?&]id=/);
  await expect(admin.getByText("2 selected")).toBeVisible();
  // At the end of the list the actions are still on screen, below the header, not scrolled away under it.
  await admin.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const actions = admin.getByRole("group", { name: "Actions on the selected enquiries" });
  await expect(async () => {
    const header = (await admin.getByRole("banner").boundingBox())!;
    const bar = (await actions.boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(bar.y + bar.height).toBeLessThanOrEqual(560);
  }).toPass({ timeout: 5_000 });
  await actions.getByRole("button", { name: "Archive" }).click();
  await expect(admin.getByText("2 enquiries archived")).toBeVisible();
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list.getByRole("link", { name: new RegExp(`${tag} 2`) })).toBeVisible();
  await expect(admin.getByText("Select all")).toBeVisible();

  await admin.goto(`/admin/enquiries?status=archived&q=${encodeURIComponent(tag)}`);
  await expect(list.getByRole("link")).toHaveCount(2);
  await admin.getByRole("checkbox", { name: "Select all enquiries on this page" }).click();
  await expect(admin.getByText("2 selected")).toBeVisible();
  await expect(actions.getByRole("button", { name: "Move to inbox" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Archive" })).toHaveCount(0);
  await actions.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Are you sure you want to delete these 2 enquiries?");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("2 enquiries deleted")).toBeVisible();
  await expect(admin.getByText("No enquiries match your search")).toBeVisible();

  await admin.goto(`/admin/enquiries?q=${encodeURIComponent(tag)}`);
  await admin.getByRole("checkbox", { name: "Select all enquiries on this page" }).click();
  await actions.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Are you sure you want to delete this enquiry?");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("1 enquiry deleted")).toBeVisible();
  await expect(admin.getByText("No enquiries match your search")).toBeVisible();
  await admin.close();
});

test("a bot that fills the hidden field is told 'sent' but lands in Spam, not the inbox", async ({ page, browser }) => {
  const name = `Bot ${unique()}`;
  await page.goto("/");
  await fillContactForm(page, name);
  await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => {
    el.value = "http://spam.example";
  });
  await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();

  const admin = await browser.newPage();
  await signIn(admin);
  await admin.goto(`/admin/enquiries?q=${encodeURIComponent(name)}`);
  await expect(admin.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await admin.goto(`/admin/enquiries?status=spam&q=${encodeURIComponent(name)}`);
  await admin.getByRole("link", { name: new RegExp(name) }).click();
  await expect(admin.getByText("Caught as spam: honeypot field filled.")).toBeVisible();
  await expect(admin.getByText("Not emailed")).toBeVisible();
  await admin.close();
});

test.describe("a refusal", () => {
  // The refusal is an HTTP 400 answer, which Chromium reports on its console.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test("says why next to the field, in a toast, and keeps what was typed", async ({ page }) => {
    const contact = await sendRefusedEnquiry(page);
    await expect(page.getByRole("alert").filter({ hasText: "Message not sent" })).toContainText("Please check the highlighted fields.");
    const name = contact.getByLabel("Full Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please enter your full name");
    await expect(name).toBeFocused();
    await expect(contact.getByLabel("Email Address")).toHaveValue("kept@example.mv");
    await expect(contact.getByLabel("Project Details")).toHaveValue("Kept text");
    await expect(contact.getByRole("button", { name: "Send Message" })).toBeEnabled();

    // Corrected and sent: the error goes away with the form's contents.
    await name.fill("Mariyam Shareef");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent Successfully!" })).toBeVisible();
    await expect(name).not.toHaveAttribute("aria-invalid");
    await expect(contact.getByText("Please enter your full name")).toHaveCount(0);
    await expect(name).toHaveValue("");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] });

  test("the contact form still sends and says so", async ({ page, browser }) => {
    const name = `NoJS ${unique()}`;
    await page.goto("/");
    await fillContactForm(page, name);
    await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent Successfully!" })).toBeVisible();

    const admin = await browser.newPage({ javaScriptEnabled: true });
    await signIn(admin);
    await admin.goto(`/admin/enquiries?q=${encodeURIComponent(name)}`);
    await expect(admin.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    await admin.close();
  });

  test("a refused enquiry keeps what was typed and shows why", async ({ page }) => {
    // The refusal is an HTTP 400 page, which Chromium reports on its console.
    const contact = await sendRefusedEnquiry(page);
    await expect(page.getByText("Please enter your full name")).toBeVisible();
    await expect(contact.getByLabel("Email Address")).toHaveValue("kept@example.mv");
    await expect(contact.getByLabel("Project Details")).toHaveValue("Kept text");
  });
});
