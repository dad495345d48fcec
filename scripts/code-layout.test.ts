import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Where code may live (app/.server/README.md): queries only in app/.server/models (and the migrations in
// app/.server/db), public reads by named columns, never select * (docs/security.md "Access control").

/** Every source file under `dir` (recursively), tests excluded, as repo-relative paths. */
function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f).split(path.sep).join("/"));
}

/** Kysely's query builders and raw SQL, and the database handle they start from. */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectAll)\(|\bsql(<[^>]*>)?`|\.introspection\b|\bdb\(\)/;

const inModels = (file: string) => file.startsWith("app/.server/models/") || file.startsWith("app/.server/db/");

describe("queries", () => {
  const files = [...sources("app"), ...sources("server"), ...sources("scripts"), "server.mjs"];

  it("are looked for in the app, the server and the scripts", () => {
    expect(files.filter(inModels).length).toBeGreaterThan(10);
    expect(files.filter((f) => !inModels(f)).length).toBeGreaterThan(50);
  });

  it("live only in app/.server/models (and the migrations in app/.server/db)", () => {
    const offenders = files
      .filter((file) => !inModels(file))
      .flatMap((file) =>
        fs
          .readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => !/^\s*(\/\/|\*)/.test(line) && QUERY.test(line))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it("that serve visitors name their columns instead of selectAll()", () => {
    const offenders: string[] = [];
    for (const file of sources("app/.server/models")) {
      // One chunk per function: a public read is one whose name says so (listPublic..., getActive..., ...Preview).
      for (const chunk of fs.readFileSync(file, "utf8").split(/\n(?=(?:export )?(?:async )?function\*? )/)) {
        const name = /^(?:export )?(?:async )?function\*? (\w+)/.exec(chunk)?.[1];
        if (name && /Public|Active|Preview|Chrome|Published/.test(name) && chunk.includes(".selectAll(")) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
