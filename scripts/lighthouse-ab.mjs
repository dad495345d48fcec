// `npm run lighthouse:ab -- [--rounds=N] NAME=VARIANT ...`: Lighthouse, with the settings of `npm run lighthouse`
// (mobile, simulated throttling), on variants of one page, taking turns round by round, to tell a change from the
// machine's noise before building it (docs/performance.md, "Trying a change first").
//
// A VARIANT is one of:
//   /path                    the site's own page (production build, demo content), as the site serves it;
//                            {service} and {project} stand for the first service's and project's id in /sitemap.xml
//                            (the demo's ids are new each run), e.g. dv=/dv/service/{service}
//   file.html                a page saved to a file and edited by hand: served with the headers the site sends for
//                            --headers-from (default /), the CSP's script hashes made the file's own
// either followed by ",-Header-Name" (repeatable): that header left out of the answer.
//
// Every variant is served by one proxy in front of the site (`/__ab/NAME`; every other path, the images and
// icons among them, goes to the site), so they meet the same network model. Printed for each variant: FCP, TBT,
// LCP, CLS, the longest task (Lighthouse's max potential FID) and the performance score of each run, and their medians;
// the runs go to .tmp/lighthouse-ab.json, and with --reports=DIR each run's whole Lighthouse report to DIR/NAME-ROUND.json
// and its trace (what the page did, unthrottled, from which Lighthouse models the phone) to DIR/NAME-ROUND.trace.json.
//
//   npm run lighthouse:ab -- --save / .tmp/home.html    saves the home page as Lighthouse's phone gets it, then stops
//   npm run lighthouse:ab -- --rounds=8 now=/ no-coop=/,-Cross-Origin-Opener-Policy
//   npm run lighthouse:ab -- now=/ edited=.tmp/home-edited.html
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { userAgents as lighthouseUserAgents } from "lighthouse/core/config/constants.js";
import { CHROME_FLAGS, chromePath, findPages, listenOnLoopback, machineInfo, passToSite, startServer, writeJson } from "./perf-server.mjs";

const OUTPUT = ".tmp/lighthouse-ab.json";
/** Headers that describe one answer's bytes or connection, not the page: never copied onto a file variant. */
const PER_ANSWER = new Set(["content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive", "x-request-id", "x-page-cache", "etag", "last-modified"]);
const USAGE = "usage: npm run lighthouse:ab -- [--rounds=N] [--headers-from=/path] [--reports=DIR] NAME=/path|file.html[,-Header-Name...] ...\n       npm run lighthouse:ab -- --save /path file.html";

function parseArgs(argv) {
  const options = { rounds: 5, headersFrom: "/", variants: [], save: null, reports: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--save") {
      options.save = { path: argv[i + 1], file: argv[i + 2] };
      if (!options.save.path?.startsWith("/") || !options.save.file) throw new Error(USAGE);
      i += 2;
    } else if (arg.startsWith("--rounds=")) {
      options.rounds = Number(arg.slice("--rounds=".length));
      if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error(`--rounds must be a whole number >= 1\n${USAGE}`);
    } else if (arg.startsWith("--reports=")) {
      options.reports = arg.slice("--reports=".length);
      if (!options.reports) throw new Error(`--reports needs a folder\n${USAGE}`);
    } else if (arg.startsWith("--headers-from=")) {
      options.headersFrom = arg.slice("--headers-from=".length);
    } else {
      const match = /^([A-Za-z0-9_-]+)=(.+)$/.exec(arg);
      if (!match) throw new Error(`not a variant: ${arg}\n${USAGE}`);
      const [source, ...drops] = match[2].split(",");
      if (drops.some((d) => !d.startsWith("-"))) throw new Error(`after the variant, only ",-Header-Name" may follow: ${arg}\n${USAGE}`);
      const variant = { name: match[1], drop: drops.map((d) => d.slice(1).toLowerCase()) };
      if (source.startsWith("/")) variant.path = source;
      else if (fs.existsSync(source)) variant.file = source;
      else throw new Error(`no such file: ${source}\n${USAGE}`);
      if (options.variants.some((v) => v.name === variant.name)) throw new Error(`two variants named ${variant.name}`);
      options.variants.push(variant);
    }
  }
  if (!options.save && options.variants.length === 0) throw new Error(USAGE);
  return options;
}

/** A page as Lighthouse's phone asks for it (the page cache keeps browsers' and bots' pages apart). */
async function fetchAsPhone(origin, path) {
  const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "br", "user-agent": lighthouseUserAgents.mobile } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const headers = {};
  for (const [name, value] of response.headers) if (!PER_ANSWER.has(name)) headers[name] = value;
  return { headers, body };
}

/**
 * The site's CSP allows its inline scripts by hash (or by the render's nonce): an edited file's scripts get their
 * own hashes, and a nonce found in the file replaces the one in the copied header, so the file runs as saved.
 */
function cspForFile(csp, html) {
  if (!csp) return csp;
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/application\/(ld\+)?json/.test(attributes));
  const hashes = inline.map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
  const nonce = /\snonce="([^"]+)"/.exec(html)?.[1];
  return csp.replace(/script-src ([^;]*)/, (_, list) => {
    const kept = list.split(/\s+/).filter((token) => token && !token.startsWith("'sha256-") && !token.startsWith("'nonce-"));
    const strict = kept.indexOf("'strict-dynamic'");
    const added = [...hashes, ...(nonce ? [`'nonce-${nonce}'`] : [])];
    if (strict === -1) kept.push(...added);
    else kept.splice(strict, 0, ...added);
    return `script-src ${kept.join(" ")}`;
  });
}

/** The proxy: `/__ab/NAME` answers as that variant, every other path is the site's. */
async function startProxy(siteOrigin, variants, headersFrom) {
  const served = new Map();
  for (const variant of variants) {
    if (!variant.file) continue;
    const html = fs.readFileSync(variant.file, "utf8");
    const { headers } = await fetchAsPhone(siteOrigin, headersFrom);
    if (headers["content-security-policy"]) headers["content-security-policy"] = cspForFile(headers["content-security-policy"], html);
    for (const name of variant.drop) delete headers[name];
    const brotli = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    served.set(variant.name, { headers, html: Buffer.from(html), brotli });
  }
  const byName = new Map(variants.map((v) => [v.name, v]));
  const server = http.createServer((req, res) => {
    const name = /^\/__ab\/([^/?#]+)/.exec(req.url ?? "")?.[1];
    const variant = name ? byName.get(name) : undefined;
    const file = variant ? served.get(variant.name) : undefined;
    if (file) {
      const br = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
      const body = br ? file.brotli : file.html;
      res.writeHead(200, { ...file.headers, "content-length": body.length, ...(br ? { "content-encoding": "br" } : {}) });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    passToSite(siteOrigin, req, res, { path: variant ? variant.path : req.url, drop: variant?.drop ?? [] });
  });
  return listenOnLoopback(server);
}

/** One Lighthouse run; a run that records no trace (it happens on a busy machine) is tried twice more. */
async function audit(chrome, url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", disableFullPageScreenshot: true });
    const error = result?.lhr ? result.lhr.runtimeError : { code: "NO_REPORT", message: "Lighthouse returned no report" };
    if (!error) {
      // A CSP refusal or a script error means the variant did not run as the page does: say so beside its figures.
      for (const item of result.lhr.audits["errors-in-console"]?.details?.items ?? []) console.warn(`  console error on ${url}: ${String(item.description).slice(0, 200)}`);
      return { lhr: result.lhr, trace: result.artifacts?.Trace };
    }
    if (attempt >= 3) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["LCP", "largest-contentful-paint"],
  ["longest task", "max-potential-fid"],
  ["CLS", "cumulative-layout-shift"],
];

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const before = machineInfo();
  const server = await startServer({ label: "lighthouse-ab" });
  let chrome;
  let proxy;
  try {
    const pages = await findPages(server.origin);
    const ids = { service: pages.service.split("/").pop(), project: pages.project.split("/").pop() };
    const withIds = (path) => path.replace(/\{(service|project)\}/g, (_, kind) => ids[kind]);
    for (const variant of options.variants) if (variant.path) variant.path = withIds(variant.path);
    if (options.save) options.save.path = withIds(options.save.path);
    options.headersFrom = withIds(options.headersFrom);
    if (options.save) {
      const { body } = await fetchAsPhone(server.origin, options.save.path);
      fs.writeFileSync(options.save.file, body);
      console.log(`Saved ${options.save.path} (${Buffer.byteLength(body)} bytes) to ${options.save.file}`);
      return;
    }
    // Each site page once first, as `npm run lighthouse` does: every run then measures the stored page.
    for (const variant of options.variants) if (variant.path) await fetchAsPhone(server.origin, variant.path);
    proxy = await startProxy(server.origin, options.variants, options.headersFrom);
    chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS, logLevel: "silent", handleSIGINT: false });
    const launched = chrome;
    for (const signal of ["SIGINT", "SIGTERM"]) process.prependOnceListener(signal, () => void launched.kill());
    console.log(`Site ${server.origin}, variants at ${proxy.origin}/__ab/NAME; ${options.rounds} round(s), the variants taking turns`);
    const runs = new Map(options.variants.map((v) => [v.name, []]));
    for (let round = 1; round <= options.rounds; round++) {
      for (const variant of options.variants) {
        const { lhr, trace } = await audit(chrome, `${proxy.origin}/__ab/${variant.name}`);
        const run = Object.fromEntries(METRICS.map(([label, id]) => [label, label === "CLS" ? Number(lhr.audits[id].numericValue.toFixed(3)) : Math.round(lhr.audits[id].numericValue)]));
        if (options.reports) {
          writeJson(`${options.reports}/${variant.name}-${round}.json`, lhr);
          if (trace) writeJson(`${options.reports}/${variant.name}-${round}.trace.json`, trace);
        }
        run.performance = Math.round((lhr.categories.performance.score ?? 0) * 100);
        runs.get(variant.name).push(run);
        console.log(`  round ${round} ${variant.name.padEnd(12)} ${Object.entries(run).map(([k, v]) => `${k} ${v}`).join(", ")}`);
      }
    }
    console.log("\nMedians (ms), then every run:");
    const results = options.variants.map((variant) => {
      const list = runs.get(variant.name);
      const medians = Object.fromEntries(METRICS.map(([label]) => [label, median(list.map((r) => r[label]))]));
      console.log(`  ${variant.name.padEnd(12)} ${METRICS.map(([label]) => `${label} ${medians[label]} (${list.map((r) => r[label]).join(", ")})`).join(" | ")}`);
      return { ...variant, medians, runs: list };
    });
    const after = machineInfo();
    console.log(`Load average before/after: ${before.loadavg.join(" ")} / ${after.loadavg.join(" ")} on ${after.cpus} CPUs`);
    writeJson(OUTPUT, { settings: { preset: "mobile (default config)", throttling: "simulated", rounds: options.rounds, chromeFlags: CHROME_FLAGS }, machine: { ...after, loadavgBefore: before.loadavg }, results });
    console.log(`Wrote ${OUTPUT}`);
  } finally {
    await chrome?.kill();
    await proxy?.stop();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
