// A stored page keeps only the inline scripts it has markup for (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).
// app/root.tsx renders every public page with all of the island's scripts; one that serves a single kind of markup
// says which, `<script data-island-for="data-enquiry-form">`. Once the page is complete, the page cache drops such a
// script when no element of the page carries that attribute: a service page does not send the contact form's code,
// nor (after the per-page CSS cut, which reads the scripts for class names) the styles of its toasts.
import { ISLAND_FOR_ATTR } from "~/islands/script-markers";

const MARKED_SCRIPT = new RegExp(`<script\\b[^>]*\\s${ISLAND_FOR_ATTR}="(data-[a-z0-9-]+)"[^>]*>[\\s\\S]*?</script>`, "gi");

/** The page's markup without its scripts and stylesheets, where an attribute name could appear as mere text. */
function markupOf(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "");
}

/** True when some element's start tag in `markup` carries `attribute` (with or without a value). */
function hasAttribute(markup: string, attribute: string): boolean {
  return new RegExp(`<[a-z][^>]*\\s${attribute}(?=[\\s=/>])`, "i").test(markup);
}

/** `html` without the marked inline scripts whose markup the page lacks; unchanged when every one is needed. */
export function dropUnusedIslandScripts(html: string): string {
  if (!html.includes(ISLAND_FOR_ATTR)) return html;
  const markup = markupOf(html);
  return html.replace(MARKED_SCRIPT, (script, attribute: string) => (hasAttribute(markup, attribute) ? script : ""));
}
