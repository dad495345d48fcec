import { DEMO_URL, expect, expectNoAxeViolations, reviewScreenshot, signIn, test } from "./fixtures";
import { dv } from "../../app/i18n/dv";
import { expectToast } from "./admin-helpers";

// docs/decisions/0077-dhivehi-design.md, Enquiries (docs/product.md#enquiries, #leads): an enquiry sent from a
// Dhivehi page is stored as Dhivehi, the lead says so, and a template's Dhivehi version is what its reply starts from.
// With E2E_SCREENSHOTS=1 it leaves screenshots of the lead and the templates page for review.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("an enquiry in Dhivehi shows as Dhivehi on its lead, and replying picks the template's Dhivehi version", async ({ page, browser }) => {
  const name = `Dhivehi ${unique()}`;
  const templateName = `Thanks in Dhivehi ${unique()}`;

  // The visitor: the contact form of the Dhivehi home page, in its own words; it sends its language with it.
  await page.goto("/dv#contact");
  const contact = page.locator("#contact");
  await expect(contact.locator("input[name=language]")).toHaveValue("dv");
  await contact.getByLabel(dv.formName).fill(name);
  await contact.getByLabel(dv.formEmail).fill("mariyam@example.mv");
  await contact.getByLabel(dv.formSubject).fill("ގެސްޓްހައުސް");
  await contact.getByLabel(dv.formMessage).fill(`ތޮއްޑޫގައި 8 ކޮޓަރީގެ ގެސްޓްހައުސްއެއް، ${name}.`);
  // The e2e server counts a form sent within 300 ms of the page loading as a bot (playwright.config.ts).
  await page.waitForTimeout(400);
  await contact.getByRole("button", { name: dv.formSend }).click();
  await expect(page.getByText(dv.sentTitle)).toBeVisible();

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(admin);

  // A template with a Dhivehi version, written right to left.
  await admin.goto(`${DEMO_URL}/admin/enquiries/templates`);
  const add = admin.getByRole("form", { name: "New template" });
  await add.getByLabel("Name").fill(templateName);
  await add.getByLabel("Subject", { exact: true }).fill("Re: {project_type}");
  await add.getByLabel("Message", { exact: true }).fill("Dear {name},\n\nThank you.\n\n{company}");
  await add.getByLabel("Subject in Dhivehi").fill("ޖަވާބު: {project_type}");
  const dhivehiBody = add.getByLabel("Message in Dhivehi");
  await expect(dhivehiBody).toHaveAttribute("dir", "rtl");
  await expect(dhivehiBody).toHaveAttribute("lang", "dv");
  await dhivehiBody.fill("{name} އަށް،\n\nއެންގުމަށް ޝުކުރިއްޔާ.\n\n{company}");
  await add.getByRole("button", { name: "Add template" }).click();
  await expectToast(admin, "Template created");
  const saved = admin.getByRole("form", { name: `Template ${templateName}` });
  await expect(saved.getByLabel("Message in Dhivehi")).toHaveValue(/އެންގުމަށް ޝުކުރިއްޔާ/);
  // Delete is not part of the template's form.
  await expect(saved.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await reviewScreenshot(admin, test.info(), "templates-1280");
  // At a phone's width nothing is wider than the screen (a long template name wraps).
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(admin.getByRole("form", { name: `Template ${templateName}` })).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reviewScreenshot(admin, test.info(), "templates-390");

  // The lead: Dhivehi beside its source, in its Source section, and in the list.
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await admin.goto(`${DEMO_URL}/admin/enquiries?q=${encodeURIComponent(name)}&language=dv`);
    const item = admin.getByRole("list", { name: "Enquiries" }).getByRole("link", { name: new RegExp(name) });
    await expect(item).toContainText("Dhivehi");
    await item.click();
    const lead = admin.getByRole("region", { name: `Enquiry from ${name}` });
    await expect(lead.getByText("ދިވެހި").first()).toBeVisible();
    const source = lead.getByRole("region", { name: "Source" });
    await expect(source.getByText("Language")).toBeVisible();
    await expect(source.getByText("Dhivehi")).toBeVisible();

    // Replying: the template's Dhivehi version, filled in, right to left.
    const reply = lead.getByRole("region", { name: "Reply by email" });
    await reply.getByLabel("Template").selectOption({ label: templateName });
    const message = reply.getByLabel("Message");
    // {name} is the visitor's; {company} the published company name, whatever the demo server's is.
    await expect(message).toHaveValue(new RegExp(`^${name} އަށް،\\s+އެންގުމަށް ޝުކުރިއްޔާ\\.\\s+\\S`));
    await expect(message).toHaveAttribute("dir", "rtl");
    await expect(reply.getByLabel("Subject")).toHaveValue("ޖަވާބު: ގެސްޓްހައުސް");
    await expect(reply.getByText("The template's Dhivehi version, as the visitor wrote in Dhivehi.")).toBeVisible();
    await lead.getByRole("region", { name: "Source" }).scrollIntoViewIfNeeded();
    await reviewScreenshot(admin, test.info(), `lead-${width}`);
  }
  await expectNoAxeViolations(admin);

  // The list narrowed to English leaves it out.
  await admin.goto(`${DEMO_URL}/admin/enquiries?q=${encodeURIComponent(name)}&language=en`);
  await expect(admin.getByRole("list", { name: "Enquiries" }).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);

  // The template goes, after the question.
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto(`${DEMO_URL}/admin/enquiries/templates`);
  await admin.getByRole("button", { name: `Delete template ${templateName}` }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Are you sure you want to delete this template?");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(admin, "Template deleted");
  await expect(admin.getByRole("form", { name: `Template ${templateName}` })).toHaveCount(0);
  await admin.close();
});
