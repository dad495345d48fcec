import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formattedToPlain } from "~/lib/formatted-text";
import { FormattedText } from "./formatted-text";

// docs/decisions/0084-formatted-text-as-a-markdown-subset.md: what the public pages make of formatted text.
const html = (text: string) => renderToStaticMarkup(<FormattedText text={text} />);

describe("FormattedText", () => {
  it("renders plain text as before: a paragraph per blank line, line breaks kept as newlines", () => {
    expect(html("First line\nsecond line\n\n  Second paragraph  ")).toBe('<p dir="auto">First line\nsecond line</p><p dir="auto">Second paragraph</p>');
  });

  it("keeps what plain text held that is not in the subset: HTML, entities, quotes, indented lines, rules", () => {
    expect(html(`<script>alert("x")</script> &amp; <b>bold</b>`)).toBe(
      '<p dir="auto">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;amp; &lt;b&gt;bold&lt;/b&gt;</p>',
    );
    expect(html("> not a quote\n\n    four spaces\n\n---")).toBe('<p dir="auto">&gt; not a quote</p><p dir="auto">four spaces</p><p dir="auto">---</p>');
  });

  it("renders bold, italic, links, lists and subheadings", () => {
    expect(html("## Scope\n\nWe **build** and *repair*:\n\n- villas\n- jetties\n\n1. plan\n2. build\n\n[Our partner](https://example.com/a?b=1) or [mail](mailto:hello@example.mv), [call](tel:+9601234567)")).toBe(
      '<h3 dir="auto">Scope</h3><p dir="auto">We <strong>build</strong> and <em>repair</em>:</p>' +
        '<ul><li dir="auto">villas</li><li dir="auto">jetties</li></ul><ol><li dir="auto">plan</li><li dir="auto">build</li></ol>' +
        '<p dir="auto"><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">Our partner</a> or <a href="mailto:hello@example.mv">mail</a>, <a href="tel:+9601234567">call</a></p>',
    );
  });

  it("leaves links to anything but http(s), mailto and tel as the text typed", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "/relative", "//evil.example"]) {
      const out = html(`[click](${href})`);
      expect(out, href).not.toContain("<a");
      expect(out).toContain("[click](");
    }
    expect(html("[x](<javascript:alert(1)>)")).not.toContain("<a");
  });

  it("keeps a numbered list's first number and nests lists", () => {
    expect(html("3. third\n4. fourth")).toBe('<ol start="3"><li dir="auto">third</li><li dir="auto">fourth</li></ol>');
    expect(html("- a\n  - b")).toBe('<ul><li dir="auto">a<ul><li dir="auto">b</li></ul></li></ul>');
  });

  it("stops at 20 levels of hostile nesting without failing", () => {
    const deep = html("- ".repeat(2000) + "x");
    expect(deep.match(/<ul>/g)?.length ?? 0).toBeLessThanOrEqual(20);
    expect(() => html("*a".repeat(2_000) + "[".repeat(2_000))).not.toThrow();
  });
});

describe("formattedToPlain", () => {
  it("gives the words without marks for meta descriptions and JSON-LD", () => {
    expect(formattedToPlain("## Scope\n\nWe **build** [villas](https://example.com).\n\n- one\n- two")).toBe("Scope\n\nWe build villas.\n\none\n\ntwo");
    expect(formattedToPlain("Plain text & <b>tags</b>\nsecond line")).toBe("Plain text & <b>tags</b>\nsecond line");
  });
});
