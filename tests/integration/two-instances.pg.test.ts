import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../setup/s3-server";

// docs/deploy.md#several-machines: two app processes on different ports, sharing one Postgres database and one S3 bucket,
// behave as one site. Runs in the integration-postgres project, against the production build.

const BUILD_DIR = process.env.BUILD_DIR || "build";
const ADMIN = { email: "scale-admin@example.com", password: "scale-admin-password" };
const PORTS = [4380 + (process.pid % 50) * 2, 4381 + (process.pid % 50) * 2];

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

let s3: S3Server;
let dbName: string;
let instances: Instance[] = [];
const dataDirs: string[] = [];

async function start(port: number, databaseUrl: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-scale-"));
  dataDirs.push(dataDir);
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "shared-secret-shared-secret-shared-secret-01",
      // Both instances answer for the same site, as behind a load balancer.
      PUBLIC_URL: "http://site.test",
      TRUST_PROXY: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CONTENT: "true",
      LOG_LEVEL: "warn",
      // Both look for due scheduled publishes five times a second, so both reach one when its time comes.
      SCHEDULE_TICK_MS: "200",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, output: () => output };
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on ${port} did not start:\n${output}`);
}

/** The database both instances share. */
function siteDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/** Requests as the load balancer would forward them: the site's own origin and the client's address. */
const headers = (extra: Record<string, string> = {}) => ({
  Origin: "http://site.test",
  "X-Forwarded-Host": "site.test",
  "X-Forwarded-For": "203.0.113.50",
  ...extra,
});

async function signInOn(instance: Instance, ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`) {
  const response = await fetch(`${instance.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", "X-Forwarded-For": ip }),
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) throw new Error(`No build in ${BUILD_DIR}: run npm run build first`);
  const base = process.env.TEST_DATABASE_URL!;
  dbName = `site_scale_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  s3 = await startS3Server("scale-uploads");
  // Started together, as after a deploy: start-up (migrations, admin, demo content) must run once.
  instances = await Promise.all(PORTS.map((port) => start(port, url.toString())));
}, 120_000);

afterAll(async () => {
  for (const i of instances) i.child.kill("SIGTERM");
  await Promise.all(instances.map((i) => new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once("exit", r)))));
  await s3?.close();
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
}, 60_000);

describe("two instances on one Postgres and one bucket", () => {
  it("started together, they seeded the demo content once", async () => {
    const client = new pg.Client({ connectionString: siteDatabaseUrl() });
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from services");
    const admins = await client.query("select count(*)::int as n from profiles where role = 'admin'");
    await client.end();
    expect(rows[0].n).toBeGreaterThan(0);
    expect(rows[0].n).toBe(6);
    expect(admins.rows[0].n).toBe(1);
  });

  it("a session made on one works on the other", async () => {
    const [a, b] = instances;
    const cookie = await signInOn(a);
    const page = await fetch(`${b.url}/admin/dashboard`, { headers: headers({ Cookie: cookie }), redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Company Admin Panel");
  });

  it("an upload through one is served by the other", async () => {
    const [a, b] = instances;
    const cookie = await signInOn(a);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0e7490" } }).png().toBuffer();
    const form = new FormData();
    form.set("bucket", "project-images");
    form.set("folder", "gallery");
    form.set("file", new Blob([png], { type: "image/png" }), "jetty.png");
    const upload = await fetch(`${a.url}/api/uploads`, { method: "POST", headers: headers({ Cookie: cookie }), body: form });
    expect(upload.status).toBe(200);
    const { files } = (await upload.json()) as { files: Array<{ url: string }> };
    const served = await fetch(`${b.url}${files[0].url}`, { headers: headers() });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it("a public page on one shows an admin change made on the other", async () => {
    const [a, b] = instances;
    const before = await (await fetch(`${b.url}/`, { headers: headers() })).text();
    const text = `Scale Test ${crypto.randomBytes(3).toString("hex")}`;
    expect(before).not.toContain(text);
    const cookie = await signInOn(a);
    const save = await fetch(`${a.url}/admin/settings`, {
      method: "POST",
      headers: headers({ Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ intent: "update", key: "header_logo_text", value: text }),
      redirect: "manual",
    });
    expect(save.status, await save.clone().text().then((t) => t.slice(0, 300))).toBeLessThan(400);
    await expect
      .poll(async () => (await (await fetch(`${b.url}/`, { headers: headers() })).text()).includes(text), { timeout: 5000, interval: 250 })
      .toBe(true);
  });

  it("a scheduled publish runs once with two server processes on one Postgres database", async () => {
    const [a, b] = instances;
    const client = new pg.Client({ connectionString: siteDatabaseUrl() });
    await client.connect();
    try {
      const question = `Scheduled on two ${crypto.randomBytes(3).toString("hex")}?`;
      const draft = JSON.stringify({ eyebrow: "FAQ", title: "Questions", intro: "Answers.", items: [{ question, answer: "Once." }] });
      await client.query("insert into site_content (section, draft, revision) values ('faq', $1, 1) on conflict (section) do update set draft = $1, revision = site_content.revision + 1", [draft]);
      const cookie = await signInOn(a);
      // Ten schedules of the section at one moment, ten seconds ahead in Maldives time (UTC+5), to the second: the two
      // instances' ticks meet on them. The first publishes the draft; the others find none (each run is one entry).
      const runAt = new Date(Date.now() + 10_000 + 5 * 3_600_000).toISOString().slice(0, 19);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${a.url}/admin/site-content`, {
            method: "POST",
            headers: headers({ Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }),
            body: new URLSearchParams({ intent: "schedule", section: "faq", run_at: runAt }),
            redirect: "manual",
          }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
      await expect
        .poll(async () => (await client.query("select status from content_schedules")).rows.map((r) => r.status), { timeout: 20_000, interval: 250 })
        .toEqual(Array(10).fill("done"));
      // Both instances ticked past the time: each schedule ran on one of them, once.
      await new Promise((r) => setTimeout(r, 1000));
      const versions = await client.query("select count(*)::int as n from site_content_versions where section = 'faq' and schedule_id is not null");
      expect(versions.rows[0].n).toBe(1);
      const runs = await client.query("select count(*)::int as n from activity_log where action = 'site-content.publish-scheduled'");
      expect(runs.rows[0].n).toBe(10);
      // The page caches of both let it through.
      for (const instance of [a, b]) {
        await expect.poll(async () => (await (await fetch(`${instance.url}/`, { headers: headers() })).text()).includes(question), { timeout: 5000, interval: 250 }).toBe(true);
      }
    } finally {
      await client.end();
    }
  });

  it("sign-in limits count across both instances", async () => {
    const [a, b] = instances;
    const ip = "192.0.2.77";
    const attempt = (instance: Instance) =>
      fetch(`${instance.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: headers({ "Content-Type": "application/json", "X-Forwarded-For": ip }),
        body: JSON.stringify({ email: ADMIN.email, password: "wrong-password" }),
      }).then((r) => r.status);
    expect([await attempt(a), await attempt(b), await attempt(a)]).toEqual([401, 401, 401]);
    expect(await attempt(b)).toBe(429);
  });
});
