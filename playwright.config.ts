import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./tests/setup/chromium";

// Browser tests run against the production build (npm test builds first) on two servers, each with
// its own temporary DATA_DIR: "demo" has the demo content, "empty" starts with DEMO_CONTENT=false.
// E2E_PORT_BASE and BUILD_DIR let two runs (say, two work trees) share a machine.
const PORT_BASE = Number(process.env.E2E_PORT_BASE || 4310);
const BUILD_DIR = process.env.BUILD_DIR || "build";
export const SERVERS = {
  demo: { port: PORT_BASE, demo: true },
  empty: { port: PORT_BASE + 1, demo: false },
} as const;

export const ADMIN = { email: "e2e-admin@example.com", password: "e2e-admin-password" } as const;

// scheduling waits a real minute for its scheduled publish; it and the other private-server files of the roles, media
// and formatted-text work are long too, and last in alphabetical order they left one worker alone at the end.
const LONG_FILES = ["scheduling", "admin-shell", "admin-polish", "public-home", "admin-site-content", "public-details", "ops", "enquiries", "staff", "leads", "media-library", "formatted-text", "roles"].map(
  (name) => `**/${name}.spec.ts`,
);

if (!fs.existsSync(`${BUILD_DIR}/server/index.js`)) {
  throw new Error("No production build: run `npm run build` (npm test does it for you).");
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Three workers on two cores: a browser test spends much of its time waiting (page loads, a server's answer,
  // a toast, a private server starting), so a third worker fills the gaps (docs/decisions/0036-browser-test-budget.md).
  workers: 3,
  // One retry on CI only: two servers, Chromium and the runner share 2 cores there, and a toast that shows for
  // 4 s can be missed under load. A test that fails twice fails the run; flaky passes are listed in the report.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Timeouts are set here once, for every spec (a spec sets its own only with a comment why). Generous, since CI
  // shares 2 cores between Chromium, the servers and the test runner: a test (with its hooks, such as starting a
  // private server) gets two minutes; each wait for an element, a click or an expectation 15 s, a page load 30 s,
  // so a step that never happens fails with its own message long before the test's limit.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PW_REPORTER === "json" ? [["json", { outputFile: process.env.PW_JSON_OUTPUT || ".tmp/playwright.json" }], ["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${SERVERS.demo.port}`,
    // A trace records every action's DOM snapshots, which cost about a quarter of a run's CPU when kept for every
    // test: it is recorded on the retry of a failed test only (CI retries once), or ask for it with --trace on.
    trace: "on-first-retry",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  // Workers take spec files in the order of the projects, then alphabetically: the longest files (about 22-43 s each,
  // docs/performance.md "The test suite") go first, so that no worker is left alone on a long file at the end
  // while the others have finished. A file missing from the list still runs, in "chromium", only later.
  projects: [
    { name: "chromium-long", use: { browserName: "chromium" }, testMatch: LONG_FILES },
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: LONG_FILES },
  ],
  webServer: Object.entries(SERVERS).map(([name, s]) => ({
    command: `node tests/setup/serve.mjs ${name}`,
    url: `http://127.0.0.1:${s.port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(s.port),
      BUILD_DIR,
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      PUBLIC_URL: `http://127.0.0.1:${s.port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CONTENT: String(s.demo),
      LOG_LEVEL: "warn",
      // Browser tests sign in often from one address; the limit itself has its own tests.
      LOGIN_IP_LIMIT: "1000/10",
      // Enquiry spam rules stay on, with room for a test suite posting from one address quickly.
      ENQUIRY_IP_LIMIT: "1000/600",
      ENQUIRY_MIN_FILL_MS: "300",
    },
  })),
});
