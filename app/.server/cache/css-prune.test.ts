import { describe, expect, it } from "vitest";
import { pruneCss, pruneInlineStyles, usedClasses } from "./css-prune";

const CSS =
  "/*! banner */@layer properties{@supports (x:y){*,:before{--tw-a:0}}}@layer base{*{box-sizing:border-box}a{color:inherit}}" +
  "@layer utilities{.flex{display:flex}.grid{display:grid}.hover\\:underline:hover{text-decoration:underline}" +
  ".space-y-4>:not(:last-child){margin:0}.group:hover .group-hover\\:block{display:block}.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}" +
  "@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}.a,.b{color:red}.c:not(.d){color:blue}" +
  '.content-\\[\\"\\,\\"\\]{content:","}}@property --tw-a{syntax:"*";inherits:false}@keyframes spin{to{rotate:1turn}}';

const used = (...names: string[]) => ({ names: new Set(names), prefixes: [] as string[] });

describe("per-page CSS", () => {
  it("keeps the rules a page's classes match, every rule without a class, and at-rules that hold kept rules", () => {
    const out = pruneCss(CSS, used("flex", "md:flex", "b", "c"));
    expect(out).toBe(
      "@layer properties{@supports (x:y){*,:before{--tw-a:0}}}@layer base{*{box-sizing:border-box}a{color:inherit}}" +
        "@layer utilities{.flex{display:flex}@media (width>=48rem){.md\\:flex{display:flex}}.b{color:red}.c:not(.d){color:blue}}" +
        '@property --tw-a{syntax:"*";inherits:false}@keyframes spin{to{rotate:1turn}}',
    );
  });

  it("reads escaped class names and needs every class of a compound selector", () => {
    expect(pruneCss(CSS, used("group-hover:block"))).not.toContain("group-hover");
    expect(pruneCss(CSS, used("group", "group-hover:block"))).toContain(".group:hover .group-hover\\:block{display:block}");
    expect(pruneCss(CSS, used("[&>svg]:size-4"))).toContain(".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}");
    expect(pruneCss(CSS, used('content-[","]'))).toContain('content:","');
    expect(pruneCss(CSS, used("hover:underline", "space-y-4"))).toContain(".hover\\:underline:hover{");
  });

  it("takes classes from class attributes (entities decoded) and names a script may add", () => {
    const html =
      '<div class="flex  md:flex [&amp;&gt;svg]:size-4"></div><template><p class="grid"></p></template>' +
      '<script type="application/ld+json">{"x":"hover:underline"}</script>' +
      '<script type="module">el.className = "b"; t.className = `toast-${kind}`;</script>';
    const found = usedClasses(html);
    for (const name of ["flex", "md:flex", "[&>svg]:size-4", "grid", "b"]) expect(found.names.has(name)).toBe(true);
    expect(found.names.has("hover:underline")).toBe(false);
    expect(found.prefixes).toEqual(["toast-"]);
  });

  it("cuts each inline stylesheet of a page down to its rules", () => {
    const page = `<html><head><style>${CSS}</style></head><body><p class="grid">x</p></body></html>`;
    const out = pruneInlineStyles(page);
    expect(out).toContain(".grid{display:grid}");
    expect(out).not.toContain(".flex{");
    expect(out).toContain("<body><p class=\"grid\">x</p></body>");
    expect(out.length).toBeLessThan(page.length);
  });
});
