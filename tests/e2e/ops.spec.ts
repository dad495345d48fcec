import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expectPortFree, PORT_BASE, waitForHealth } from "./admin-helpers";
import { expect, test } from "./fixtures";

// Process-level behaviour of the production server: crash safety, graceful shutdown, two processes
// on one DATA_DIR. Each test starts its own servers on its own ports and data directory.


interface Server {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let serversStarted = 0;

async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  // The run's own ports (+6..+9, see admin-helpers.ts), in turn: a test runs at most two servers at once, and a
  // restarted server gets the next port rather than waiting for the killed one's to be released.
  const port = PORT_BASE + 6 + (serversStarted++ % 4);
  await expectPortFree(port);
  let output = "";
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      AUTH_SECRET: "ops-secret-ops-secret-ops-secret-0123456789",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_CONTENT: "false",
      ALLOW_SIGNUP: "true",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`server did not start: ${(error as Error).message}\n${output}`, { cause: error });
  }
  return { port, url, child, output: () => output, exited };
}

async function signUp(url: string, email: string, ip: string) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, "X-Forwarded-For": ip },
    body: JSON.stringify({ email, password: "durable-password-1", name: "Durable" }),
  });
  return response.status;
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "site-ops-"));

test.describe("operations", () => {
  test.describe.configure({ mode: "serial" });

  test("kill -9 during writes loses no acknowledged write, and the site restarts cleanly", async () => {
    const dir = tempDir();
    const server = await startServer(dir);
    const acknowledged: string[] = [];
    let stop = false;
    let n = 0;
    const writers = Array.from({ length: 6 }, async (_, w) => {
      while (!stop) {
        const email = `durable-${w}-${n++}@example.com`;
        try {
          if ((await signUp(server.url, email, `198.18.${w}.${n % 250}`)) === 200) acknowledged.push(email);
        } catch {
          break; // the server died mid-request: that write was never acknowledged
        }
      }
    });
    // Kill while writes are in flight, once some have been acknowledged (sign-up hashes a password: slow on 2 cores).
    for (let i = 0; i < 200 && acknowledged.length < 12; i++) await new Promise((r) => setTimeout(r, 50));
    server.child.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await server.exited;
    expect(acknowledged.length).toBeGreaterThan(5);

    const restarted = await startServer(dir);
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    const db = new Database(path.join(dir, "site.db"), { readonly: true });
    const stored = new Set((db.prepare("select email from user").all() as Array<{ email: string }>).map((r) => r.email));
    db.close();
    expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("SIGTERM lets an in-flight request finish, then closes the database and exits 0", async () => {
    const dir = tempDir();
    const server = await startServer(dir);
    const body = JSON.stringify({ email: "inflight@example.com", password: "inflight-password", name: "In Flight" });
    // A request whose body is still arriving when SIGTERM comes.
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    let response = "";
    socket.on("data", (d) => (response += d));
    socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill("SIGTERM");
    // New connections are no longer accepted while it drains (as soon as the signal is handled: no fixed wait).
    await expect.poll(() => fetch(`${server.url}/healthz`).then(() => "accepted", () => "refused")).toBe("refused");
    socket.write(body.slice(10)); // the rest of the body; the server closes after answering (Connection: close)
    await new Promise((r) => socket.once("close", r));
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/Error|ERR_/);
    const db = new Database(path.join(dir, "site.db"), { readonly: true });
    expect(db.prepare("select count(*) as n from user where email = ?").get("inflight@example.com")).toEqual({ n: 1 });
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a second server process on the same DATA_DIR is safe: both serve the same data", async () => {
    const dir = tempDir();
    const one = await startServer(dir);
    const two = await startServer(dir);
    expect(await signUp(one.url, "shared-one@example.com", "198.19.0.1")).toBe(200);
    expect(await signUp(two.url, "shared-two@example.com", "198.19.0.2")).toBe(200);
    // Each sees the other's account: signing up again through the other process makes no second account.
    await signUp(two.url, "shared-one@example.com", "198.19.0.3");
    await signUp(one.url, "shared-two@example.com", "198.19.0.4");
    for (const s of [one, two]) s.child.kill("SIGTERM");
    expect(await one.exited).toBe(0);
    expect(await two.exited).toBe(0);
    const db = new Database(path.join(dir, "site.db"), { readonly: true });
    const emails = (db.prepare("select email from user order by email").all() as Array<{ email: string }>).map((r) => r.email);
    expect(emails.filter((e) => e.startsWith("shared-"))).toEqual(["shared-one@example.com", "shared-two@example.com"]);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("behind https: secure cookies and HSTS; proxy headers are ignored unless TRUST_PROXY is on", async () => {
    const dir = tempDir();
    const admin = { email: "tls-admin@example.com", password: "tls-admin-password" };
    const server = await startServer(dir, {
      PUBLIC_URL: "https://site.test",
      TRUST_PROXY: "false",
      ALLOW_SIGNUP: "false",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOGIN_IP_LIMIT: "3/10",
    });
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get("strict-transport-security")).toContain("max-age=");
    const signIn = (password: string, forwardedFor: string) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://site.test", "X-Forwarded-For": forwardedFor },
        body: JSON.stringify({ email: admin.email, password }),
      });
    const ok = await signIn(admin.password, "203.0.113.1");
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie()[0];
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    // Without TRUST_PROXY, a client cannot dodge the per-IP limit by inventing X-Forwarded-For values.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn("wrong-password", `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 429]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
