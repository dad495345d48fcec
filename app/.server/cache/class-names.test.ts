import { describe, expect, it } from "vitest";
import { shortenClassNames } from "./class-names";

const page = (css: string, body: string, script = "") =>
  `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}${script ? `<script>${script}</script>` : ""}</body></html>`;

describe("short class names in stored pages", () => {
  it("renames each class in the markup and the stylesheet alike, the most used first", () => {
    const css = ".flex{display:flex}.md\\:grid:hover{display:grid}@media (width>=48rem){.md\\:grid{display:grid}}.group:hover .group-hover\\:block{display:block}";
    const html = page(css, '<div class="flex md:grid"><p class="flex">x</p><p class="flex group"><b class="group-hover:block">y</b></p></div>');
    const out = shortenClassNames(html);
    expect(out).toContain('<div class="a b"><p class="a">x</p><p class="a c"><b class="d">y</b></p></div>');
    expect(out).toContain("<style>.a{display:flex}.b:hover{display:grid}@media (width>=48rem){.b{display:grid}}.c:hover .d{display:block}</style>");
  });

  it("renames inside :is(), :where() and :not(), and leaves attribute values and strings alone", () => {
    const css = '.dark\\:x:is(.dark *){color:red}.item:not(.done)[data-k=".item"]{content:".item"}';
    const out = shortenClassNames(page(css, '<i class="dark dark:x"></i><i class="item done"></i>'));
    expect(out).toMatch(/<style>\.[a-z]:is\(\.[a-z] \*\)\{color:red\}\.[a-z]:not\(\.[a-z]\)\[data-k="\.item"\]\{content:"\.item"\}<\/style>/);
    expect(out).not.toMatch(/class="[^"]*(dark|item|done)/);
  });

  it("keeps the names the page's script may use, and those a [class*=] selector reads, and hands out none of them", () => {
    const css = ".toast{color:red}.toast-error{color:red}.text-sm{font-size:1px}.size-4{width:1rem}.icon svg:not([class*=size-]){width:1rem}.w-full{width:100%}";
    const html = page(css, '<p class="toast text-sm size-4 w-full icon a"></p>', 'x.className = "text-sm"; y.className = `toast toast-${kind}`; let a = 1;');
    const out = shortenClassNames(html);
    expect(out).toMatch(/<p class="toast text-sm size-4 [b-z] [b-z] a">/);
    expect(out).toContain(".toast{color:red}.toast-error{color:red}.text-sm{font-size:1px}.size-4{width:1rem}");
    expect(out).toContain(":not([class*=size-])");
  });

  it("decodes and encodes entities in class attributes", () => {
    const css = ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}.\\[\\&_a\\]\\:underline a{text-decoration:underline}";
    const out = shortenClassNames(page(css, '<p class="[&amp;&gt;svg]:size-4 [&amp;_a]:underline"></p>'));
    expect(out).toContain('<p class="a b">');
    expect(out).toContain("<style>.a>svg{width:1rem}.b a{text-decoration:underline}</style>");
  });

  it("leaves a page alone when its stylesheet reads class attributes whole or by prefix", () => {
    for (const selector of ['[class="x"]', "[class^=x]", "[class~=x]", "[class$=x]"]) {
      const html = page(`${selector}{color:red}.flex{display:flex}`, '<p class="flex"></p>');
      expect(shortenClassNames(html)).toBe(html);
    }
  });

  it("gives two-character names once the single letters are used", () => {
    const classes = Array.from({ length: 40 }, (_, i) => `c-${i}`);
    const css = classes.map((c) => `.${c}{order:${c.slice(2)}}`).join("");
    const out = shortenClassNames(page(css, `<p class="${classes.join(" ")}"></p>`));
    const names = /<p class="([^"]*)"/.exec(out)![1].split(" ");
    expect(new Set(names).size).toBe(40);
    expect(names.every((n) => /^[a-z][a-z0-9]?$/.test(n))).toBe(true);
    expect(out).toContain(`.${names[39]}{order:39}`);
  });
});
