import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository stands on its own: a comment or doc may only cite what a reader of the repository has
// (docs/product.md and its sections, docs/decisions/, docs/security.md, docs/deploy.md, docs/performance.md),
// and decision records say when they were made and whether they still hold (docs/decisions/README.md).

const root = path.resolve(import.meta.dirname, "..");

/** Tracked files plus new ones not yet added (ignored files excluded), that still exist. */
function repoFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  return [...new Set(out.split("\0").filter(Boolean))].filter((f) => fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile());
}

/** Text files only: anything with a NUL byte in its first 8 KB is binary (images, fonts). */
function readText(file: string): string | null {
  const buffer = fs.readFileSync(path.join(root, file));
  if (buffer.subarray(0, 8192).includes(0)) return null;
  return buffer.toString("utf8");
}

const files = repoFiles();
const texts = new Map<string, string>();
for (const file of files) {
  if (file === "package-lock.json") continue;
  const text = readText(file);
  if (text !== null) texts.set(file, text);
}

interface Hit {
  file: string;
  line: number;
  text: string;
}

function hits(pattern: RegExp, accept: (match: RegExpExecArray, file: string) => boolean = () => false): Hit[] {
  const found: Hit[] = [];
  for (const [file, text] of texts) {
    text.split("\n").forEach((line, i) => {
      const re = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
      for (let m = re.exec(line); m; m = re.exec(line)) {
        if (!accept(m, file)) found.push({ file, line: i + 1, text: m[0] });
      }
    });
  }
  return found;
}

const format = (list: Hit[]) => list.map((h) => `${h.file}:${h.line}: ${h.text}`);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

// Built from parts so that this file does not match its own patterns.
const foreignFiles = ["SPEC", "PRODUCT", "ARCHITECTURE"].map((n) => `${n}\\.md`).concat(["HOUSE", "STYLE"].join("-"), "\\.\\./shared");
const CITATION = new RegExp(`(${foreignFiles.join("|")})|\\b[Ii]ssues? #?[0-9]+`);

describe("the repository stands on its own", () => {
  it("reads the repository's files", () => {
    expect(texts.has("docs/product.md")).toBe(true);
    expect(texts.size).toBeGreaterThan(50);
  });

  it("no file cites the outside specification files or numbered issues (cite docs/product.md or a decision record)", () => {
    expect(format(hits(CITATION))).toEqual([]);
  });

  it("every docs/ file a file names exists, and so does the section it names", () => {
    const anchorsOf = new Map<string, Set<string>>();
    const anchors = (file: string) => {
      if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(texts.get(file) ?? ""));
      return anchorsOf.get(file) as Set<string>;
    };
    const broken = hits(/(?<![\w/.-])docs\/[\w./-]+\.md(#[\w-]+)?/, (m) => {
      const [target, anchor] = m[0].split("#");
      if (!texts.has(target)) return false;
      return anchor === undefined || anchors(target).has(anchor);
    });
    // Relative markdown links inside markdown files: [text](deploy.md#section), [text](../security.md).
    const relative = hits(/\]\((?!https?:|mailto:|#|\/)([^)\s#]+\.md)(#[\w-]+)?\)/, (m, file) => {
      if (!file.endsWith(".md")) return true;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
      if (!texts.has(target)) return false;
      return m[2] === undefined || anchors(target).has(m[2].slice(1));
    });
    // Same-page anchors in markdown files: [text](#section).
    const local = hits(/\]\((#[\w-]+)\)/, (m, file) => !file.endsWith(".md") || anchors(file).has(m[1].slice(1)));
    expect(format([...broken, ...relative, ...local])).toEqual([]);
  });

  it("every decision a file names by number exists", () => {
    const numbers = new Set(files.map((f) => /^docs\/decisions\/(\d{4})-.*\.md$/.exec(f)?.[1]).filter(Boolean));
    const missing = hits(/\b(?:[Dd]ecisions?|[Ss]upersed(?:es|ed by)|records?)\s+((?:\d{4}(?:,\s*|\s+and\s+)?)+)/, (m) =>
      (m[1].match(/\d{4}/g) ?? []).every((n) => numbers.has(n)),
    );
    expect(format(missing)).toEqual([]);
  });
});

describe("decision records", () => {
  const records = files.filter((f) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(f));

  it("exist", () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)("%s has a Date line and a Status line", (file) => {
    const text = texts.get(file) ?? "";
    expect(text, "a `Date: YYYY-MM-DD` line").toMatch(/^Date: \d{4}-\d{2}-\d{2}\s*$/m);
    expect(text, "a `Status: accepted` or `Status: superseded by NNNN` line").toMatch(/^Status: (proposed|accepted|deprecated|superseded by \d{4})\s*$/m);
  });

  it("a superseded record names a record that says it supersedes it", () => {
    const problems: string[] = [];
    for (const file of records) {
      const by = /^Status: superseded by (\d{4})/m.exec(texts.get(file) ?? "")?.[1];
      if (!by) continue;
      const own = path.basename(file).slice(0, 4);
      const successor = records.find((r) => path.basename(r).startsWith(`${by}-`));
      if (!successor) problems.push(`${file}: superseded by ${by}, which does not exist`);
      else if (!new RegExp(`^Supersedes: ${own}\\b`, "m").test(texts.get(successor) ?? "")) problems.push(`${successor}: lacks "Supersedes: ${own}"`);
    }
    expect(problems).toEqual([]);
  });
});

describe("app/ folders", () => {
  it("each top-level folder under app/ has a README.md saying what belongs there", () => {
    const folders = new Set(files.filter((f) => /^app\/[^/]+\//.test(f)).map((f) => f.split("/")[1]));
    const missing = [...folders].filter((d) => !texts.has(`app/${d}/README.md`)).map((d) => `app/${d}/README.md`);
    expect(missing).toEqual([]);
  });
});
