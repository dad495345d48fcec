// The CPU one counted page view costs, measured in-process (part of `npm run bench`, docs/performance.md#insight-counting):
// N views from N different visitors, each judged by the middleware's test (isCountable, on a browser's headers) and
// then counted by the real counter, with its real flushes into a fresh SQLite database, timed with
// process.cpuUsage(), so that other processes on a shared machine do not move the figure.
// Prints one JSON line: { views, cpuMicrosPerView, coreShareAt1000 }.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setDatabase } from "~/.server/db";
import { openSqlite } from "~/.server/db/connection";
import { migrate } from "~/.server/db/migrate";
import { createInsightCounter } from "~/.server/insight/insight";
import { isCountable } from "~/.server/insight/view-facts";

const VIEWS = Number(process.env.INSIGHT_COST_VIEWS || 100_000);
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PATHS = ["/", "/projects", "/service/pools", "/project/villa"];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "insight-cost-"));
const database = openSqlite(path.join(dir, "site.db"));
try {
  await migrate(database);
  setDatabase(database);
  // Flushes as often as in production, so their cost is in the figure.
  const counter = createInsightCounter();
  const headers = {
    host: "atoll.example",
    "user-agent": UA,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-encoding": "gzip, deflate, br",
    "accept-language": "en-GB,en;q=0.9",
    "sec-fetch-dest": "document",
    "sec-fetch-mode": "navigate",
    referer: "https://www.google.com/",
  };
  const view = (i: number) => {
    const path = PATHS[i % PATHS.length];
    if (!isCountable({ method: "GET", path, headers })) throw new Error("a browser's view was not countable");
    return counter.count({ url: `${path}?utm_source=s${i % 7}`, host: headers.host, referrer: headers.referer, userAgent: UA, ip: `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}` });
  };
  // Warm-up: the day's salt, the JIT.
  for (let i = 0; i < 2000; i++) await view(i);
  await counter.flush();
  const started = process.cpuUsage();
  const wall = performance.now();
  // In batches of 1,000 a second's worth, flushing between them as the timer would every few seconds.
  for (let i = 0; i < VIEWS; i += 1000) {
    await Promise.all(Array.from({ length: 1000 }, (_, j) => view(i + j)));
    if ((i / 1000) % 5 === 4) await counter.flush();
  }
  await counter.stop();
  const used = process.cpuUsage(started);
  const micros = (used.user + used.system) / VIEWS;
  console.log(
    JSON.stringify({ views: VIEWS, cpuMicrosPerView: Math.round(micros * 10) / 10, coreShareAt1000: Math.round(micros * 1000) / 1e6, wallMs: Math.round(performance.now() - wall) }),
  );
} finally {
  setDatabase(undefined);
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
