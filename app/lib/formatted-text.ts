import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";
import { FORMATTED_LINK } from "~/validation/formatted-text";

// Formatted text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md), read by the public pages on the server
// (their components render without hydration, so this parser never reaches a visitor's browser) and by the SEO
// helpers. Only paragraphs, line breaks, bold, italic, links, bullet and numbered lists and headings are parsed:
// markdown-it's "zero" preset with those rules enabled, raw HTML off (shown as typed), entities off (typed "&amp;"
// stays "&amp;", as in plain text), and no code blocks, quotes, rules, tables, images or reference links, so plain
// text that happens to hold "> " or four leading spaces reads as it did before formatting existed.

const parser = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, maxNesting: 20 }).enable([
  "heading",
  "list",
  "emphasis",
  "link",
  "escape",
  "newline",
]);
// A link to anything else stays the text it was typed as (the schema refuses it on save; this covers older rows).
parser.validateLink = (url: string) => FORMATTED_LINK.test(url.trim());

export type FormattedToken = Token;

/** The block tokens of formatted text, each inline token with its children. */
export function parseFormatted(text: string): FormattedToken[] {
  return parser.parse(text, {});
}

/** Whether a link's address is a web page (opened in a new tab, safely) rather than mail or a phone call. */
export const isWebLink = (href: string) => /^https?:/i.test(href);

/**
 * The words of formatted text without its marks, for whatever a visitor sees outside the page's body: meta and
 * og: descriptions, JSON-LD, link previews. Blocks are joined by a blank line, line breaks kept as newlines.
 */
export function formattedToPlain(text: string): string {
  const blocks: string[] = [];
  for (const token of parseFormatted(text)) {
    if (token.type !== "inline") continue;
    const words = (token.children ?? [])
      .map((child) => (child.type === "text" ? child.content : child.type === "softbreak" || child.type === "hardbreak" ? "\n" : ""))
      .join("");
    if (words.trim()) blocks.push(words.trim());
  }
  return blocks.join("\n\n");
}

/** formattedToPlain for an optional field: null stays null. */
export const plainOrNull = (text: string | null | undefined): string | null => (text ? formattedToPlain(text) || null : null);
