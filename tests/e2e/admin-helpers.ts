import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ADMIN, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

// Helpers for the admin browser tests. Tests that change site-wide state (settings, contact details,
// the public lists, dashboard counts) run against a private server that only this spec file uses, so
// they never disturb the shared demo and empty servers other specs read from.

/** A port the system says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
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
 * pins it (within a run's E2E_PORT_BASE range); by default the system picks a free one. `env` adds to the server's environment.
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
    // E2E_PRIVATE_PORT pins the port, for machines where each run has its own range.
    const port = fixedPort ?? (process.env.E2E_PRIVATE_PORT ? Number(process.env.E2E_PRIVATE_PORT) : await freePort());
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
