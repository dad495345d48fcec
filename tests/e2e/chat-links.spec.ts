import type { Page } from "@playwright/test";
import { expectToast, openAdmin, usePrivateServer } from "./admin-helpers";
import { expect, expectNoAxeViolations, reviewScreenshot, signIn, test } from "./fixtures";

// WhatsApp and Viber (docs/product.md#contact-details, docs/decisions/0068-chat-links-through-a-counting-redirect.md):
// entries added in the admin show as plain links in the header, the menu, the contact section and the footer; a click
// goes through the site's own redirect, which Insight counts as a conversion. A private server: the shared demo
// server's contact details stay as the other tests expect them.
const server = usePrivateServer({ demo: true });

async function addChat(page: Page, type: "WhatsApp" | "Viber", value: string) {
  await page.getByRole("button", { name: "Add Contact Detail" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Contact Detail" });
  await dialog.getByLabel("Type").selectOption({ label: type });
  await dialog.getByLabel("Value").fill(value);
  await dialog.getByRole("button", { name: "Create Contact Detail" }).click();
  return dialog;
}

test("WhatsApp and Viber entries: a clear error for a bad number, then links on every public page that Insight counts", async ({ page, browser }, testInfo) => {
  const url = server.url();
  await signIn(page, url);
  await openAdmin(page, `${url}/admin/contact-details`);
  const refused = await addChat(page, "WhatsApp", "call us");
  await expect(refused.getByText("Enter a mobile number with its country code, e.g. +960 777 1234")).toBeVisible();
  await refused.getByLabel("Value").fill("777 1234");
  await refused.getByRole("button", { name: "Create Contact Detail" }).click();
  await expectToast(page, "Contact detail created successfully");
  await expect(page.getByRole("article", { name: "WhatsApp" })).toContainText("+9607771234");
  await addChat(page, "Viber", "+960 765 4321");
  await expectToast(page, "Contact detail created successfully");
  await expectNoAxeViolations(page);

  // A visitor's browser (Playwright's own user agent says HeadlessChrome: a bot, never counted).
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  });
  const visitor = await context.newPage();
  const thirdParty: string[] = [];
  visitor.on("request", (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith("data:")) thirdParty.push(r.url());
  });
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(`${url}/?utm_source=newsletter`);
  const header = visitor.getByRole("banner");
  await expect(header.getByRole("link", { name: "Chat on WhatsApp: +960 777 1234" })).toHaveAttribute("href", "/contact/whatsapp/9607771234");
  await expect(header.getByRole("link", { name: "Chat on Viber: +960 765 4321" })).toBeVisible();
  await expect(visitor.locator("#contact").getByRole("link", { name: "Chat on WhatsApp: +960 777 1234" })).toBeVisible();
  await expect(visitor.getByRole("contentinfo").getByRole("link", { name: "Viber: +960 765 4321" })).toHaveAttribute("rel", "nofollow");
  await expectNoAxeViolations(visitor);
  await reviewScreenshot(visitor, testInfo, "chat-home-1280");

  await visitor.setViewportSize({ width: 390, height: 844 });
  // On a phone the header keeps its room: the chat links are in the menu.
  await expect(header.getByRole("link", { name: /Chat on WhatsApp/ })).toBeHidden();
  await header.getByRole("button", { name: "Menu" }).click();
  await expect(visitor.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "WhatsApp" })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await reviewScreenshot(visitor, testInfo, "chat-home-390");
  expect(thirdParty).toEqual([]);

  // The link answers with a redirect to WhatsApp (not followed here: it leaves the site).
  const answer = await context.request.get(`${url}/contact/whatsapp/9607771234`, { maxRedirects: 0, headers: { "sec-fetch-dest": "document" } });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("https://wa.me/9607771234");
  await context.close();

  await openAdmin(page, `${url}/admin/insight`);
  const clicks = page.getByRole("table", { name: "Chat clicks", exact: true });
  await expect(clicks.getByRole("row", { name: "WhatsApp 1" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Chat clicks by source" }).getByRole("row", { name: "newsletter 1" })).toBeVisible();
  await expectNoAxeViolations(page);
});
