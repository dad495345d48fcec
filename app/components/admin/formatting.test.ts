import { describe, expect, it } from "vitest";
import { applyEdit, formatEdit, shortcutAction, type FormatAction } from "./formatting";

// The toolbar's edits (docs/decisions/0084-formatted-text-as-a-markdown-subset.md), on text with a selection marked [..].
function run(action: FormatAction, marked: string) {
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  const text = marked.replace("[", "").replace("]", "");
  const edit = formatEdit(action, text, start, end);
  const after = applyEdit(text, edit);
  return `${after.slice(0, edit.select[0])}[${after.slice(edit.select[0], edit.select[1])}]${after.slice(edit.select[1])}`;
}

describe("formatting edits", () => {
  it("wraps the chosen words in bold or italic marks, spaces outside, and takes them off again", () => {
    expect(run("bold", "We [build ]villas")).toBe("We **[build]** villas");
    expect(run("bold", "We **[build]** villas")).toBe("We [build] villas");
    expect(run("italic", "Say []")).toBe("Say *[italic text]*");
  });

  it("makes a link of the chosen words, leaving the address to type", () => {
    expect(run("link", "See [our partner] now")).toBe("See [our partner]([https://]) now");
    expect(run("link", "[https://example.com]")).toBe("[[link text]](https://example.com)");
  });

  it("turns the chosen lines into a list or a subheading, and back", () => {
    expect(run("bullets", "Intro\n[one\ntwo]")).toBe("Intro\n[- one\n- two]");
    expect(run("numbers", "[- one\n- two]")).toBe("[1. one\n2. two]");
    expect(run("bullets", "[- one\n- two]")).toBe("[one\ntwo]");
    expect(run("heading", "Scope[]\nmore")).toBe("### Scope[]\nmore");
  });

  it("reads Ctrl or Cmd shortcuts", () => {
    const key = (key: string, more: Partial<{ code: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
      shortcutAction({ key, code: "", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, ...more });
    expect(key("b")).toBe("bold");
    expect(key("I", { ctrlKey: false, metaKey: true })).toBe("italic");
    expect(key("k")).toBe("link");
    expect(key("*", { code: "Digit8", shiftKey: true })).toBe("bullets");
    expect(key("b", { ctrlKey: false })).toBeNull();
  });
});
