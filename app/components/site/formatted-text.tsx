import { createElement, type ReactNode } from "react";
import { type FormattedToken, isWebLink, parseFormatted } from "~/lib/formatted-text";

// Formatted text as React elements, rendered on the server (docs/decisions/0084-formatted-text-as-a-markdown-subset.md):
// no HTML string is ever injected; every word goes through React's escaping. Plain text comes out as it did before
// formatting existed: one <p dir="auto"> per paragraph (blank lines between), its line breaks kept as "\n" for the
// containers' white-space: pre-line. Every heading level is a subheading (h3): the section around it has the h2.

/** Adjacent strings joined: one text node, as plain text rendered before (no "<!-- -->" between the pieces). */
function merged(nodes: readonly ReactNode[]): ReactNode[] {
  const out: ReactNode[] = [];
  for (const node of nodes) {
    const last = out.length - 1;
    if (typeof node === "string" && typeof out[last] === "string") out[last] += node;
    else out.push(node);
  }
  return out;
}

/** Inline children (text, breaks, bold, italic, links) as React nodes. */
function inline(tokens: readonly FormattedToken[]): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: Array<{ token: FormattedToken; children: ReactNode[] }> = [];
  const out = () => (stack.length ? stack[stack.length - 1].children : root);
  tokens.forEach((token, i) => {
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
    } else if (token.nesting === -1) {
      const open = stack.pop();
      if (open) out().push(inlineElement(open.token, open.children, i));
    } else if (token.type === "softbreak" || token.type === "hardbreak") {
      out().push("\n");
    } else {
      out().push(token.content);
    }
  });
  // An unclosed mark (never from markdown-it, but cheap to keep): its words still show.
  while (stack.length) out().push(...(stack.pop()?.children ?? []));
  return merged(root);
}

function inlineElement(token: FormattedToken, children: ReactNode[], key: number): ReactNode {
  children = merged(children);
  if (token.type === "strong_open") return createElement("strong", { key }, ...children);
  if (token.type === "em_open") return createElement("em", { key }, ...children);
  if (token.type === "link_open") {
    const href = String(token.attrGet("href") ?? "");
    // A web page opens in a new tab without access to this one (noopener) nor this page's address (noreferrer).
    const props = isWebLink(href) ? { key, href, target: "_blank", rel: "noopener noreferrer" } : { key, href };
    return createElement("a", props, ...children);
  }
  return createElement("span", { key }, ...children);
}

const BLOCK_TAGS: Record<string, string> = {
  paragraph_open: "p",
  heading_open: "h3",
  bullet_list_open: "ul",
  ordered_list_open: "ol",
  list_item_open: "li",
};

/** The blocks of formatted text: paragraphs, subheadings and lists, as siblings for the caller's container. */
/**
 * `lang`/`dir`: a text shown in English on a Dhivehi page (docs/decisions/0092-site-content-in-two-languages.md), set
 * on each block rather than on a wrapper, which the section styles' child selectors would not see through.
 */
export function FormattedText({ text, lang, dir }: { text: string; lang?: string; dir?: "ltr" | "rtl" }) {
  const root: ReactNode[] = [];
  const stack: Array<{ token: FormattedToken; children: ReactNode[] }> = [];
  const out = () => (stack.length ? stack[stack.length - 1].children : root);
  parseFormatted(text).forEach((token, key) => {
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
      return;
    }
    if (token.type === "inline") {
      out().push(...inline(token.children ?? []));
      return;
    }
    if (token.nesting !== -1) return;
    const open = stack.pop();
    if (!open) return;
    const tag = BLOCK_TAGS[open.token.type] ?? "div";
    // A tight list's items hold their words without a paragraph (markdown-it marks those paragraphs hidden).
    if (open.token.hidden) {
      out().push(...open.children);
      return;
    }
    const start = open.token.type === "ordered_list_open" ? Number(open.token.attrGet("start") ?? 1) : 1;
    const props: Record<string, unknown> = { key };
    if (tag === "p" || tag === "h3" || tag === "li") props.dir = "auto";
    if (lang) Object.assign(props, { lang, dir });
    if (start !== 1) props.start = start;
    out().push(createElement(tag, props, ...merged(open.children)));
  });
  return <>{root}</>;
}
