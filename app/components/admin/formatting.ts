// What the formatting toolbar and its shortcuts do to a textarea's text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md):
// each action is one replacement of a range by Markdown, and the selection to leave afterwards, so the text stays
// what is stored and the browser's undo takes an action back in one step.

export type FormatAction = "bold" | "italic" | "link" | "bullets" | "numbers" | "heading";

export interface FormatEdit {
  /** The range replaced, in the text before the edit. */
  from: number;
  to: number;
  insert: string;
  /** The selection after the edit. */
  select: [number, number];
}

/** The hint under a formatted text field. */
export const FORMATTING_HINT = "Toolbar or by hand: **bold**, *italic*, [words](https://…) for a link, - or 1. for a list, ### for a subheading.";

export const FORMAT_LABELS: Record<FormatAction, { label: string; keys: string }> = {
  bold: { label: "Bold", keys: "Ctrl+B" },
  italic: { label: "Italic", keys: "Ctrl+I" },
  link: { label: "Link", keys: "Ctrl+K" },
  bullets: { label: "Bulleted list", keys: "Ctrl+Shift+8" },
  numbers: { label: "Numbered list", keys: "Ctrl+Shift+7" },
  heading: { label: "Subheading", keys: "Ctrl+Alt+3" },
};

/** The action a key press asks for (Ctrl, or Cmd on a Mac), or null. */
export function shortcutAction(event: { key: string; code: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): FormatAction | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  if (event.altKey) return event.code === "Digit3" && !event.shiftKey ? "heading" : null;
  if (event.shiftKey) return event.code === "Digit8" ? "bullets" : event.code === "Digit7" ? "numbers" : null;
  const key = event.key.toLowerCase();
  return key === "b" ? "bold" : key === "i" ? "italic" : key === "k" ? "link" : null;
}

/** Wraps the selection in a mark; spaces at its edges stay outside (`**word **` would not be bold). */
function wrap(text: string, start: number, end: number, mark: string, placeholder: string): FormatEdit {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  const selected = text.slice(from, to);
  // Already wrapped: the same action takes the mark off again.
  if (selected && text.slice(from - mark.length, from) === mark && text.slice(to, to + mark.length) === mark) {
    return { from: from - mark.length, to: to + mark.length, insert: selected, select: [from - mark.length, to - mark.length] };
  }
  const inner = selected || placeholder;
  return { from, to, insert: `${mark}${inner}${mark}`, select: [from + mark.length, from + mark.length + inner.length] };
}

function link(text: string, start: number, end: number): FormatEdit {
  const selected = text.slice(start, end).trim();
  if (/^(https?:\/\/|mailto:|tel:)\S+$/i.test(selected)) {
    const insert = `[link text](${selected})`;
    return { from: start, to: end, insert, select: [start + 1, start + 10] };
  }
  const label = selected || "link text";
  const insert = `[${label}](https://)`;
  // With words chosen, the address is what is left to type; without, the words are.
  const select: [number, number] = selected ? [start + label.length + 3, start + insert.length - 1] : [start + 1, start + 1 + label.length];
  return { from: start, to: end, insert, select };
}

const BULLET = /^\s*[-*+] /;
const NUMBER = /^\s*\d{1,9}[.)] /;
const HEADING = /^#{1,6} /;

/** Line actions: every line the selection touches gets (or, when all have it, loses) the prefix. */
function lines(text: string, start: number, end: number, action: "bullets" | "numbers" | "heading"): FormatEdit {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = text.indexOf("\n", end > start && text[end - 1] === "\n" ? end - 1 : end);
  const to = lineEnd < 0 ? text.length : lineEnd;
  const block = text.slice(from, to).split("\n");
  const filled = block.filter((line) => line.trim() !== "");
  const has = action === "bullets" ? BULLET : action === "numbers" ? NUMBER : HEADING;
  const removing = filled.length > 0 && filled.every((line) => has.test(line));
  let n = 0;
  const changed = block.map((line) => {
    if (line.trim() === "" && block.length > 1) return line;
    if (removing) return line.replace(has, "");
    const bare = line.replace(BULLET, "").replace(NUMBER, "").replace(HEADING, "");
    if (action === "heading") return `### ${bare}`;
    n += 1;
    return action === "bullets" ? `- ${bare}` : `${n}. ${bare}`;
  });
  const insert = changed.join("\n");
  // No blank line needed above: a list or a subheading may start right under a paragraph's line (CommonMark).
  const collapsed = start === end && block.length === 1;
  const caret = from + insert.length;
  return { from, to, insert, select: collapsed ? [caret, caret] : [from, caret] };
}

/** The edit an action makes to `text` with the selection start..end. */
export function formatEdit(action: FormatAction, text: string, start: number, end: number): FormatEdit {
  if (action === "bold") return wrap(text, start, end, "**", "bold text");
  if (action === "italic") return wrap(text, start, end, "*", "italic text");
  if (action === "link") return link(text, start, end);
  return lines(text, start, end, action);
}

/** The text after an edit (what the textarea then holds). */
export const applyEdit = (text: string, edit: FormatEdit) => text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
