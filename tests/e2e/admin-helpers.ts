import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ADMIN, expect, test } from "./fixtures";
import type { Page, Request, Response } from "@playwright/test";

// Helpers for the admin browser tests. Tests that change site-wide state (settings, contact details,
// the public lists, dashboard counts) run against a private server that only this spec file uses, so
// they never disturb the shared demo and empty servers other specs read from.

/**
 * A run owns the 20 ports from E2E_PORT_BASE (playwright.config.ts), so runs from several work trees share a machine:
 * +0 and +1 are the shared servers, +2 admin-revisions, +6..+9 ops, +10 hardening-http, +11 sign-in-unlock, +12 insight,
 * and +13..+19 the private server of whichever file each worker runs (one at a time per worker).
 */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE || 4310);

/** This worker's port for a file's private server. */
export function workerPort(): number {
  const index = Number(process.env.TEST_PARALLEL_INDEX || 0);
  if (index > 6) throw new Error(`worker ${index}: a run has private ports for 7 workers (E2E_PORT_BASE+13..+19)`);
  return PORT_BASE + 13 + index;
}

/**
 * Fails with a clear message when `port` is taken (say, by a server a killed run left behind), so a test never
 * takes that server's /healthz answer for its own.
 */
export async function expectPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", (error) => reject(new Error(`port ${port} is in use: ${(error as Error).message}`, { cause: error })));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
  });
}

/**
 * Waits until a server started by a test answers /healthz: up to `timeoutMs` (a start on a busy 2-core machine
 * has taken over 10 s), failing at once if the process exits.
 */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`private server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`private server at ${url} did not become healthy`);
}

/**
 * Starts a fresh server (own temporary DATA_DIR) for the tests of one file; `url()` is its origin. `port`
 * pins it (within a run's E2E_PORT_BASE range); by default it is the worker's port. `env` adds to the server's environment.
 */
export function usePrivateServer({
  demo,
  port: fixedPort,
  env = () => ({}),
}: {
  demo: boolean;
  port?: number;
  env?: () => Record<string, string>;
}): { url: () => string } {
  let child: ChildProcess | undefined;
  let url = "";
  test.beforeAll(async () => {
    const port = fixedPort ?? workerPort();
    await expectPortFree(port);
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["tests/setup/serve.mjs", `admin-${port}`], {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
        PUBLIC_URL: url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_CONTENT: String(demo),
        LOG_LEVEL: "warn",
        LOGIN_IP_LIMIT: "1000/10",
        ...env(),
      },
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      await waitForHealth(url, child, 60_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
    }
  });
  test.afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  });
  return { url: () => url };
}

/** Sonner toasts with this text (title or description); newer ones stack over older ones. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A toast with this text is shown (toasts stay about 4 s, so this looks while they are up). */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page, text)).not.toHaveCount(0);
}

/**
 * Resolves once a fetcher's save to the admin page at `path` has been answered and the page has reloaded its data
 * after it (React Router's single fetch: a POST to `path.data`, then a GET of it). Call it before the click that
 * saves and await it afterwards. A toast alone can be an earlier save's with the same text, and waiting for the
 * network to go quiet costs at least 500 ms each time.
 */
export function saveSettled(page: Page, path: string): Promise<unknown> {
  const isData = (response: Response, method: string) => response.request().method() === method && new URL(response.url()).pathname === `${path}.data`;
  let posted = false;
  const post = page.waitForResponse((response) => (posted ||= isData(response, "POST")));
  // Listening from the start: the GET can follow the POST's answer before a listener added later would be in place.
  const reloaded = page.waitForResponse((response) => posted && isData(response, "GET"));
  return Promise.all([post, reloaded]);
}

/**
 * Holds the requests to `url` that `matches` picks (every other one goes through) until `release()`: `held`
 * resolves when the first is on hold. For a test that acts while an earlier request is still on its way.
 * `stop()` removes the route once the test no longer needs it.
 */
export async function holdRequests(page: Page, url: RegExp, matches: (request: Request) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let onHold!: () => void;
  const held = new Promise<void>((resolve) => (onHold = resolve));
  await page.route(url, async (route) => {
    if (!matches(route.request())) return route.continue();
    onHold();
    await released;
    // The page may have gone on meanwhile (a navigation cancels what it had in flight).
    await route.continue().catch(() => undefined);
  });
  return { held, release, stop: () => page.unroute(url) };
}

/** A unique, readable name for records a test creates. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A tiny valid PNG (1x1 teal pixel) for upload tests. */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A file of `bytes` zero bytes on disk. Large files are handed to the picker by path: Playwright sends
 * big in-memory buffers through a blob: fetch that the site's CSP (connect-src 'self') blocks.
 */
export function bigFile(name: string, bytes: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-e2e-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.alloc(bytes));
  return file;
}

/**
 * Playwright's trace recorder fetches the picker's blob: previews to put them in the trace; the site's
 * CSP (connect-src 'self') blocks that fetch and Chromium logs it. Only the recorder does this.
 */
export const TRACE_BLOB_FETCH = /^Connecting to 'blob:[^']+' violates the following Content Security Policy directive: "connect-src 'self'"/;

/** Opens an admin page and waits until React has hydrated it (the shell marks itself), so clicks count. */
export async function openAdmin(page: Page, url: string) {
  await page.goto(url);
  await page.locator("[data-hydrated]").waitFor();
}
