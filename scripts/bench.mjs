// `npm run bench`: requests/s and latency of the server-rendered pages against a static file of the
// same server (docs/performance.md#targets: "SSR pages >= 0.5x the static asset's requests/s in the same bench run").
//
// Starts the production server (scripts/perf-server.mjs: demo content, temporary DATA_DIR, loopback),
// then runs autocannon on /, a service page, a project page (both from /sitemap.xml) and a static
// file, one after the other. Prints a table and writes .tmp/bench.json.
//
// Environment (all optional):
//   BENCH_DURATION     seconds per URL (default 8)
//   BENCH_WARMUP       seconds of warm-up per URL, not counted (default 2)
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_STATIC       the static reference: a path such as /favicon.svg (default), or "js" for the
//                      first hashed /assets/*.js of the home page
//   BENCH_ENCODING     the Accept-Encoding sent (default "gzip, deflate, br", as a browser does)
//   BENCH_INSIGHT      "false" skips the visitor-statistics run (docs/performance.md#insight-counting): the
//                      home page as browsers from many addresses, every response a counted page view, on two new
//                      servers, one with INSIGHT=true and one with INSIGHT=false, alternating (off-on, on-off, ...)
//   BENCH_INSIGHT_ROUNDS  rounds of that comparison (default 4, at least 2), BENCH_DURATION seconds per server each
//   BENCH_ADMIN        "false" skips the admin save round trip (docs/performance.md#admin, scripts/bench-admin.mjs:
//                      10 signed-in admins saving a service at once; BENCH_ADMINS changes the number)
//   BUILD_DIR, PERF_PORT, PERF_PORT_RANGE: see scripts/perf-server.mjs
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { adminSaveRun, printAdminSave } from "./bench-admin.mjs";
import { findPages, machineInfo, startServer, writeJson } from "./perf-server.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const STATIC = process.env.BENCH_STATIC || "/favicon.svg";
const ENCODING = process.env.BENCH_ENCODING || "gzip, deflate, br";
const OUTPUT = ".tmp/bench.json";
const TARGET_RATIO = 0.5;
const INSIGHT_RUN = process.env.BENCH_INSIGHT !== "false";
const INSIGHT_TARGET = 0.05;
const INSIGHT_ROUNDS = Math.max(2, Number(process.env.BENCH_INSIGHT_ROUNDS || 4));
const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function run(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        timeout: 10,
        headers: { "accept-encoding": ENCODING, "user-agent": "site-bench (autocannon)" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function staticPath(origin) {
  if (STATIC !== "js") return STATIC;
  const html = await (await fetch(`${origin}/`)).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  if (!asset) throw new Error("no /assets/*.js in the home page");
  return asset;
}

/** The next visitor's address; it keeps counting across runs, so that a view is a new visitor's until 131,072. */
let visitorNumber = 0;

/** Browsers from up to 131,072 addresses (198.18.0.0/15, the benchmarking range): each a visitor to count. */
function runAsVisitors(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        timeout: 10,
        headers: { "accept-encoding": ENCODING, "user-agent": BROWSER_UA, "sec-fetch-dest": "document" },
        requests: [
          {
            setupRequest(request) {
              const n = visitorNumber;
              visitorNumber = (visitorNumber + 1) % 131_072;
              return { ...request, headers: { ...request.headers, "x-forwarded-for": `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function median(values) {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime: fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The cost of counting: requests/s of the home page with counting on and off, alternating so that the machine's
 * noise falls on both. Then checks that the counting server did store the views it answered.
 * Two new servers alike but for INSIGHT, warmed up alike: a server that has already served the runs above has a
 * warmer JIT than a new one, which on a busy machine outweighed the cost being measured.
 */
async function insightRun(home) {
  const counting = await startServer({ label: "bench-counting", env: { INSIGHT: "true", TRUST_PROXY: "true" } });
  let plain = null;
  const on = [];
  const off = [];
  try {
    plain = await startServer({ label: "bench-plain", env: { INSIGHT: "false", TRUST_PROXY: "true" } });
    for (const server of [plain, counting, plain, counting]) await runAsVisitors(`${server.origin}${home}`, Math.max(WARMUP, 3));
    for (let round = 0; round < INSIGHT_ROUNDS; round++) {
      const pair = [
        [plain, off],
        [counting, on],
      ];
      // Off-on, then on-off, and so on: a machine getting busier or quieter during the run weighs on both alike.
      for (const [server, list] of round % 2 ? pair.reverse() : pair) {
        const cpuBefore = cpuMs(server.pid);
        const r = await runAsVisitors(`${server.origin}${home}`, DURATION);
        const cpu = cpuMs(server.pid) - cpuBefore;
        if (r.non2xx + r.errors + r.timeouts > 0) throw new Error(`insight run: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
        list.push({ requestsPerSecond: r.requests.average, requests: r.requests.total, cpuMs: cpu });
      }
    }
  } catch (error) {
    await counting.stop();
    throw error;
  } finally {
    await plain?.stop();
  }
  // The counting server writes every few seconds: wait for its flush, then read what it stored.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  let stored;
  let visitors;
  try {
    const db = new Database(path.join(counting.dataDir, "site.db"), { readonly: true });
    stored = db.prepare("select coalesce(sum(pageviews), 0) as views from insight_pages").get().views;
    visitors = db.prepare("select count(*) as n from insight_visitors").get().n;
    db.close();
  } finally {
    await counting.stop();
  }
  const sum = (list) => list.reduce((a, r) => a + r.requestsPerSecond, 0) / list.length;
  const rpsOn = Math.round(sum(on) * 10) / 10;
  const rpsOff = Math.round(sum(off) * 10) / 10;
  const answered = on.reduce((a, r) => a + r.requests, 0);
  // CPU time of the server process per request: what limits throughput on a busy server, and, unlike requests/s,
  // not moved by other processes on a shared machine. Throughput scales as 1 / CPU per request.
  const perRequest = (list) => list.reduce((a, r) => a + r.cpuMs, 0) / list.reduce((a, r) => a + r.requests, 0);
  const cpuDeltaPerRound = on.map((r, i) => Math.round((r.cpuMs / r.requests / (off[i].cpuMs / off[i].requests) - 1) * 1000) / 1000);
  const cpuOn = perRequest(on);
  const cpuOff = perRequest(off);
  // The same cost measured in one process, free of the other processes' noise: CPU per counted view.
  const micro = spawnSync(process.execPath, ["--import", "tsx", "scripts/insight-cost.ts"], { encoding: "utf8", timeout: 300_000 });
  if (micro.status !== 0) throw new Error(`scripts/insight-cost.ts failed:\n${micro.stderr}`);
  const perView = JSON.parse(micro.stdout.trim().split("\n").pop());
  return {
    path: home,
    cpuMicrosPerView: perView.cpuMicrosPerView,
    // One counted view's CPU against one page's CPU with counting off: the share of throughput counting takes.
    costInProcess: Math.round((perView.cpuMicrosPerView / (cpuOff * 1000)) * 1000) / 1000,
    rpsOn,
    rpsOff,
    cpuMsPerRequestOn: Math.round(cpuOn * 1000) / 1000,
    cpuMsPerRequestOff: Math.round(cpuOff * 1000) / 1000,
    // The throughput a CPU-bound server loses to counting, and what 1,000 counted views/s take of one core.
    cost: Math.round((1 - cpuOff / cpuOn) * 1000) / 1000,
    // The deltas as measured: requests/s with counting against without (negative: slower), CPU per request likewise.
    rpsDelta: Math.round((rpsOn / rpsOff - 1) * 1000) / 1000,
    cpuDelta: Math.round((cpuOn / cpuOff - 1) * 1000) / 1000,
    // The same per round (each round's two runs were made back to back): their spread shows the machine's noise.
    cpuDeltaPerRound,
    // The middle round's: one round spoiled by another process's burst does not move it.
    cpuDeltaMedian: Math.round(median(cpuDeltaPerRound) * 1000) / 1000,
    viewsPerSecond: Math.round(rpsOn),
    // ms of CPU per view x 1,000 views per second = ms per second: the share of one core.
    coreShareAt1000: Math.round((cpuOn - cpuOff) * 1000) / 1000,
    answeredWithCounting: answered,
    storedPageViews: stored,
    storedVisitors: visitors,
    rounds: { on, off },
  };
}

/** One response, to check the URL answers 200 and to note its size as sent. */
async function probe(url) {
  const response = await fetch(url, { headers: { "accept-encoding": ENCODING } });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentEncoding: response.headers.get("content-encoding") ?? "identity",
    // fetch decodes; content-length (when sent) is the size on the wire.
    bytes: Number(response.headers.get("content-length")) || null,
    decodedBytes: body.length,
  };
}

const pct = (ratio) => `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)}%`;
const pad = (value, width, left = false) => (left ? String(value).padEnd(width) : String(value).padStart(width));

async function main() {
  const before = machineInfo();
  const server = await startServer({ label: "bench" });
  const rows = [];
  let insight = null;
  let adminSave = null;
  try {
    const pages = await findPages(server.origin);
    const targets = [
      { name: "home", path: pages.home },
      { name: "service", path: pages.service },
      { name: "project", path: pages.project },
      { name: "static", path: await staticPath(server.origin) },
    ];
    console.log(
      `Server ${server.origin} (BUILD_DIR=${process.env.BUILD_DIR || "build"}); ${CONNECTIONS} connections, ` +
        `${WARMUP} s warm-up + ${DURATION} s per URL; Accept-Encoding: ${ENCODING}`,
    );
    for (const target of targets) {
      const url = `${server.origin}${target.path}`;
      const check = await probe(url);
      if (check.status !== 200) throw new Error(`${target.path} answered ${check.status}`);
      if (WARMUP > 0) await run(url, WARMUP);
      process.stdout.write(`  ${target.name.padEnd(8)} ${target.path} ...`);
      const r = await run(url, DURATION);
      const row = {
        name: target.name,
        path: target.path,
        requestsPerSecond: Math.round(r.requests.average * 10) / 10,
        latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
        requests: r.requests.total,
        bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
        contentEncoding: check.contentEncoding,
        decodedBytes: check.decodedBytes,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      };
      rows.push(row);
      process.stdout.write(` ${row.requestsPerSecond} req/s\n`);
    }
    if (process.env.BENCH_ADMIN !== "false") {
      process.stdout.write(`  admin    save + revalidation of /admin/services, ${process.env.BENCH_ADMINS || 10} admins at once ...`);
      adminSave = await adminSaveRun(server);
      process.stdout.write(` p95 ${adminSave.roundTripMs.p95} ms\n`);
    }
  } finally {
    await server.stop();
  }
  // On two servers of its own, started once the one above has stopped (two at once: use PERF_PORT_RANGE, not PERF_PORT).
  if (INSIGHT_RUN) {
    process.stdout.write(`  insight  / counting on vs off, alternating, ${INSIGHT_ROUNDS} x ${DURATION} s each ...`);
    insight = await insightRun("/");
    process.stdout.write(` ${insight.rpsOn} vs ${insight.rpsOff} req/s\n`);
  }

  const reference = rows.find((r) => r.name === "static");
  for (const row of rows) row.ratioToStatic = Math.round((row.requestsPerSecond / reference.requestsPerSecond) * 100) / 100;
  const after = machineInfo();

  console.log("");
  console.log(
    `${pad("page", 8, true)} ${pad("req/s", 9)} ${pad("p50 ms", 7)} ${pad("p99 ms", 7)} ${pad("bytes/resp", 10)} ${pad("enc", 8)} ${pad("x static", 8)}  path`,
  );
  for (const r of rows) {
    const flag = r.name === "static" ? "" : r.ratioToStatic >= TARGET_RATIO ? "" : "  < target";
    const failures = r.non2xx + r.errors + r.timeouts;
    console.log(
      `${pad(r.name, 8, true)} ${pad(r.requestsPerSecond, 9)} ${pad(r.latencyMs.p50, 7)} ${pad(r.latencyMs.p99, 7)} ` +
        `${pad(r.bytesPerResponse, 10)} ${pad(r.contentEncoding, 8)} ${pad(r.ratioToStatic.toFixed(2), 8)}  ${r.path}${flag}` +
        (failures ? `  (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)` : "") +
        (r.requests === 0 ? "  (no response completed in time: raise BENCH_DURATION)" : ""),
    );
  }
  console.log(
    `\nTarget (docs/performance.md#targets): each page >= ${TARGET_RATIO}x the static file's requests/s. ` +
      `Load average before/after: ${before.loadavg.join(" ")} / ${after.loadavg.join(" ")} on ${after.cpus} CPUs` +
      (before.loadavg[0] > after.cpus * 0.5 ? " (the machine was busy: compare ratios, not absolute figures)" : ""),
  );

  if (insight) {
    const verdict = insight.costInProcess < INSIGHT_TARGET ? "met" : "NOT met";
    console.log(
      `\nInsight (docs/performance.md#insight-counting): one counted view takes ${insight.cpuMicrosPerView} µs of CPU ` +
        `(scripts/insight-cost.ts: 100,000 views, distinct visitors, real flushes), ${(insight.costInProcess * 100).toFixed(1)}% of a page's ` +
        `${insight.cpuMsPerRequestOff} ms; 1,000 views/s take ${(insight.cpuMicrosPerView / 10).toFixed(1)}% of one core. ` +
        `\n  A/B on the server (${INSIGHT_ROUNDS} rounds, every response a counted view of a new visitor): CPU per request ${insight.cpuMsPerRequestOn} ms counting, ` +
        `${insight.cpuMsPerRequestOff} ms with INSIGHT=false (${pct(insight.cpuDelta)}; per round ${insight.cpuDeltaPerRound.map(pct).join(", ")}, median ${pct(insight.cpuDeltaMedian)}): ` +
        `counting costs ${(insight.cost * 100).toFixed(1)}% of throughput; ` +
        `requests/s ${insight.rpsOn} on / ${insight.rpsOff} off (${pct(insight.rpsDelta)}; noisy on a busy machine; the in-process figure decides). ` +
        `Stored ${insight.storedPageViews} page views from ${insight.storedVisitors} visitors for ${insight.answeredWithCounting} counted responses (plus warm-up).` +
        `\n  Target: under ${INSIGHT_TARGET * 100}% of throughput: ${verdict}.`,
    );
  }

  if (adminSave) printAdminSave(adminSave);

  writeJson(OUTPUT, {
    tool: "autocannon",
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, acceptEncoding: ENCODING },
    targetRatio: TARGET_RATIO,
    machine: { ...after, loadavgBefore: before.loadavg },
    results: rows,
    insight,
    adminSave,
  });
  console.log(`Wrote ${OUTPUT}`);
  if (rows.some((r) => r.non2xx + r.errors + r.timeouts > 0)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
