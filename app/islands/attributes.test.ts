import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ATTR } from "./attributes";

// The island and the site components meet only through the names in ./attributes: a data-* attribute written out in
// either would be a name that can drift from the other side unnoticed. Stylesheets and Tailwind variants cannot
// import, so there the test checks that every data-* they select on is one of the names.
const KNOWN = new Set<string>(Object.values(ATTR));
/** Not the island's: tests' handles and the UI library's slots. */
const NOT_ISLAND = new Set(["data-testid", "data-slot"]);

const DATA_NAME = /\bdata-([a-z][a-z0-9-]*)/g;
/** Tailwind's data variants: `group-data-[playing=true]:block` selects on data-playing. */
const TAILWIND_DATA = /data-\[([a-z][a-z0-9-]*)/g;

/** Each data-* written out in the code (not in comments) of one file, with why it is not allowed. */
function bareDataAttributes(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.basename(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const checkText = (node: ts.Node, value: string) => {
    for (const [, name] of value.matchAll(TAILWIND_DATA)) {
      if (!KNOWN.has(`data-${name}`) && !NOT_ISLAND.has(`data-${name}`)) found.push(`${where(node)} Tailwind variant on unknown data-${name}`);
    }
    for (const [attribute] of value.replace(TAILWIND_DATA, "").matchAll(DATA_NAME)) {
      if (!NOT_ISLAND.has(attribute)) found.push(`${where(node)} ${attribute}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (name.startsWith("data-") && !NOT_ISLAND.has(name)) found.push(`${where(node)} ${name}`);
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      checkText(node, node.text);
    }
    // element.dataset.x reads or writes data-x by a name of its own.
    if (ts.isPropertyAccessExpression(node) && node.name.text === "dataset") found.push(`${where(node)} dataset`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sources(dir: string, extension: RegExp) {
  return fs
    .readdirSync(dir)
    .filter((f) => extension.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => path.join(dir, f));
}

describe("the island's attribute names", () => {
  const files = [...sources("app/components/site", /\.tsx$/), ...sources("app/islands", /\.ts$/).filter((f) => !/(attributes|script-markers)\.ts$/.test(f))];

  it("are the only data-* names in the site components and the island", () => {
    expect(files.length).toBeGreaterThan(20);
    const bare = files.flatMap((file) => bareDataAttributes(file, fs.readFileSync(file, "utf8")));
    expect(bare).toEqual([]);
  });

  it("the check finds a name written out, in JSX, in a string, in a selector and through dataset", () => {
    const sample = `
      // data-in-a-comment is fine: comments are not code.
      export const A = () => <div data-menu-open className="group-data-[opened=true]:block group-data-[playing=true]:flex" data-testid="x" />;
      const props = { "data-src": "x" };
      document.querySelector("form[data-enquiry-form]");
      document.querySelector(\`[data-lightbox-\${"image"}]\`);
      element.dataset.fade = "shown";`;
    expect(bareDataAttributes("sample.tsx", sample)).toEqual([
      "sample.tsx:3 data-menu-open",
      "sample.tsx:3 Tailwind variant on unknown data-opened",
      "sample.tsx:4 data-src",
      "sample.tsx:5 data-enquiry-form",
      "sample.tsx:6 data-lightbox-",
      "sample.tsx:7 dataset",
    ]);
  });

  it("are the ones the public stylesheets select on", () => {
    const stylesheets = ["app/site.css", ...fs.readdirSync("app/site-styles").filter((f) => f.endsWith(".css")).map((f) => `app/site-styles/${f}`)];
    const unknown = stylesheets.flatMap((file) =>
      [...fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/\[(data-[a-z][a-z0-9-]*)/g)]
        .map(([, name]) => name)
        .filter((name) => !KNOWN.has(name) && !NOT_ISLAND.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("are unique data-* names", () => {
    const names = Object.values(ATTR);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^data-[a-z][a-z0-9-]*$/);
  });
});
