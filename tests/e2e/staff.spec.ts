import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { SMTPServer } from "smtp-server";
import { expectToast, holdRequests, openAdmin, unique, usePrivateServer } from "./admin-helpers";
import { PENDING_MAIL_POLL_MS } from "../../app/components/admin/use-revalidate-while";
import { ADMIN, expect, expectNoAxeViolations, signIn, signInWithForm, test } from "./fixtures";

// Staff accounts in the browser (docs/product.md#staff-accounts): invite -> accept -> sign in; forgot -> email -> reset -> sign in;
// two-factor on -> sign in with a code computed here, and with a backup code. The emails go through a real
// SMTP server on loopback that this file runs; the site runs on a private server pointed at it.
// An email the mail server takes only after the request's wait ("slow-" addresses) shows as sending, then as
// delivered once the page asks again, without a reload: an invitation on the Team page and a reply on a lead.

const received: string[] = [];
/** A message to an address starting "slow-" is taken only after this long: past the 8 s an invite waits for its first try. */
const SLOW_ACCEPT_MS = 10_000;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    stream.on("end", () => {
      const take = () => {
        received.push(raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
        callback();
      };
      if (session.envelope.rcptTo.some((r) => r.address.startsWith("slow-"))) setTimeout(take, SLOW_ACCEPT_MS);
      else take();
    });
  },
});
let smtpPort = 0;

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const server = usePrivateServer({ demo: false, env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: "website@atoll.example", NOTIFY_EMAIL: "office@atoll.example", ENQUIRY_MIN_FILL_MS: "300" }) });

/** The link of the newest email to `to` whose body matches `pattern`, waiting for the queue to send it. */
async function linkFromEmail(to: string, pattern: RegExp): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = [...received].reverse().find((m) => m.includes(`To: ${to}`) && pattern.test(m));
        link = mail ? (/(http:\/\/127\.0\.0\.1:\d+\/admin\/[\w-]+\?token=[\w-]+)/.exec(mail)?.[1] ?? "") : "";
        return link;
      },
    )
    .not.toBe("");
  return link;
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL(/\/admin\/login/);
}

/**
 * Invites `email` from the Team page as the first admin and accepts it: a new admin with `password`. The accept
 * page's accessibility is checked by the invite test (`checkAccessibility`); the other flows only need the account.
 */
async function inviteAndAccept(page: Page, email: string, password: string, name: string, checkAccessibility = false) {
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/team`);
  await page.getByLabel("Email address").fill(email);
  // An Owner, as every account was before roles: these flows then open the Team page as the invitee.
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expectToast(page, `Invitation sent to ${email}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();
  await signOut(page);

  const link = await linkFromEmail(email, /You are invited to the admin panel/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Accept invitation" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  if (checkAccessibility) await expectNoAxeViolations(page);
  await page.getByLabel("Full Name").fill(name);
  // Required fields carry a "*" in their label.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Welcome aboard" })).toBeVisible();
}

test("invite -> accept -> sign in as the new admin, who shows on the Team page", async ({ page }) => {
  const email = `${unique("invitee").replace(/\s/g, "-").toLowerCase()}@example.com`;
  await inviteAndAccept(page, email, "invited-password-1", "Mariyam Invited", true);
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await signInWithForm(page, server.url(), { email, password: "invited-password-1" });
  await openAdmin(page, `${server.url()}/admin/team`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Mariyam Invited");
  await expect(row).toContainText("(you)");
});

test("forgot password -> email -> reset -> sign in with the new password", async ({ page }) => {
  const email = `${unique("forgetful").replace(/\s/g, "-").toLowerCase()}@example.com`;
  await inviteAndAccept(page, email, "old-password-1", "Forgetful Admin");
  await page.goto(`${server.url()}/admin/login`);
  // Once the sign-in page has hydrated, the link opens the form in the running app: an email typed into a page
  // React has not hydrated yet can be lost, and the form then sends an empty address (a 400 seen under load).
  await page.locator("[data-hydrated]").waitFor();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The sign-in page has an "Email" field too: type only once the forgot-password page has replaced it.
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that email");

  const link = await linkFromEmail(email, /Reset your password/);
  await page.goto(link);
  await expectNoAxeViolations(page);
  await page.getByLabel(/^New password/).fill("new-password-2");
  await page.getByLabel("Confirm new password").fill("new-password-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");

  await page.goto(`${server.url()}/admin/login`);
  await page.locator("[data-hydrated]").waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("old-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Sign In Failed");
  await signInWithForm(page, server.url(), { email, password: "new-password-2" });
  // This email carries no link: wait for the message itself.
  await expect.poll(() => received.some((m) => m.includes(`To: ${email}`) && m.includes("Your password was changed"))).toBe(true);
});

test("two-factor on -> sign in with a code computed here, then with a backup code", async ({ page }) => {
  const email = `${unique("secure").replace(/\s/g, "-").toLowerCase()}@example.com`;
  const password = "secure-password-1";
  await inviteAndAccept(page, email, password, "Secure Admin");
  await signIn(page, server.url(), { email, password });

  await openAdmin(page, `${server.url()}/admin/profile`);
  await page.getByRole("link", { name: "Set up two-factor" }).click();
  // Profile has a "Current password" field too: wait for the two-factor page itself.
  await page.waitForURL(/\/admin\/profile\/two-factor$/);
  await expect(page.getByRole("button", { name: "Set up two-factor" })).toBeVisible();
  await page.getByLabel(/^Current password/).fill(password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator("code").first().textContent()) ?? "";
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  await expectNoAxeViolations(page);
  expect(backupCodes).toHaveLength(10);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel(/^3\. Code from the app/).fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expectToast(page, "Two-factor turned on");
  await expect(page.getByText("On", { exact: true })).toBeVisible();
  await signOut(page);

  // Password, then the code from the app.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin\/login\/two-factor/);
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Authentication code/).fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await signOut(page);

  // Password, then a backup code.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin\/login\/two-factor/);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel(/^Backup code/).fill(backupCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(/\/admin\/dashboard/);

  // The first admin sees two-factor on for this person.
  await signOut(page);
  await signIn(page, server.url(), ADMIN);
  await openAdmin(page, `${server.url()}/admin/team`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("On");
});

test("while one invitation's action is on its way, the other rows' buttons wait for it", async ({ page }) => {
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/team`);
  const emails = [`${unique("wait-a").replace(/\s/g, "-").toLowerCase()}@example.com`, `${unique("wait-b").replace(/\s/g, "-").toLowerCase()}@example.com`];
  for (const email of emails) {
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expectToast(page, `Invitation sent to ${email}`);
  }

  // The first resend is held on its way out: a second action on the same fetcher would cancel it.
  const hold = await holdRequests(page, /\/admin\/team\.data/, (request) => request.method() === "POST" && !!request.postData()?.includes("resend-invite"));
  await page.getByRole("button", { name: `Resend invitation to ${emails[0]}` }).click();
  await hold.held;
  await expect(page.getByRole("button", { name: `Revoke invitation to ${emails[1]}` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Resend invitation to ${emails[1]}` })).toBeDisabled();
  hold.release();
  await expectToast(page, "Invitation sent again");
  await hold.stop();
  await page.getByRole("button", { name: `Revoke invitation to ${emails[1]}` }).click();
  await expectToast(page, "Invitation revoked");
  await expect(page.getByRole("row").filter({ hasText: emails[1] })).toHaveCount(0);
});

test("on a phone each admin and invitation is a block with every detail and action in view, not a table to swipe", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/team`);
  const email = `${unique("phone").replace(/\s/g, "-").toLowerCase()}@example.com`;
  await page.getByLabel("Email address").fill(email);
  // An Owner, as every account was before roles: these flows then open the Team page as the invitee.
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expectToast(page, `Invitation sent to ${email}`);

  await expect(page.getByRole("table")).toHaveCount(0);
  const admin = page.getByRole("listitem").filter({ hasText: "Last sign-in:" }).filter({ has: page.getByText(ADMIN.email, { exact: true }) });
  await expect(admin).toHaveCount(1);
  // (The toast is a list item too: the invitation's block is the one that says who invited.)
  const invite = page.getByRole("listitem").filter({ hasText: "Invited by" }).filter({ hasText: email });
  await expect(invite).toHaveCount(1);
  for (const control of [
    admin.getByText(ADMIN.email, { exact: true }),
    admin.getByRole("button", { name: /^Remove access for / }),
    invite.getByRole("button", { name: `Resend invitation to ${email}` }),
    invite.getByRole("button", { name: `Revoke invitation to ${email}` }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: `Revoke invitation to ${email}` }).click();
  await expectToast(page, "Invitation revoked");
});

test("an invitation still in the mail queue shows as delivered once it leaves, without a reload", async ({ page }) => {
  // The page's clock is ours: its 15 s poll runs when the test says, the server's mail queue in real time.
  await page.clock.install();
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/team`);
  const email = `slow-${unique("queued").replace(/\s/g, "-").toLowerCase()}@example.com`;
  await page.getByLabel("Email address").fill(email);
  // An Owner, as every account was before roles: these flows then open the Team page as the invitee.
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expectToast(page, /still in the mail queue/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Email sending");

  // The mail server takes it; the page has not asked again yet, so the row still says what it knew.
  await expect.poll(() => received.some((m) => m.includes(`To: ${email}`)), { timeout: SLOW_ACCEPT_MS + 10_000 }).toBe(true);
  await expect(row).toContainText("Email sending");
  await page.clock.runFor(PENDING_MAIL_POLL_MS);
  await expect(row).toContainText("Delivered to mail server");
  await expect(row).not.toContainText("Email sending");
  expect(page.url()).toBe(`${server.url()}/admin/team`);
});

test("a reply still in the mail queue shows as delivered once it leaves, without a reload", async ({ page, browser }) => {
  const name = unique("Slow lead");
  const email = `slow-${unique("visitor").replace(/\s/g, "-").toLowerCase()}@example.com`;
  const visitor = await browser.newPage();
  await visitor.goto(`${server.url()}/`);
  const contact = visitor.locator("#contact");
  await contact.getByLabel("Full Name").fill(name);
  await contact.getByLabel("Email Address").fill(email);
  await contact.getByLabel("Project Type").fill("Guest house");
  await contact.getByLabel("Project Details").fill("Eight rooms on Thoddoo, to start after the monsoon.");
  // The server counts a form sent within ENQUIRY_MIN_FILL_MS of the page loading as a bot.
  await visitor.waitForTimeout(400);
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(visitor.getByText("Message Sent Successfully!")).toBeVisible();
  await visitor.close();

  await page.clock.install();
  await signIn(page, server.url());
  await openAdmin(page, `${server.url()}/admin/enquiries`);
  await page.getByRole("list", { name: "Enquiries" }).getByRole("link", { name: new RegExp(name) }).click();
  const lead = page.getByRole("region", { name: `Enquiry from ${name}` });
  await lead.getByLabel("Message", { exact: true }).fill("We can visit the site on Sunday.");
  await lead.getByRole("button", { name: "Send reply" }).click();
  await expectToast(page, `Reply to ${email} is queued`);
  const entry = lead.getByRole("listitem").filter({ hasText: `Email to ${email}` });
  await expect(entry).toContainText("Sending");

  await expect.poll(() => received.some((m) => m.includes(email) && m.includes("We can visit the site on Sunday.")), { timeout: SLOW_ACCEPT_MS + 10_000 }).toBe(true);
  // A note typed meanwhile is still there after the page asks again.
  await lead.getByLabel("Add a note", { exact: true }).fill("Waiting for the visit.");
  await page.clock.runFor(PENDING_MAIL_POLL_MS);
  await expect(entry).toContainText("Delivered to mail server");
  await expect(entry).not.toContainText("Sending");
  await expect(lead.getByLabel("Add a note", { exact: true })).toHaveValue("Waiting for the visit.");
});
