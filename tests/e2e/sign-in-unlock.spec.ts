import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { ADMIN, expect, reviewScreenshot, test } from "./fixtures";
import type { Page } from "@playwright/test";

// docs/security.md "No lockout an attacker can cause", in a browser: while wrong passwords from elsewhere
// lock the admin account, the admin's own browser still signs in, and a new browser unlocks by the emailed link.
// A server of our own, with mail going to a real SMTP server on loopback.

const PORT = Number(process.env.E2E_PORT_BASE || 4310) + 11;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const mails: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      mails.push(raw);
      callback();
    });
  },
});
let child: ChildProcess | undefined;
let dataDir = "";
let output = "";

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-unlock-"));
  child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      AUTH_SECRET: "unlock-secret-unlock-secret-unlock-0123456789",
      PUBLIC_URL: URL_BASE,
      DEMO_CONTENT: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every request comes from 127.0.0.1 here: the per-IP limit is lifted so the account limit is what counts.
      LOGIN_IP_LIMIT: "1000/10",
      LOGIN_ACCOUNT_LIMIT: "3/3600",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      NOTIFY_EMAIL: "office@atoll.example",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${URL_BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${output}`);
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function fillSignIn(page: import("@playwright/test").Page, password = ADMIN.password) {
  await page.goto(`${URL_BASE}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** How far the page scrolls sideways: 0 when everything fits the window. */
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("during an attack the admin's browser gets in, and a new browser unlocks by the emailed link", async ({ page, browser }, testInfo) => {
  // The admin's usual browser signs in once, and signs out.
  await fillSignIn(page);
  await page.waitForURL(/\/admin\/dashboard/);
  await page.context().clearCookies({ name: /session/ });

  // The attack: wrong passwords until the account is locked.
  for (let i = 0; i < 4; i++) {
    await fetch(`${URL_BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: URL_BASE },
      body: JSON.stringify({ email: ADMIN.email, password: `wrong-password-${i}` }),
    });
  }

  // A new browser (a new laptop), right password: locked out, told an unlock link was emailed.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await fillSignIn(other);
  const alert = other.getByRole("alert").filter({ hasText: "Too many sign-in attempts" });
  await expect(alert).toContainText("If this is your account, we have emailed it a link to unlock sign-in.");
  // On a phone and a desktop: the message in view, and no sideways scrolling.
  for (const width of [390, 1280]) {
    await other.setViewportSize({ width, height: 900 });
    await expect(alert).toBeInViewport();
    expect(await horizontalOverflow(other)).toBe(0);
    await reviewScreenshot(other, testInfo, `locked-${width}`);
  }

  // The usual browser signs in all the same.
  await fillSignIn(page);
  await page.waitForURL(/\/admin\/dashboard/);

  // The email, then the link in the new browser: a button, not an automatic unlock.
  await expect.poll(() => mails.length).toBe(1);
  const unfolded = mails[0].replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /http:\/\/\S+\/admin\/login\/unlock\?token=\S+/.exec(unfolded)?.[0];
  expect(link).toBeDefined();
  await other.goto(link!);
  await expect(other.getByRole("heading", { name: "Unlock Sign-In" })).toBeVisible();
  for (const width of [390, 1280]) {
    await other.setViewportSize({ width, height: 900 });
    await expect(other.getByRole("button", { name: "Unlock Sign-In" })).toBeInViewport();
    expect(await horizontalOverflow(other)).toBe(0);
    await reviewScreenshot(other, testInfo, `unlock-${width}`);
  }
  await other.getByRole("button", { name: "Unlock Sign-In" }).click();
  await expect(other.getByRole("status")).toHaveText("Sign-in is unlocked on this browser. You can sign in now.");
  await reviewScreenshot(other, testInfo, "unlocked-1280");
  await other.getByRole("link", { name: "Go to Sign In" }).click();
  await other.getByLabel("Email").fill(ADMIN.email);
  await other.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await other.getByRole("button", { name: "Sign In" }).click();
  await other.waitForURL(/\/admin\/dashboard/);

  // The link is used up.
  await other.goto(link!);
  await expect(other.getByRole("alert")).toHaveText("This unlock link is invalid, has expired or has already been used.");
  await other.setViewportSize({ width: 390, height: 900 });
  await expect(other.getByRole("alert")).toBeInViewport();
  expect(await horizontalOverflow(other)).toBe(0);
  await reviewScreenshot(other, testInfo, "used-390");
  await fresh.close();
});
