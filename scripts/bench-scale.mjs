// `npm run bench:scale`: the admin and public pages of a company five years in (docs/performance.md "At scale").
//
// Starts the production server (scripts/perf-server.mjs) on a fresh database, fills it in bulk (one statement per
// table: 10,000 projects, 100,000 enquiries, a year of visits at 1,000 visitors a day, their page views and 20
// enquiries a day found by the visit), signs in as its admin, then asks each page BENCH_SCALE_REPEAT times one after
// another and reports the median and the slowest. Writes .tmp/bench-scale.json.
//
//   npm run bench:scale                 SQLite (a temporary DATA_DIR)
//   npm run bench:scale -- --postgres   Postgres: a scratch database on BENCH_SCALE_PG (default
//                                       postgres://postgres@127.0.0.1:5432/postgres), created and dropped
// Environment: BENCH_SCALE_REPEAT (default 9), BENCH_SCALE_DAYS (default 365), BUILD_DIR, PERF_PORT, PERF_PORT_RANGE.
import Database from "better-sqlite3";
import pg from "pg";
import { machineInfo, signInAdmin, startServer, writeJson } from "./perf-server.mjs";

const POSTGRES = process.argv.includes("--postgres");
const REPEAT = Number(process.env.BENCH_SCALE_REPEAT || 9);
const DAYS = Number(process.env.BENCH_SCALE_DAYS || 365);
const VISITORS_PER_DAY = 1000;
const PROJECTS = 10_000;
const ENQUIRIES = 100_000;
const CONVERSIONS_PER_DAY = 20;
const TARGET_MS = 150;
const OUTPUT = `.tmp/bench-scale${POSTGRES ? "-postgres" : ""}.json`;

/** `select … from` a series 0..n-1 named s(i), written for the engine. */
function series(engine, n, select) {
  return engine === "postgres"
    ? `${select.replace("{from}", `from generate_series(0, ${n - 1}) as s(i)`)}`
    : `with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) ${select.replace("{from}", "from s")}`;
}

/** The fill, one statement per table; `day(expr)` is the "YYYY-MM-DD" text of that many days ago. */
function fillStatements(engine) {
  const pgsql = engine === "postgres";
  const day = (expr) => (pgsql ? `to_char(current_date - (${expr})::int, 'YYYY-MM-DD')` : `date('now', '-' || (${expr}) || ' days')`);
  const ago = (minutes) =>
    pgsql ? `now() - (${minutes}) * interval '1 minute'` : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${minutes}) || ' minutes')`;
  const yes = pgsql ? "true" : "1";
  const pick = (expr, values) => `case ${values.map((v, k) => `when ${expr} = ${k} then '${v}'`).join(" ")} end`;
  const visitors = DAYS * VISITORS_PER_DAY;
  // Landing pages and page views: the home page, the portfolio and the first 200 projects.
  const path = (expr) => `case when ${expr} % 5 = 0 then '/' when ${expr} % 5 = 1 then '/projects' else '/project/p' || (${expr} % 200) end`;
  return [
    series(
      engine,
      PROJECTS,
      `insert into projects (id, title, short_description, category, project_type, is_public, status, created_at, updated_at)
       select 'p' || i, 'Project ' || i, 'A project of the scale test', 'Villas', 'residential', ${yes}, 'completed', ${ago("i * 60")}, ${ago("i * 60")} {from}`,
    ),
    series(
      engine,
      ENQUIRIES,
      `insert into enquiries (id, name, email, subject, message, status, stage, source_page, created_at, updated_at)
       select 'e' || i, 'Visitor ' || i, 'visitor' || i || '@example.com', 'A quote', 'Please call me about a villa.',
         ${pick("i % 3", ["new", "read", "archived"])}, ${pick("i % 5", ["new", "contacted", "quoted", "won", "lost"])}, '/',
         ${ago("i * 26")}, ${ago("i * 26")} {from}`,
    ),
    series(
      engine,
      visitors,
      `insert into insight_visitors (day, visitor, landing_path, source, utm_medium, utm_campaign, device, browser, pageviews)
       select ${day(`i / ${VISITORS_PER_DAY}`)}, 'v' || i, ${path("i")},
         ${pick("i % 6", ["(direct)", "google.com", "facebook.com", "newsletter", "instagram.com", "bing.com"])},
         case when i % 10 = 0 then 'email' end, case when i % 10 = 0 then 'campaign-' || (i % 12) end,
         ${pick("i % 3", ["phone", "tablet", "desktop"])}, ${pick("i % 4", ["Chrome", "Safari", "Firefox", "Edge"])}, 1 + i % 4 {from}`,
    ),
    series(
      engine,
      DAYS * 60,
      `insert into insight_pages (day, path, pageviews)
       select ${day("i / 60")}, case when i % 60 = 0 then '/' when i % 60 = 1 then '/projects' else '/project/p' || (i % 60) end, 10 + i % 50 {from}`,
    ),
    series(
      engine,
      DAYS * CONVERSIONS_PER_DAY,
      `insert into insight_conversions (enquiry_id, day, landing_path, source, utm_campaign)
       select 'e' || i, ${day(`i / ${CONVERSIONS_PER_DAY}`)}, ${path("i")}, ${pick("i % 6", ["(direct)", "google.com", "facebook.com", "newsletter", "instagram.com", "bing.com"])}, null {from}`,
    ),
    // The pages' caches are told that the content changed.
    `update site_counters set value = value + 1 where name = 'content_version'`,
  ];
}

async function fill(engine, target) {
  const started = Date.now();
  const statements = fillStatements(engine);
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await client.query("begin");
      for (const statement of statements) await client.query(statement);
      await client.query("commit");
      await client.query("analyze");
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(target);
    db.pragma("busy_timeout = 10000");
    db.transaction(() => {
      for (const statement of statements) db.exec(statement);
    })();
    db.exec("analyze");
    db.close();
  }
  return Date.now() - started;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Asks `path` REPEAT times in a row (after one untimed request); the status of the last and the times in ms. */
async function time(origin, path, headers) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  await once();
  const runs = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await once());
  const ms = runs.map((r) => r.ms);
  return { path, status: runs.at(-1).status, medianMs: Math.round(median(ms) * 10) / 10, maxMs: Math.round(Math.max(...ms) * 10) / 10 };
}

const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/services",
  "/admin/projects",
  "/admin/enquiries",
  "/admin/enquiries?view=board",
  "/admin/enquiries/templates",
  "/admin/activity",
  "/admin/trash",
  "/admin/team",
  "/admin/site-content",
  "/admin/contact-details",
  "/admin/settings",
  "/admin/profile",
  "/admin/insight?days=7",
  "/admin/insight?days=30",
  "/admin/insight?days=90",
];
const EXPORTS = ["/admin/enquiries/export.csv", "/admin/activity/export.csv"];
const PUBLIC_PAGES = ["/", "/projects", "/projects?page=2", "/project/p5", "/sitemap.xml"];

async function main() {
  const before = machineInfo();
  const base = process.env.BENCH_SCALE_PG || "postgres://postgres@127.0.0.1:5432/postgres";
  const scratch = `bench_scale_${process.pid}`;
  const admin = POSTGRES ? new pg.Client({ connectionString: base }) : null;
  let databaseUrl = null;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    const url = new URL(base);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  }
  let server = null;
  try {
    server = await startServer({ label: "bench-scale", env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    const fillMs = await fill(POSTGRES ? "postgres" : "sqlite", databaseUrl ?? `${server.dataDir}/site.db`);
    console.log(
      `${POSTGRES ? "Postgres" : "SQLite"}: filled ${PROJECTS.toLocaleString()} projects, ${ENQUIRIES.toLocaleString()} enquiries, ` +
        `${(DAYS * VISITORS_PER_DAY).toLocaleString()} visitor-days (${DAYS} days) in ${(fillMs / 1000).toFixed(1)} s; ${REPEAT} timed requests per page`,
    );
    const cookie = await signInAdmin(server.origin);
    const admin = { cookie, origin: server.origin };
    const rows = [];
    for (const [group, paths, headers] of [
      ["admin", ADMIN_PAGES, admin],
      ["export", EXPORTS, admin],
      ["public", PUBLIC_PAGES, { "accept-encoding": "gzip, br" }],
    ]) {
      for (const path of paths) {
        const row = { group, ...(await time(server.origin, path, headers)) };
        rows.push(row);
        const flag = row.status !== 200 ? `  (status ${row.status})` : group === "admin" && row.medianMs >= TARGET_MS ? "  over target" : "";
        console.log(`  ${group.padEnd(7)} ${path.padEnd(30)} median ${String(row.medianMs).padStart(7)} ms  max ${String(row.maxMs).padStart(7)} ms${flag}`);
      }
    }
    const after = machineInfo();
    const over = rows.filter((r) => r.group === "admin" && r.medianMs >= TARGET_MS);
    console.log(
      `\nTarget: every admin page under ${TARGET_MS} ms (median): ${over.length ? `NOT met (${over.map((r) => r.path).join(", ")})` : "met"}. ` +
        `Load average before/after: ${before.loadavg.join(" ")} / ${after.loadavg.join(" ")} on ${after.cpus} CPUs`,
    );
    writeJson(OUTPUT, { engine: POSTGRES ? "postgres" : "sqlite", machine: { ...after, loadavgBefore: before.loadavg }, fillMs, repeat: REPEAT, rows });
    console.log(`Wrote ${OUTPUT}`);
    if (rows.some((r) => r.status !== 200)) process.exitCode = 1;
  } finally {
    await server?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
