// The admin's save round trip under load (docs/performance.md#admin): 10 admins, each signed in with a session
// of their own, saving a service over and over at the same time, as the browser does on Save: the action
// (`POST /admin/services.data`, the dialog's form, urlencoded, as React Router's fetcher sends it) and then the
// revalidation of the page's data (`GET /admin/services.data`, single fetch). The figure is the pair, from the
// POST leaving to the GET's last byte: what an admin waits for before the list shows the change.
//
// Run by `npm run bench` after the public pages (BENCH_ADMIN=false skips it), or alone with `npm run bench:admin`.
// The admins are real accounts: the first is the perf server's (PERF_ADMIN); it invites the others through the
// Team page's action, and each accepts through the invitation page, as people do. Afterwards the activity log is
// read back: every answered save must have written its entry (each save also keeps a version of the service).
//
// Environment (all optional; `npm run bench:admin` also reads BUILD_DIR, PERF_PORT, PERF_PORT_RANGE):
//   BENCH_ADMINS        admins saving at once (default 10)
//   BENCH_DURATION      seconds measured (default 8)
//   BENCH_WARMUP        seconds of saves before, not counted (default 2)
//   BENCH_ENCODING      the Accept-Encoding sent (default "gzip, deflate, br", as a browser does)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { PERF_ADMIN, machineInfo, signInAdmin, startServer, writeJson } from "./perf-server.mjs";

const ADMINS = Number(process.env.BENCH_ADMINS || 10);
const DURATION = Number(process.env.BENCH_DURATION || 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ENCODING = process.env.BENCH_ENCODING || "gzip, deflate, br";
/** The target: p95 of the round trip under 100 ms with 10 admins saving at once. */
export const ADMIN_SAVE_TARGET_MS = 100;
const OUTPUT = ".tmp/bench-admin.json";

/** The service dialog's fields as the browser sends them (the demo's first service), with this save's title. */
function serviceForm(id, title) {
  const form = new URLSearchParams({
    intent: "update",
    id,
    title,
    short_description: "New homes and guest houses built to last in a salt-air, monsoon climate.",
    description:
      "Our residential team handles permits, structural design coordination, procurement and construction. We build with marine-grade " +
      "reinforcement cover, corrosion-resistant fixings and proper ventilation so your home stays sound for decades in the Maldivian climate.",
    overview: "From a two-bedroom family home in Hulhumalé to a twelve-room guest house on a local island, we take your project from foundations to handover.",
    category: "Construction",
    service_type: "construction",
    pricing_model: "project",
    icon: "building",
    featured_image_url: "/images/svc-construction.webp",
  });
  for (const image of ["/images/gallery-1.webp", "/images/gallery-2.webp", "/images/gallery-3.webp"]) form.append("gallery", image);
  for (const [key, value] of Object.entries({
    features: "Permit and council approvals, Marine-grade concrete and rebar, Weekly photo progress reports, Fixed programme with milestones",
    benefits: "One accountable team from design to handover, Built for salt air and monsoon rain, Transparent, milestone-based payments",
    duration_estimate: "6 - 14 months",
    availability: "Male, Hulhumalé and all atolls",
    target_audience: "Families, guest house owners, developers",
    warranty: "10-year structural warranty, 1-year defects liability",
    prerequisites: "Land ownership or lease documents, approved or draft drawings, budget range",
    sort_order: "1",
    is_active: "true",
  }))
    form.append(key, value);
  return form;
}

/** A POST of a form to a route's action through single fetch, as a signed-in browser sends it. */
function postAction(origin, cookie, routePath, form) {
  return fetch(`${origin}${routePath}.data`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded;charset=UTF-8", "accept-encoding": ENCODING },
    body: form,
    redirect: "manual",
  });
}

/** The other admins: invited by the first through the Team page's action, each accepting through the invitation page. */
async function createAdmins(origin, ownerCookie, count) {
  const admins = [PERF_ADMIN];
  const run = crypto.randomBytes(3).toString("hex");
  for (let i = 2; i <= count; i++) {
    const email = `bench-admin-${i}-${run}@example.com`;
    const invited = await postAction(origin, ownerCookie, "/admin/team", new URLSearchParams({ intent: "invite", email }));
    const text = await invited.text();
    const token = /accept-invite\?token=([\w-]+)/.exec(text)?.[1];
    if (!invited.ok || !token) throw new Error(`inviting ${email} answered ${invited.status}: ${text.slice(0, 300)}`);
    const password = crypto.randomBytes(18).toString("base64url");
    const accepted = await fetch(`${origin}/admin/accept-invite.data`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
      body: new URLSearchParams({ token, full_name: `Bench Admin ${i}`, password, confirm_password: password }),
      redirect: "manual",
    });
    const answer = await accepted.text();
    if (!accepted.ok || !answer.includes(email)) throw new Error(`accepting the invite of ${email} answered ${accepted.status}: ${answer.slice(0, 300)}`);
    admins.push({ email, password });
  }
  return admins;
}

/**
 * One service per admin, so that each checks its own save: the demo's (from the sitemap: every demo service is
 * active), plus new ones made through the same action when there are more admins than services.
 */
async function serviceIds(origin, cookie, count) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const ids = [...xml.matchAll(/<loc>[^<]*\/service\/([^<]+)<\/loc>/g)].map((m) => m[1]);
  while (ids.length < count) {
    const form = serviceForm("", `Bench service ${ids.length + 1}`);
    form.set("intent", "create");
    form.delete("id");
    const created = await postAction(origin, cookie, "/admin/services", form);
    const text = await created.text();
    const id = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(text)?.[1];
    if (!created.ok || !id) throw new Error(`creating a service answered ${created.status}: ${text.slice(0, 300)}`);
    ids.push(id);
  }
  return ids.slice(0, count);
}

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc/<pid>/stat (Linux); null elsewhere.
 * A deterministic measure beside the latencies, which other processes on a shared machine move.
 */
function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces, hence the last ")"): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
// USER_HZ: 100 on every Linux build Node ships for.
const CLOCK_TICKS = 100;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (n) => (n === null ? null : Math.round(n * 10) / 10);

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? null) };
}

/**
 * One admin's loop: save, then revalidate, until the deadline. Each save's title is new, so every save is a real
 * change (a version and an activity entry), and the revalidated data must show it.
 */
async function adminLoop(origin, admin, id, until, measuring, samples, failures) {
  let n = 0;
  while (performance.now() < until) {
    n++;
    const title = `Residential Construction ${admin.index}-${n}`;
    const start = performance.now();
    const saved = await postAction(origin, admin.cookie, "/admin/services", serviceForm(id, title));
    const savedText = await saved.text();
    const afterAction = performance.now();
    const data = await fetch(`${origin}/admin/services.data`, { headers: { cookie: admin.cookie, "accept-encoding": ENCODING }, redirect: "manual" });
    const dataText = await data.text();
    const end = performance.now();
    if (!saved.ok || !savedText.includes("Service updated successfully")) {
      failures.push(`save by ${admin.email}: ${saved.status} ${savedText.slice(0, 200)}`);
      continue;
    }
    if (!data.ok || !dataText.includes(title)) {
      failures.push(`revalidation for ${admin.email}: ${data.status}, new title ${dataText.includes(title) ? "present" : "missing"}`);
      continue;
    }
    samples.saves++;
    if (!measuring()) continue;
    samples.roundTrip.push(end - start);
    samples.action.push(afterAction - start);
    samples.revalidation.push(end - afterAction);
  }
}

/**
 * Runs the admin save bench against a running perf server ({ origin, dataDir }). Returns the figures; throws when
 * a save or a revalidation failed or the activity log misses a save.
 */
export async function adminSaveRun(server, { admins: count = ADMINS, duration = DURATION, warmup = WARMUP } = {}) {
  const { origin } = server;
  const ownerCookie = await signInAdmin(origin);
  const accounts = await createAdmins(origin, ownerCookie, count);
  // One session each, signed in through the API as the sign-in form does.
  const admins = [];
  for (const [index, account] of accounts.entries()) admins.push({ ...account, index: index + 1, cookie: await signInAdmin(origin, account) });
  const ids = await serviceIds(origin, ownerCookie, admins.length);

  const loggedSaves = () => {
    const db = new Database(path.join(server.dataDir, "site.db"), { readonly: true });
    try {
      return db.prepare("select count(*) as n from activity_log where action = 'service.update'").get().n;
    } finally {
      db.close();
    }
  };
  const loggedBefore = loggedSaves();
  const samples = { roundTrip: [], action: [], revalidation: [], saves: 0 };
  const failures = [];
  const startedAt = performance.now();
  const measureFrom = startedAt + warmup * 1000;
  const until = measureFrom + duration * 1000;
  // The server's CPU over the measured window (from the warm-up's end to the last answer), per round trip.
  let cpuAtStart = null;
  let benchCpuAtStart = null;
  const cpuTimer = setTimeout(() => {
    cpuAtStart = server.pid ? processCpuMs(server.pid) : null;
    benchCpuAtStart = process.cpuUsage();
  }, Math.max(0, measureFrom - performance.now()));
  await Promise.all(
    admins.map((admin, i) => adminLoop(origin, admin, ids[i], until, () => performance.now() >= measureFrom, samples, failures)),
  );
  clearTimeout(cpuTimer);
  const cpuAtEnd = server.pid ? processCpuMs(server.pid) : null;
  const benchCpu = benchCpuAtStart ? process.cpuUsage(benchCpuAtStart) : null;
  if (failures.length) throw new Error(`${failures.length} admin saves failed, the first: ${failures[0]}`);

  // Every answered save wrote its activity entry (and a version: both happen in the action before it answers).
  const logged = loggedSaves() - loggedBefore;
  if (logged !== samples.saves) throw new Error(`${samples.saves} saves answered but ${logged} service.update entries in the activity log`);

  return {
    admins: admins.length,
    durationSeconds: duration,
    warmupSeconds: warmup,
    saves: samples.roundTrip.length,
    savesPerSecond: round(samples.roundTrip.length / duration),
    roundTripMs: stats(samples.roundTrip),
    actionMs: stats(samples.action),
    revalidationMs: stats(samples.revalidation),
    activityEntries: logged,
    serverCpuMsPerSave: cpuAtStart !== null && cpuAtEnd !== null && samples.roundTrip.length ? round((cpuAtEnd - cpuAtStart) / samples.roundTrip.length) : null,
    benchCpuMsPerSave: benchCpu && samples.roundTrip.length ? round((benchCpu.user + benchCpu.system) / 1000 / samples.roundTrip.length) : null,
    targetP95Ms: ADMIN_SAVE_TARGET_MS,
    met: (stats(samples.roundTrip).p95 ?? Infinity) < ADMIN_SAVE_TARGET_MS,
  };
}

/** The lines `npm run bench` and `npm run bench:admin` print. */
export function printAdminSave(r) {
  const row = (name, s) => `  ${name.padEnd(24)} ${String(s.p50).padStart(7)} ${String(s.p95).padStart(7)} ${String(s.p99).padStart(7)} ${String(s.max).padStart(7)}`;
  console.log(
    `\nAdmin save round trip (docs/performance.md#admin): ${r.admins} admins saving at once for ${r.durationSeconds} s ` +
      `(+${r.warmupSeconds} s warm-up), ${r.saves} saves (${r.savesPerSecond}/s); every save answered and logged (${r.activityEntries} activity entries).`,
  );
  console.log(`  ${"ms".padEnd(24)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)}`);
  console.log(row("save + revalidation", r.roundTripMs));
  console.log(row("  action (POST .data)", r.actionMs));
  console.log(row("  revalidation (GET .data)", r.revalidationMs));
  if (r.serverCpuMsPerSave !== null)
    console.log(`  Server CPU per save + revalidation: ${r.serverCpuMsPerSave} ms (/proc, user + system); the bench's own: ${r.benchCpuMsPerSave} ms.`);
  console.log(`  Target: p95 of the round trip under ${r.targetP95Ms} ms: ${r.met ? "met" : "NOT met"}.`);
}

async function main() {
  const before = machineInfo();
  const server = await startServer({ label: "bench-admin" });
  let result;
  try {
    console.log(`Server ${server.origin} (BUILD_DIR=${process.env.BUILD_DIR || "build"}); ${ADMINS} admins, ${WARMUP} s warm-up + ${DURATION} s`);
    result = await adminSaveRun(server);
  } finally {
    await server.stop();
  }
  const after = machineInfo();
  printAdminSave(result);
  console.log(`Load average before/after: ${before.loadavg.join(" ")} / ${after.loadavg.join(" ")} on ${after.cpus} CPUs`);
  writeJson(OUTPUT, { tool: "fetch", machine: { ...after, loadavgBefore: before.loadavg }, adminSave: result });
  console.log(`Wrote ${OUTPUT}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
