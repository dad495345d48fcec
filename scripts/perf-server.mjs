// Shared by `npm run bench`, `npm run lighthouse` and `npm run lighthouse:ab`: builds if there is no build, starts the production
// server (server.mjs) as a child process on loopback with demo content in a fresh temporary DATA_DIR,
// finds a service page and a project page from /sitemap.xml, and stops everything afterwards.
//
// Environment:
//   BUILD_DIR        the build to use (and to make when missing); default "build"
//   PERF_PORT        listen on this port; else PERF_PORT_RANGE ("4900-4950") is scanned for a free port;
//                    else the OS picks a free port on 127.0.0.1
//   PERF_SERVER      the server entry to start (default server.mjs), to measure a candidate change
//   PERF_NODE_ARGS   Node options for the server only, space-separated (e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof":
//                    Node refuses --cpu-prof in NODE_OPTIONS, and NODE_OPTIONS would profile the bench too), after the
//                    production server's own V8 flags (scripts/server-process.mjs)
//
// The server also gets an admin (PERF_ADMIN, a new random password each run) so that the admin pages can be
// measured signed in (signInAdmin), and room for the sign-ins from loopback that this takes (LOGIN_IP_LIMIT).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-process.mjs";

export const HOST = "127.0.0.1";
export const BUILD_DIR = process.env.BUILD_DIR || "build";

/** Builds into BUILD_DIR when it holds no server build (the same check as scripts/start.mjs). */
export function ensureBuild() {
  if (fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) return;
  console.log(`No build in ${BUILD_DIR}: building...`);
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (result.status !== 0) throw new Error(`build failed (exit ${result.status})`);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

async function osFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function freePort() {
  if (process.env.PERF_PORT) return Number(process.env.PERF_PORT);
  const range = process.env.PERF_PORT_RANGE?.match(/^(\d+)-(\d+)$/);
  if (range) {
    for (let port = Number(range[1]); port <= Number(range[2]); port++) {
      if (await portIsFree(port)) return port;
    }
    throw new Error(`no free port in ${process.env.PERF_PORT_RANGE}`);
  }
  return osFreePort();
}

/**
 * The caller's environment without what would point the server elsewhere: the measurement always
 * runs on SQLite in its own DATA_DIR, stores uploads on disk there, and sends no mail.
 */
function baseEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|S3_|SMTP_URL|NOTIFY_EMAIL|MAIL_FROM|ADMIN_EMAIL|ADMIN_PASSWORD)/.test(key)) delete env[key];
  }
  return env;
}

/** The admin the server creates on start (ADMIN_EMAIL / ADMIN_PASSWORD); the password is new for each run. */
export const PERF_ADMIN = { email: "perf-admin@example.com", password: crypto.randomBytes(18).toString("base64url") };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node server.mjs` in production mode with demo content. Returns { origin, stop }.
 * stop() sends SIGTERM, waits for the process to exit (the server drains), and removes DATA_DIR.
 */
export async function startServer({ label = "perf", extraEnv = {}, env = {} } = {}) {
  ensureBuild();
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-${label}-`));
  const output = [];
  // The production server's V8 flags first (scripts/server-process.mjs); PERF_NODE_ARGS comes after, so it can
  // override one (V8 takes the last): PERF_NODE_ARGS=--max-semi-space-size=16 measures with Node's default.
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(process.env.PERF_NODE_ARGS ?? "").split(/\s+/).filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, process.env.PERF_SERVER || "server.mjs"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...baseEnv(),
      NODE_ENV: "production",
      AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
      DEMO_CONTENT: "true",
      DATA_DIR: dataDir,
      BUILD_DIR,
      HOST,
      PORT: String(port),
      // Canonical URLs, the sitemap and robots.txt then name this server, as they would in production.
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: PERF_ADMIN.email,
      ADMIN_PASSWORD: PERF_ADMIN.password,
      // The admin runs sign in several times from this one address; the default (3 per 10 s) would refuse them.
      LOGIN_IP_LIMIT: "1000/10",
      ...extraEnv,
      ...env,
    },
  });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let exitedEarly = null;
  void exited.then((result) => {
    exitedEarly = result;
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exitedEarly) {
      child.kill("SIGTERM");
      const timeout = sleep(15_000).then(() => "timeout");
      if ((await Promise.race([exited, timeout])) === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // Ctrl-C or a crash of this script still stops the server and removes the temporary directory.
  const onSignal = (signal) => {
    void stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitedEarly) {
      await stop();
      throw new Error(`server exited (${JSON.stringify(exitedEarly)}) before it was healthy:\n${output.join("")}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy after 90 s:\n${output.join("")}`);
    }
    await sleep(250);
  }
  return { origin, port, dataDir, stop, output, pid: child.pid };
}

/** Passes a request through to the site: to `path` (default the request's own), the answer without the `drop` headers. */
export function passToSite(siteOrigin, req, res, { path = req.url, drop = [] } = {}) {
  const upstream = http.request(`${siteOrigin}${path}`, { method: req.method, headers: { ...req.headers, host: new URL(siteOrigin).host } }, (answer) => {
    const headers = { ...answer.headers };
    for (const name of drop) delete headers[name];
    res.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(res);
  });
  upstream.on("error", () => {
    res.writeHead(502).end();
  });
  req.pipe(upstream);
}

/** Starts an http server on a free loopback port; returns its origin and stop(). */
export async function listenOnLoopback(server) {
  const port = await freePort();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, resolve);
  });
  server.keepAliveTimeout = 5000;
  return { origin: `http://${HOST}:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The Chromium to drive: CHROME_PATH, else the Debian package's. */
export function chromePath() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error("No Chromium found: set CHROME_PATH or install it (apt-get install -y chromium).");
  return found;
}

/** Chromium for Lighthouse: headless, nothing fetched in the background, no host but the site reachable. */
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage",
  "--disable-sync",
  "--disable-domain-reliability",
  // Any host name resolves to nothing: only the site on its IP address can be reached.
  `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${HOST}`,
];

/** The first /service/<id> and /project/<id> paths listed in /sitemap.xml. */
export async function findPages(origin) {
  const response = await fetch(`${origin}/sitemap.xml`);
  if (!response.ok) throw new Error(`/sitemap.xml answered ${response.status}`);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const service = paths.find((p) => /^\/service\/[^/]+$/.test(p));
  const project = paths.find((p) => /^\/project\/[^/]+$/.test(p));
  if (!service || !project) throw new Error(`no service or project page in /sitemap.xml (found: ${paths.join(", ")})`);
  return { home: "/", service, project };
}

/**
 * Signs in through the API as a browser's sign-in form does (`/api/auth/sign-in/email`) and returns the
 * `Cookie` header value that carries the new session (one session per call).
 */
export async function signInAdmin(origin, credentials = PERF_ADMIN) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${credentials.email} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => /session_token=/.test(c))) throw new Error(`sign-in as ${credentials.email} set no session cookie`);
  return cookies.join("; ");
}

/** Machine facts worth printing next to timing figures: other processes share these cores. */
export function machineInfo() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    loadavg: os.loadavg().map((n) => Math.round(n * 100) / 100),
    date: new Date().toISOString(),
  };
}

export function writeJson(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
