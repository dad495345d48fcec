// `npm run memory`: the production server's resident memory (RSS) at rest and under a mixed load, sampled from
// /proc/<pid>/status once a second (docs/performance.md "Memory").
//
// Starts the server as `npm run bench` does (scripts/perf-server.mjs), signs in as its admin (PERF_ADMIN), then
// for MEMORY_DURATION seconds runs at once: autocannon on the public pages, their data requests, a static file,
// random /service/<id> and /project/<id> URLs (a crawler of misses), plus one image upload every
// MEMORY_UPLOAD_EVERY seconds. Then it samples MEMORY_REST seconds of rest. Prints the figures and writes
// .tmp/memory.json.
//
// Environment (all optional):
//   MEMORY_DURATION      seconds of load (default 600: a floor that rises a few MB per 10 minutes shows only
//                        over that long; MEMORY_DURATION=90 for a quick look)
//   MEMORY_REST          seconds at rest before and after (default 15)
//   MEMORY_CONNECTIONS   concurrent connections (default 8)
//   MEMORY_UPLOAD_EVERY  seconds between uploads, 0 for none (default 3)
//   MEMORY_SERVER_ENV    extra server environment, e.g. "MALLOC_ARENA_MAX=4 FOO=bar" (the server gets npm start's
//                        allocator settings, MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072, unless this overrides them)
//   BUILD_DIR, PERF_PORT, PERF_PORT_RANGE, PERF_SERVER, PERF_NODE_ARGS: see scripts/perf-server.mjs (the server gets
//                        npm start's V8 flags, scripts/server-process.mjs)
import crypto from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import sharp from "sharp";
import { findPages, machineInfo, signInAdmin, startServer, writeJson } from "./perf-server.mjs";
import { ALLOCATOR_ENV, SERVER_NODE_FLAGS } from "./server-process.mjs";

const DURATION = Number(process.env.MEMORY_DURATION || 600);
const REST = Number(process.env.MEMORY_REST ?? 15);
const CONNECTIONS = Number(process.env.MEMORY_CONNECTIONS || 8);
const UPLOAD_EVERY = Number(process.env.MEMORY_UPLOAD_EVERY ?? 3);
const OUTPUT = ".tmp/memory.json";
/** The server's V8 flags as startServer passes them: the production ones, then PERF_NODE_ARGS. */
const NODE_FLAGS = [...SERVER_NODE_FLAGS, process.env.PERF_NODE_ARGS ?? ""].join(" ").trim();
// The allocator settings `npm start` gives the server (scripts/server-process.mjs) and docs/deploy.md's service has:
// the figures are the production server's (its V8 flags come from startServer). MEMORY_SERVER_ENV can override them.
const extraEnv = {
  ...ALLOCATOR_ENV,
  ...Object.fromEntries(
    (process.env.MEMORY_SERVER_ENV ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split("=")),
  ),
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return Math.round(kb / 1024);
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** A photo-like JPEG (noise compresses badly, as photos do), made once. */
async function samplePhoto() {
  const width = 2400;
  const height = 1600;
  const noise = crypto.randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

async function main() {
  const before = machineInfo();
  const server = await startServer({ label: "memory", extraEnv });
  const samples = [];
  let phase = "start";
  const sampler = setInterval(() => {
    try {
      samples.push({ t: samples.length, phase, rss: rssMb(server.pid) });
    } catch {
      // the server has exited; stop() reports it
    }
  }, 1000);
  const uploads = { ok: 0, failed: 0 };
  let load;
  try {
    const pages = await findPages(server.origin);
    const cookie = await signInAdmin(server.origin);
    const photo = UPLOAD_EVERY > 0 ? await samplePhoto() : null;
    phase = "rest-before";
    await sleep(REST * 1000);

    phase = "load";
    const random = () => crypto.randomUUID();
    const requests = [
      { path: pages.home },
      { path: "/dv" },
      { path: pages.service },
      { path: pages.project },
      { path: `${pages.service}.data` },
      { path: "/favicon.svg" },
      { path: "/sitemap.xml" },
      { path: "/admin/login" },
      { setupRequest: (req) => ({ ...req, path: `/service/${random()}` }) },
      { setupRequest: (req) => ({ ...req, path: `/project/${random()}` }) },
    ];
    load = new Promise((resolve, reject) =>
      autocannon(
        {
          url: server.origin,
          connections: CONNECTIONS,
          duration: DURATION,
          timeout: 20,
          requests,
          headers: { "accept-encoding": "gzip, deflate, br", "user-agent": "site-memory (autocannon)" },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    if (photo) {
      const until = Date.now() + DURATION * 1000;
      while (Date.now() < until) {
        const form = new FormData();
        form.set("bucket", "project-images");
        form.set("folder", "gallery");
        form.set("file", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
        const response = await fetch(`${server.origin}/api/uploads`, { method: "POST", body: form, headers: { cookie, origin: server.origin } }).catch(() => null);
        if (response?.ok) uploads.ok++;
        else uploads.failed++;
        await response?.arrayBuffer().catch(() => null);
        await sleep(UPLOAD_EVERY * 1000);
      }
    }
    load = await load;
    phase = "rest-after";
    await sleep(REST * 1000);
  } finally {
    clearInterval(sampler);
    await server.stop();
  }

  const during = samples.filter((s) => s.phase === "load").map((s) => s.rss);
  const third = Math.floor(during.length / 3);
  const summary = {
    restBeforeMb: median(samples.filter((s) => s.phase === "rest-before").map((s) => s.rss)),
    loadMedianMb: median(during),
    loadPeakMb: Math.max(...during),
    // The lowest reading of the second and of the last third of the load (the first is the climb from rest):
    // a floor that keeps rising from one to the next is a leak.
    loadFloorMiddleMb: Math.min(...during.slice(third, 2 * third)),
    loadFloorEndMb: Math.min(...during.slice(2 * third)),
    restAfterMb: median(samples.filter((s) => s.phase === "rest-after").map((s) => s.rss)),
  };
  // The floor's slope: the lowest reading of each minute of load after the first (the climb from rest), fitted
  // by least squares, in MB per 10 minutes. A leak shows as a floor that keeps rising.
  const minutes = [];
  for (let start = 60; start + 60 <= during.length; start += 60) minutes.push({ t: start + 30, rss: Math.min(...during.slice(start, start + 60)) });
  let floorSlopeMbPer10Min = null;
  if (minutes.length >= 2) {
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    const tMean = mean(minutes.map((m) => m.t));
    const rMean = mean(minutes.map((m) => m.rss));
    const slope = minutes.reduce((a, m) => a + (m.t - tMean) * (m.rss - rMean), 0) / minutes.reduce((a, m) => a + (m.t - tMean) ** 2, 0);
    floorSlopeMbPer10Min = Math.round(slope * 600 * 10) / 10;
  }
  summary.floorPerMinuteMb = minutes.map((m) => m.rss);
  summary.floorSlopeMbPer10Min = floorSlopeMbPer10Min;
  const after = machineInfo();
  const requestsPerSecond = Math.round(load.requests.average);
  console.log(
    `\nRSS (MB): rest ${summary.restBeforeMb}; under load median ${summary.loadMedianMb}, peak ${summary.loadPeakMb}, ` +
      `floor ${summary.loadFloorMiddleMb} -> ${summary.loadFloorEndMb} (middle/last third); rest after ${summary.restAfterMb}`,
  );
  console.log(
    floorSlopeMbPer10Min === null
      ? "Floor slope: needs at least 3 minutes of load"
      : `Floor slope: ${floorSlopeMbPer10Min} MB per 10 minutes (per-minute floors ${minutes.map((m) => m.rss).join(", ")}); target under 5, peak under 300`,
  );
  console.log(
    `Load: ${DURATION} s, ${CONNECTIONS} connections, ${requestsPerSecond} req/s (${load.non2xx} non-2xx: the random ids are 404s), ` +
      `${uploads.ok} uploads (${uploads.failed} failed). Load average before/after: ${before.loadavg.join(" ")} / ${after.loadavg.join(" ")}` +
      `. Server env: ${Object.entries(extraEnv).map(([k, v]) => `${k}=${v}`).join(" ")}; Node flags: ${NODE_FLAGS}`,
  );
  writeJson(OUTPUT, {
    settings: { durationSeconds: DURATION, restSeconds: REST, connections: CONNECTIONS, uploadEverySeconds: UPLOAD_EVERY, serverEnv: extraEnv, nodeFlags: NODE_FLAGS },
    machine: { ...after, loadavgBefore: before.loadavg },
    load: { requestsPerSecond, requests: load.requests.total, non2xx: load.non2xx, errors: load.errors, timeouts: load.timeouts, uploads },
    summary,
    samples,
  });
  console.log(`Wrote ${OUTPUT}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
