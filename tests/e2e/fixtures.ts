import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { ADMIN, SERVERS } from "../../playwright.config";

export { expect };
export const DEMO_URL = `http://127.0.0.1:${SERVERS.demo.port}`;
export const EMPTY_URL = `http://127.0.0.1:${SERVERS.empty.port}`;
export { ADMIN };

/**
 * Signs in by session cookie, without the form: one POST to the sign-in API from the page's browser context,
 * whose cookie jar then holds the session for the page. It does not navigate; the caller opens the page it
 * tests. The form itself is tested by the sign-in specs (admin-login, sign-in-unlock, the staff flows), which
 * use signInWithForm.
 */
export async function signIn(page: Page, baseURL = DEMO_URL, credentials: { email: string; password: string } = ADMIN) {
  const response = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: credentials.email, password: credentials.password },
    headers: { origin: baseURL },
  });
  const body = await response.text();
  expect(response.status(), `sign-in API answered: ${body}`).toBe(200);
  // An account with two-factor gets no session from the password alone: such a test signs in with the form.
  expect(body).not.toContain("twoFactorRedirect");
}

/** Signs in through the real login form and lands on the dashboard: for tests of the sign-in itself. */
export async function signInWithForm(page: Page, baseURL = DEMO_URL, credentials: { email: string; password: string } = ADMIN) {
  await page.goto(`${baseURL}/admin/login`);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

/**
 * Runs axe on the page and fails with the list of violations. It first waits for running animations to end: a
 * dialog fading in has, for a moment, a button whose colours are half-way and fail the contrast check. Toasts
 * are left out (they come and go on their own; admin-polish checks them with includeToasts), so a test need
 * not wait four seconds for a toast to leave before checking the page under it. A test that checks a state
 * mid-animation on purpose passes settle: false; nameMismatch adds the check that a control's accessible name
 * holds its visible text.
 */
export async function expectNoAxeViolations(
  page: Page,
  {
    includeToasts = false,
    settle = true,
    nameMismatch = false,
  }: { includeToasts?: boolean; settle?: boolean; nameMismatch?: boolean } = {},
) {
  if (settle) {
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
    );
  }
  // Legacy mode runs axe in the page itself. The default mode finishes each run in a new blank page (for
  // cross-origin frames, which these pages do not have), which costs about as much CPU as the checks.
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).setLegacyMode(true);
  if (!includeToasts) builder.exclude("[data-sonner-toaster]");
  // axe counts this rule as experimental and leaves it out unless asked: a button whose accessible name does not
  // hold its visible words cannot be pressed by voice control saying those words (WCAG 2.5.3).
  if (nameMismatch) builder.options({ rules: { "label-content-name-mismatch": { enabled: true } } });
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Full-page screenshots for a person to look at (phone and desktop widths of a screen), taken only when
 * E2E_SCREENSHOTS=1: each costs a second or two of a shared CPU, and no test asserts on them. They go to the
 * test's output folder under test-results/.
 */
export async function reviewScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: testInfo.outputPath(`${path.basename(name)}.png`), fullPage: true });
}

/**
 * Every test fails on an unexpected console error or page error. A test that expects one
 * (say, a 404 resource) lists a matching pattern in `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      // A page answered with 404 on purpose logs this in Chromium; it is the status, not a script error.
      if (/Failed to load resource: the server responded with a status of 40[134]/.test(text)) return;
      if (!allowConsoleErrors.some((re) => re.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
  },
});
