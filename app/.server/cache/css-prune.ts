// Per-page CSS (docs/decisions/0031-per-page-css-and-brotli-page-cache.md). A public page inlines the public
// stylesheet (docs/decisions/0020-public-pages-inline-style-and-script.md), yet any one page uses a fraction of
// its rules. When the page cache stores a page, it keeps only the rules whose class selectors the page can
// match: the classes in the HTML's class attributes (a <template>'s included) and those the page's inline
// script may add; and of those, only the rules whose element selectors name elements the page has or its script
// may create (docs/decisions/0050-per-page-css-by-element-too.md: most of Tailwind's preflight styles elements a
// page lacks). The stylesheet is parsed once into an index of rules; a page costs one scan of its HTML and one
// pass over that index.

import { clientBuildText } from "../http/client-build";

interface StyleRule {
  kind: "rule";
  /**
   * The selectors of the rule, each with the classes it requires (those outside any parentheses) and the elements:
   * each entry the names of which one must be on the page (`code` for `code`, input or textarea for `::placeholder`).
   */
  selectors: { text: string; classes: string[]; elements: string[][] }[];
  /** `{...}` with the declarations (and anything nested), as written. */
  block: string;
}
interface GroupRule {
  kind: "group";
  /** `@media (...)`, `@supports ...`, `@layer name`: kept only when a rule inside is kept. */
  prelude: string;
  children: CssNode[];
}
interface RawText {
  kind: "raw";
  /** `@property`, `@keyframes`, `@font-face`, `@layer a, b;` and the like: always kept. */
  text: string;
}
export type CssNode = StyleRule | GroupRule | RawText;

/** At-rules whose block holds style rules, to be pruned like the top level. */
const GROUPS = /^@(media|supports|layer|container|scope|document)\b/i;

/** Index of the end of the block that opens at `open` (a `{`), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '"' || c === "'") {
      i = stringEnd(css, i);
    } else if (c === "\\") {
      i++;
    } else if (c === "{") {
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return css.length - 1;
}

function stringEnd(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length - 1;
}

/** Splits `text` at top-level commas, or `separator` (not inside parentheses, brackets or strings). */
function splitTopLevel(text: string, separator = ","): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === separator && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** CSS identifier escapes undone: `\:` -> `:`, `\31 ` -> `1`. */
export function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6}\s?|[^])/g, (_m, esc: string) =>
    /^[0-9a-fA-F]/.test(esc) && /^[0-9a-fA-F]{1,6}\s?$/.test(esc) ? String.fromCodePoint(parseInt(esc.trim(), 16)) : esc,
  );
}

/**
 * The selector without what sits in parentheses or brackets (`:not(.x)`, `:where(.a, .b)`, `[title]`) and without
 * strings: what every element it matches must itself be or have.
 */
function flatSelector(selector: string): string {
  let flat = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      if (depth === 0) flat += selector.slice(i, i + 2);
      i++;
    } else if (c === '"' || c === "'") {
      const end = stringEnd(selector, i);
      i = end;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0) flat += c;
  }
  return flat;
}

/**
 * The classes a selector requires. What sits in parentheses (`:not(.x)`, `:where(.a, .b)`, `:has(.y)`) is
 * left out: such a selector is kept more often than needed, never less.
 */
function requiredClasses(flat: string): string[] {
  return [...flat.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^]|[\w-])+)/g)].map((m) => unescapeIdent(m[1]));
}

/** Pseudo-elements that only form controls have (Tailwind's preflight styles them): the elements that do. */
const CONTROL_PSEUDO_ELEMENTS: [RegExp, string[]][] = [
  [/^placeholder$/, ["input", "textarea"]],
  [/^(file-selector-button|-webkit-(date-and-time-value|datetime-edit[\w-]*|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration))$/, ["input"]],
];

/**
 * The elements a selector requires, outside parentheses as for classes: each compound's type selector
 * (`code`, `:where(select) optgroup`: optgroup) and the form control a control's pseudo-element needs.
 */
function requiredElements(flat: string): string[][] {
  // An escape is part of a name (`.\32 xl\:flex`, whose space ends the escape): not a combinator before a type.
  const plain = flat.replace(/\\([0-9a-fA-F]{1,6}\s?|[^])/g, "_");
  const types = [...plain.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => [m[1].toLowerCase()]);
  const controls = [...plain.matchAll(/::([\w-]+)/g)].flatMap((m) => CONTROL_PSEUDO_ELEMENTS.filter(([name]) => name.test(m[1])).map(([, elements]) => elements));
  return [...types, ...controls];
}

export function parseNodes(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    // Whitespace and comments between statements are dropped (the license comment with them: the build's
    // stylesheet under /assets keeps it).
    if (/\s/.test(css[i])) {
      i++;
      continue;
    }
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings and parentheses.
    let j = i;
    let depth = 0;
    for (; j < css.length; j++) {
      const c = css[j];
      if (c === "\\") j++;
      else if (c === '"' || c === "'") j = stringEnd(css, j);
      else if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (depth === 0 && (c === "{" || c === ";")) break;
    }
    if (j >= css.length || css[j] === ";") {
      nodes.push({ kind: "raw", text: css.slice(i, Math.min(j + 1, css.length)) });
      i = j + 1;
      continue;
    }
    const prelude = css.slice(i, j).trim();
    const end = blockEnd(css, j);
    const block = css.slice(j, end + 1);
    if (prelude.startsWith("@")) {
      nodes.push(GROUPS.test(prelude) ? { kind: "group", prelude, children: parseNodes(css.slice(j + 1, end)) } : { kind: "raw", text: prelude + block });
    } else {
      nodes.push({
        kind: "rule",
        selectors: splitTopLevel(prelude).map((text) => {
          const flat = flatSelector(text);
          return { text: text.trim(), classes: requiredClasses(flat), elements: requiredElements(flat.trim()) };
        }),
        block,
      });
    }
    i = end + 1;
  }
  return nodes;
}

/** What a page can use: class names, and prefixes of names its script builds at run time (`toast-${kind}`). */
export interface UsedClasses {
  names: Set<string>;
  prefixes: string[];
  /** The elements the page has or its script may create (lower case); without it, no rule goes for its elements. */
  elements?: Set<string>;
}

const usable = (used: UsedClasses, name: string) => used.names.has(name) || used.prefixes.some((p) => name.startsWith(p));
const present = (used: UsedClasses, elements: string[]) => !used.elements || elements.some((name) => used.elements!.has(name));

function emit(nodes: CssNode[], used: UsedClasses): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "raw") out += node.text;
    else if (node.kind === "group") {
      const inner = emit(node.children, used);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else {
      const kept = node.selectors.filter((s) => s.classes.every((name) => usable(used, name)) && s.elements.every((names) => present(used, names)));
      if (kept.length) out += `${kept.map((s) => s.text).join(",")}${node.block}`;
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#x27": "'", "#39": "'" };
export const decodeAttribute = (value: string) => value.replace(/&(amp|quot|apos|lt|gt|#x27|#39);/g, (_m, name: string) => ENTITIES[name]);

/**
 * The classes a page's HTML can use: every class attribute (React writes them in double quotes), plus the
 * words of its scripts, which may add a class by name (app/islands/enquiry-form.ts builds its toasts).
 * And its elements: every tag name in the page, plus the same words of its scripts, which may create an element
 * by name (`document.createElement("section")`).
 */
export function usedClasses(html: string, readFile?: ScriptFileReader): UsedClasses {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(match[1]).split(/\s+/)) if (name) names.add(name);
  }
  const elements = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) elements.add(match[1].toLowerCase());
  const script = scriptClasses(html, readFile);
  for (const word of script.names) {
    names.add(word);
    elements.add(word.toLowerCase());
  }
  return { names, prefixes: script.prefixes, elements };
}

/** Reads a script file of the client build by its URL (`/assets/site-abc.js`); undefined when there is none. */
export type ScriptFileReader = (url: string) => string | undefined;

/**
 * The text of a page's scripts (JSON-LD aside): each inline script, and each island file one of them loads by URL
 * (app/root.tsx writes a small loader naming `/assets/<island>-<hash>.js`), read from the build.
 */
export function scriptTexts(html: string, readFile: ScriptFileReader = clientBuildText): string[] {
  const texts: string[] = [];
  for (const script of html.matchAll(/<script\b(?![^>]*\btype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/gi)) {
    texts.push(script[1]);
    for (const url of script[1].matchAll(/"(\/assets\/[\w.-]+\.js)"/g)) {
      const file = readFile(url[1]);
      if (file !== undefined) texts.push(file);
    }
  }
  return texts;
}

/** The words of a page's scripts (scriptTexts): any of them may be a class name the script adds. */
export function scriptClasses(html: string, readFile?: ScriptFileReader): UsedClasses {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const text of scriptTexts(html, readFile)) {
    for (const word of text.matchAll(/[A-Za-z_][\w-]*/g)) names.add(word[0]);
    // A name put together in a template literal: `toast-${kind}` allows every class starting "toast-".
    for (const prefix of text.matchAll(/[`"'\s]([A-Za-z_][\w-]*-)\$\{/g)) prefixes.push(prefix[1]);
  }
  return { names, prefixes };
}

let parsed: { css: string; nodes: CssNode[] } | null = null;

/** `css` with only the rules that `used` can match (the stylesheet's index is kept for the next page). */
export function pruneCss(css: string, used: UsedClasses): string {
  if (parsed?.css !== css) parsed = { css, nodes: parseNodes(css) };
  return emit(parsed.nodes, used);
}

// Once the rules are cut, many custom properties are read by none of the rules left: Tailwind's theme variables,
// its `@property --tw-*` registrations and their fallback block, and @keyframes no animation names. They go too,
// with what only they read (a theme variable that reads another).

/** Custom property names written in `text` (`var(--a)`, a transition of `--b`, a style attribute's `--c:`). */
const customNames = (text: string) => text.match(/--[\w-]+/g) ?? [];
const PROPERTY_RULE = /^@property\s+(--[\w-]+)/;
const KEYFRAMES_RULE = /^@(?:-webkit-)?keyframes\s+([\w-]+)/;

/**
 * `css` without the custom property declarations and `@property` rules nothing reads, and without the @keyframes no
 * kept declaration names. `outside` is the rest of the page that may read or name them: its style attributes and
 * inline scripts. A rule left with no declaration goes, and a group left with no rule.
 */
export function pruneCustomProperties(css: string, outside: string): string {
  const nodes = parseNodes(css);
  /** What each custom property's values read; the values of everything else (all read when kept). */
  const reads = new Map<string, string[]>();
  const always: string[] = [outside];
  const keyframes = new Map<string, string>();
  const declarations = (block: string) => (block.includes("{", 1) ? null : splitTopLevel(block.slice(1, -1), ";").filter((d) => d.trim()));
  const collect = (list: CssNode[]) => {
    for (const node of list) {
      if (node.kind === "group") collect(node.children);
      else if (node.kind === "raw") {
        const name = KEYFRAMES_RULE.exec(node.text)?.[1];
        if (name) keyframes.set(name, node.text);
        else if (!PROPERTY_RULE.test(node.text)) always.push(node.text);
      } else {
        const decls = declarations(node.block);
        if (!decls) always.push(node.block);
        else
          for (const decl of decls) {
            const colon = decl.indexOf(":");
            const property = decl.slice(0, colon).trim();
            if (property.startsWith("--")) reads.set(property, [...(reads.get(property) ?? []), decl.slice(colon + 1)]);
            else always.push(decl.slice(colon + 1));
          }
      }
    }
  };
  collect(nodes);

  const needed = new Set<string>();
  const keptFrames = new Set<string>();
  const read = (text: string, queue: string[]) => {
    for (const name of customNames(text)) {
      if (needed.has(name)) continue;
      needed.add(name);
      queue.push(name);
    }
  };
  const queue: string[] = [];
  for (const text of always) read(text, queue);
  // Keyframes are kept when a kept value names them; what they read is then needed, which may name more.
  for (let changed = true; changed; ) {
    while (queue.length) for (const value of reads.get(queue.pop()!) ?? []) read(value, queue);
    changed = false;
    const values = [...always, ...[...needed].flatMap((name) => reads.get(name) ?? [])].join("\n");
    for (const [name, text] of keyframes) {
      if (keptFrames.has(name) || !new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`).test(values)) continue;
      keptFrames.add(name);
      read(text, queue);
      changed = true;
    }
  }

  const emitKept = (list: CssNode[]): string => {
    let out = "";
    for (const node of list) {
      if (node.kind === "group") {
        const inner = emitKept(node.children);
        if (inner) out += `${node.prelude}{${inner}}`;
      } else if (node.kind === "raw") {
        const property = PROPERTY_RULE.exec(node.text)?.[1];
        const frames = KEYFRAMES_RULE.exec(node.text)?.[1];
        if (property ? needed.has(property) : frames ? keptFrames.has(frames) : true) out += node.text;
      } else {
        const decls = declarations(node.block);
        const kept = decls?.filter((d) => {
          const property = d.slice(0, d.indexOf(":")).trim();
          return !property.startsWith("--") || needed.has(property);
        });
        if (!kept) out += `${node.selectors.map((sel) => sel.text).join(",")}${node.block}`;
        // The build writes some prefixed declarations more than once (`-webkit-mask` four times): one does.
        else if (kept.length) out += `${node.selectors.map((sel) => sel.text).join(",")}{${[...new Set(kept)].join(";")}}`;
      }
    }
    return out;
  };
  return emitKept(nodes);
}

/** What outside its stylesheets a page can read custom properties or name animations with. */
function styleReaders(html: string, readFile?: ScriptFileReader): string {
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => decodeAttribute(m[1]));
  return [...attributes, ...scriptTexts(html, readFile)].join("\n");
}

/** The page with each inline `<style>` holding only the rules, custom properties and keyframes the page can use. */
export function pruneInlineStyles(html: string, readFile?: ScriptFileReader): string {
  if (!html.includes("<style")) return html;
  const used = usedClasses(html, readFile);
  const outside = styleReaders(html, readFile);
  return html.replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_m, open: string, css: string, close: string) => open + pruneCustomProperties(pruneCss(css, used), outside) + close,
  );
}
