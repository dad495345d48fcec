// Short class names in stored pages (docs/decisions/0046-short-class-names-in-stored-pages.md). A public page's
// markup carries Tailwind's utility classes, a third of its bytes before compression ("flex items-center gap-2
// text-sm ..."), and its inline stylesheet names each of them again in a selector. When the page cache stores a
// page, each class the page uses gets a one- or two-letter name, the most used first, in the class attributes and
// the stylesheet alike. Left as written: the classes the page's scripts may add or look for (any word of
// it), and those an attribute selector reads by substring (`[class*=size-]`). A stylesheet that reads class
// attributes any other way leaves the page as it is.

import { type CssNode, decodeAttribute, parseNodes, scriptClasses, unescapeIdent } from "./css-prune";

/** An identifier after a `.` in a selector, escapes included. */
const IDENT = /^(?:\\[0-9a-fA-F]{1,6}\s?|\\[^]|[\w-])+/;
/** `[class...]` attribute selectors outside escapes: the operator and the value. */
const CLASS_ATTRIBUTE = /(?<!\\)\[\s*class\s*([~|^$*]?=)?\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*))/g;

/** The names handed out, shortest first: a..z, then a two-character name (a letter, then a letter or digit). */
function* shortNames(): Generator<string> {
  const first = "abcdefghijklmnopqrstuvwxyz";
  const next = `${first}0123456789`;
  for (const a of first) yield a;
  for (const a of first) for (const b of next) yield a + b;
}

/** Calls `fn` for each class token of a selector (outside strings and attribute brackets), and rebuilds it. */
function mapSelectorClasses(selector: string, fn: (name: string) => string): string {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      out += selector.slice(i, i + 2);
      i++;
    } else if (c === "[") {
      // An attribute selector: copied as written (its value may hold a dot).
      let j = i + 1;
      for (; j < selector.length && selector[j] !== "]"; j++) {
        if (selector[j] === "\\") j++;
        else if (selector[j] === '"' || selector[j] === "'") {
          const quote = selector[j];
          for (j++; j < selector.length && selector[j] !== quote; j++) if (selector[j] === "\\") j++;
        }
      }
      out += selector.slice(i, j + 1);
      i = j;
    } else if (c === "." && IDENT.test(selector.slice(i + 1))) {
      const ident = IDENT.exec(selector.slice(i + 1))![0];
      const name = unescapeIdent(ident);
      const renamed = fn(name);
      out += `.${renamed === name ? ident : renamed}`;
      i += ident.length;
    } else out += c;
  }
  return out;
}

function forEachSelector(nodes: CssNode[], fn: (selector: string) => void): void {
  for (const node of nodes) {
    if (node.kind === "group") forEachSelector(node.children, fn);
    else if (node.kind === "rule") for (const selector of node.selectors) fn(selector.text);
  }
}

function emitRenamed(nodes: CssNode[], rename: (name: string) => string): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "raw") out += node.text;
    else if (node.kind === "group") out += `${node.prelude}{${emitRenamed(node.children, rename)}}`;
    else out += `${node.selectors.map((s) => mapSelectorClasses(s.text, rename)).join(",")}${node.block}`;
  }
  return out;
}

const encodeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The page with short class names in its class attributes and inline stylesheets (unchanged if it cannot be done safely). */
export function shortenClassNames(html: string): string {
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
  if (!styles.length) return html;
  const kept = new Set<string>();
  const script = scriptClasses(html);
  const substrings: string[] = [];
  for (const css of styles) {
    for (const match of css.matchAll(CLASS_ATTRIBUTE)) {
      const value = match[2] ?? match[3] ?? match[4] ?? "";
      // `[class]` alone is fine; `*=` is handled by keeping what it can match; anything else reads the whole
      // attribute, which short names would change.
      if (!match[1]) continue;
      if (match[1] !== "*=" || !value) return html;
      substrings.push(value);
    }
  }
  const counts = new Map<string, number>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(match[1]).split(/\s+/)) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  // A name of one or two characters is as short as it gets: it stays, and no other class may take it.
  const keep = (name: string) => name.length <= 2 || script.names.has(name) || script.prefixes.some((p) => name.startsWith(p)) || substrings.some((s) => name.includes(s));
  for (const name of counts.keys()) if (keep(name)) kept.add(name);

  // A short name must not be any name the page keeps, its script's words, or a class its stylesheet names.
  const parsed = styles.map((css) => parseNodes(css));
  const taken = new Set<string>([...kept, ...script.names]);
  for (const nodes of parsed) forEachSelector(nodes, (selector) => void mapSelectorClasses(selector, (name) => (taken.add(name), name)));
  const renames = new Map<string, string>();
  const names = shortNames();
  for (const [name] of [...counts].filter(([n]) => !kept.has(n)).sort((a, b) => b[1] - a[1])) {
    let short = names.next().value;
    while (short !== undefined && (taken.has(short) || substrings.some((s) => short!.includes(s)))) short = names.next().value;
    if (short === undefined) break;
    renames.set(name, short);
  }
  if (!renames.size) return html;
  const rename = (name: string) => renames.get(name) ?? name;

  let index = 0;
  return html
    .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_m, open: string, _css: string, close: string) => open + emitRenamed(parsed[index++], rename) + close)
    .replace(/(\sclass=")([^"]*)(")/g, (_m, open: string, value: string, close: string) => {
      const renamed = decodeAttribute(value)
        .split(/\s+/)
        .filter(Boolean)
        .map(rename)
        .join(" ");
      return open + encodeAttribute(renamed) + close;
    });
}
