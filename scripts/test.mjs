// `npm test`: the whole suite. Typechecks and lints, builds the production bundle, runs Vitest (unit tests, and integration
// tests on SQLite, plus Postgres when TEST_DATABASE_URL is set), then the Playwright browser tests
// against that build. Ends with one plain line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";

fs.mkdirSync(".tmp", { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Types and lint first: each is one check that passes or fails (a type error or a broken rule of hooks
// is a defect even when no test reaches it).
console.log("\n== typecheck ==");
if (run(bin("react-router"), ["typegen"]) === 0 && run(bin("tsc"), []) === 0) passed += 1;
else failed += 1;

console.log("\n== lint ==");
if (run(bin("eslint"), [".", "--max-warnings", "0"]) === 0) passed += 1;
else failed += 1;

console.log("\n== build ==");
if (run(bin("react-router"), ["build"]) !== 0) {
  console.log(`\n${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

console.log("\n== vitest ==");
fs.rmSync(".tmp/vitest.json", { force: true });
const vitestStatus = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile=.tmp/vitest.json"]);
const vitest = readJson(".tmp/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0);
} else {
  failed += 1;
}

console.log("\n== playwright ==");
fs.rmSync(".tmp/playwright.json", { force: true });
const pwStatus = run(bin("playwright"), ["test"], { PW_REPORTER: "json" });
const pw = readJson(".tmp/playwright.json");
if (pw?.stats) {
  passed += pw.stats.expected + pw.stats.flaky;
  failed += pw.stats.unexpected + (pwStatus !== 0 && pw.stats.unexpected === 0 ? 1 : 0);
} else {
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
