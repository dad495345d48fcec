// `npm test`: the whole suite. Typechecks, lints and builds the production bundle (the three at once), then runs
// Vitest (unit tests, and integration tests on SQLite, plus Postgres when TEST_DATABASE_URL is set) beside the
// Playwright browser tests against that build. Ends with each phase's time and one plain line: "N passed, N failed".
import { spawn } from "node:child_process";
import fs from "node:fs";

fs.mkdirSync(".tmp", { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;

/** Runs a command printing as it goes, without blocking this process (another phase may run beside it). */
function runInherit(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Runs a command with its output kept, so phases running together print one after the other. */
function runQuiet(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

const suiteStarted = Date.now();
const times = [];
async function phase(name, fn) {
  const started = Date.now();
  const result = await fn();
  times.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

let passed = 0;
let failed = 0;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Types, lint and the build first. Types and lint are each one check that passes or fails (a type error or a
// broken rule of hooks is a defect even when no test reaches it). tsc and ESLint each use one core and the build
// waits on disk much of the time, so running the three together takes about as long as the slowest alone.
// Route types come first: tsc reads them.
const typegen = await runQuiet(bin("react-router"), ["typegen"]);
// ESLint lints again only the files whose content changed since its last run (docs/decisions/0078-faster-stricter-checks-and-the-css-pruner.md);
// the cache sits outside the work tree's sources, with the other tools' caches. By content, not modification time:
// a checkout or a merge touches files it does not change.
const LINT_CACHE = ["--cache", "--cache-location", "node_modules/.cache/eslint/", "--cache-strategy", "content"];
const [typecheck, lint, build] = await Promise.all([
  phase("typecheck", () => (typegen.status === 0 ? runQuiet(bin("tsc"), []) : typegen)),
  phase("lint", () => runQuiet(bin("eslint"), [".", "--max-warnings", "0", ...LINT_CACHE])),
  phase("build", () => runQuiet(bin("react-router"), ["build"])),
]);
for (const [name, result] of [
  ["typecheck", typecheck],
  ["lint", lint],
  ["build", build],
]) {
  console.log(`\n== ${name} ==`);
  // A passing build's file list is noise; a failure shows everything.
  if (result.status !== 0 || name !== "build") process.stdout.write(result.output);
  console.log(result.status === 0 ? `${name}: ok` : `${name}: FAILED`);
}
for (const result of [typecheck, lint]) {
  if (result.status === 0) passed += 1;
  else failed += 1;
}
if (build.status !== 0) {
  console.log(`\n${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

// Vitest and Playwright run together: the browser tests spend much of their time waiting (a page load, a toast, a
// private server starting, the scheduling test's real minute), and the unit and integration tests fill those gaps
// on the same two cores. Run one after the other, the two took 3.8 and 13 minutes of a fresh clone's 18 (docs/performance.md,
// "The suite's time"). Playwright prints as it goes; Vitest's output, kept, follows it.
fs.rmSync(".tmp/vitest.json", { force: true });
fs.rmSync(".tmp/playwright.json", { force: true });
console.log("\n== playwright (Vitest runs beside it; its output follows) ==");
const [vitestRun, pwStatus] = await Promise.all([
  phase("vitest", () => runQuiet(bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile=.tmp/vitest.json"])),
  phase("playwright", () => runInherit(bin("playwright"), ["test"], { PW_REPORTER: "json" })),
]);
console.log("\n== vitest ==");
process.stdout.write(vitestRun.output);
const vitest = readJson(".tmp/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestRun.status !== 0 && vitest.numFailedTests === 0 ? 1 : 0);
} else {
  failed += 1;
}

const pw = readJson(".tmp/playwright.json");
if (pw?.stats) {
  passed += pw.stats.expected + pw.stats.flaky;
  failed += pw.stats.unexpected + (pwStatus !== 0 && pw.stats.unexpected === 0 ? 1 : 0);
} else {
  failed += 1;
}

const total = Math.round((Date.now() - suiteStarted) / 1000);
console.log(`\nTime: ${times.join(", ")} (typecheck, lint and build run together, then Vitest beside Playwright); npm test ${Math.floor(total / 60)} min ${total % 60} s in all`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
