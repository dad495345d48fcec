import { z } from "zod";
import { clean } from "./fields";

// Formatted text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md): the paragraphs visitors read are stored
// as a small Markdown subset (bold, italic, links, lists, subheadings). Plain text is already valid formatted text, so
// the fields and their stored values do not change. These checks run in the browser and on the server without the
// Markdown parser (it stays on the server, app/lib/formatted-text.ts, which drops what slips past them): raw HTML is
// shown as typed, never refused, but a link to anything other than http(s), mailto or tel, and lists nested deeper
// than LIST_DEPTH_MAX, are refused with a field error.

/** The links formatted text may hold: web pages, email and phone. */
export const FORMATTED_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*)$/i;
export const LIST_DEPTH_MAX = 3;

export const LINK_REFUSED = "Links must start with https://, http://, mailto: or tel:";
export const LIST_TOO_DEEP = `Lists can be nested at most ${LIST_DEPTH_MAX} levels deep`;

/** Every `[text](destination)` destination in the text, as typed (angle brackets removed). */
function linkDestinations(text: string): string[] {
  return [...text.matchAll(/\]\(\s*(<[^>\n]*>|[^\s)]*)/g)].map((m) => m[1].replace(/^<|>$/g, "").trim()).filter(Boolean);
}

/** Columns of a line's leading whitespace, a tab to the next multiple of 4 (as CommonMark counts it). */
function indentOf(line: string): { columns: number; rest: string } {
  let columns = 0;
  let i = 0;
  for (; i < line.length && (line[i] === " " || line[i] === "\t"); i++) columns = line[i] === "\t" ? columns + 4 - (columns % 4) : columns + 1;
  return { columns, rest: line.slice(i) };
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?: +|$)/;

/**
 * The deepest list nesting in the text: each list item's content starts at a column, and a marker at or past the
 * enclosing item's column opens a list inside it ("- - x" nests two on one line). An over-estimate at worst.
 */
export function listDepth(text: string): number {
  let deepest = 0;
  const open: number[] = [];
  for (const line of text.split(/\r\n?|\n/)) {
    if (line.trim() === "") continue;
    const { columns, rest } = indentOf(line);
    while (open.length && open[open.length - 1] > columns) open.pop();
    let column = columns;
    let content = rest;
    for (let marker = LIST_MARKER.exec(content); marker; marker = LIST_MARKER.exec(content)) {
      column += marker[0].length;
      content = content.slice(marker[0].length);
      open.push(column);
    }
    deepest = Math.max(deepest, open.length);
  }
  return deepest;
}

/** Why formatted text is refused, or null when it may be stored. */
export function formattedTextProblem(text: string): string | null {
  if (linkDestinations(text).some((href) => !FORMATTED_LINK.test(href))) return LINK_REFUSED;
  if (listDepth(text) > LIST_DEPTH_MAX) return LIST_TOO_DEEP;
  return null;
}

const raw = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string());

/** An optional formatted text field: as optionalText (trimmed, empty -> null, at most `max` characters), plus its checks. */
export const optionalFormattedText = (max: number, label: string) =>
  raw
    .transform((v) => clean(v).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .superRefine((v, ctx) => {
      const problem = formattedTextProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: `${label}: ${problem}` });
    })
    .transform((v) => (v === "" ? null : v));

/** The same checks on a required-or-not string schema (site content's text fields). */
export const withFormattedChecks = <T extends z.ZodType<string>>(schema: T, label: string) =>
  schema.superRefine((v, ctx) => {
    const problem = formattedTextProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: `${label}: ${problem}` });
  });
