import { describe, expect, it } from "vitest";
import { pruneCss, pruneCustomProperties, pruneInlineStyles, scriptClasses, usedClasses } from "./css-prune";

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

  it("reads the island files a page's scripts load by URL, from the build, for the classes they add", () => {
    const files: Record<string, string> = { "/assets/enquiry-abc.js": 'n.className="toast-note";d.createElement("dialog")' };
    const read = (url: string) => files[url];
    const html =
      '<div class="a"></div><script type="module">document.head.append(Object.assign(document.createElement("script"),{type:"module",src:"/assets/enquiry-abc.js"}))</script>';
    const found = usedClasses(html, read);
    expect(found.names.has("toast-note")).toBe(true);
    expect(found.elements?.has("dialog")).toBe(true);
    // A file the build does not have adds nothing, and neither does a page without loaders.
    expect(usedClasses(html.replace("enquiry-abc", "enquiry-zzz"), read).names.has("toast-note")).toBe(false);
    expect(scriptClasses('<div class="a"></div>', read).names.size).toBe(0);
  });

  it("drops the rules for elements the page has not, and a form control's pseudo-elements without the control", () => {
    const base =
      "@layer base{code,kbd,pre{font-family:mono}abbr:where([title]){text-decoration:underline dotted}" +
      ":where(select:is([multiple])) optgroup{font-weight:bolder}ul,ol{list-style:none}::placeholder{opacity:1}" +
      "button,input:where([type=submit]),::file-selector-button{font:inherit}::-webkit-datetime-edit{padding:0}" +
      ".\\32 xl\\:flex{display:flex}.a>p{margin:0}}";
    const page = (elements: string[]) => ({ names: new Set(["2xl:flex", "a"]), prefixes: [], elements: new Set(elements) });
    expect(pruneCss(base, page(["div", "ul", "button", "p"]))).toBe(
      "@layer base{ul{list-style:none}button{font:inherit}.\\32 xl\\:flex{display:flex}.a>p{margin:0}}",
    );
    expect(pruneCss(base, page(["kbd", "abbr", "optgroup", "textarea", "input"]))).toBe(
      "@layer base{kbd{font-family:mono}abbr:where([title]){text-decoration:underline dotted}" +
        ":where(select:is([multiple])) optgroup{font-weight:bolder}::placeholder{opacity:1}" +
        "input:where([type=submit]),::file-selector-button{font:inherit}::-webkit-datetime-edit{padding:0}.\\32 xl\\:flex{display:flex}}",
    );
    // Without the page's elements (an older caller), nothing goes for them.
    expect(pruneCss(base, { names: new Set(["2xl:flex", "a"]), prefixes: [] })).toBe(base);
  });

  it("takes a page's elements from its tags and the words of its scripts", () => {
    const found = usedClasses('<DIV><Section></Section><template><kbd></kbd></template></DIV><script type="module">document.createElement("dialog")</script>');
    for (const name of ["div", "section", "kbd", "script", "dialog"]) expect(found.elements?.has(name), name).toBe(true);
    expect(found.elements?.has("code")).toBe(false);
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

describe("custom properties and keyframes nothing reads", () => {
  const THEME =
    ":root,:host{--font-sans:Inter;--default-font-family:var(--font-sans);--color-red:red;--color-blue:blue;--spacing:.25rem;--animate-spin:spin 1s linear infinite;--unused:1px}" +
    "html{font-family:var(--default-font-family)}.p-4{padding:calc(var(--spacing) * 4)}.text-red{color:var(--color-red)}.animate-spin{animation:var(--animate-spin)}" +
    '.icon{-webkit-mask:url(x);mask:url(x);-webkit-mask:url(x)}.tw-content{--tw-content:";";content:var(--tw-content)}' +
    "@property --tw-content{syntax:\"*\";inherits:false;initial-value:\"\"}@property --tw-blur{syntax:\"*\";inherits:false}" +
    "@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}@keyframes enter{from{opacity:var(--tw-enter-opacity,1)}}@property --tw-enter-opacity{syntax:\"*\";inherits:false}";

  it("drops the variables, @property rules and keyframes no kept value reads, and keeps what a kept variable reads", () => {
    const out = pruneCustomProperties(pruneCss(THEME, used("p-4", "animate-spin")), "");
    expect(out).toContain("--font-sans:Inter;--default-font-family:var(--font-sans)");
    expect(out).toContain("--spacing:.25rem;--animate-spin:spin 1s linear infinite");
    expect(out).toContain("@keyframes spin{");
    for (const gone of ["--color-red", "--color-blue", "--unused", "@property --tw-blur", "@keyframes pulse", "@keyframes enter", "--tw-enter-opacity", "@property --tw-content"]) {
      expect(out).not.toContain(gone);
    }
  });

  it("keeps what a style attribute or the page's script reads, and a value with a semicolon in a string", () => {
    const out = pruneCustomProperties(pruneCss(THEME, used("tw-content")), 'object-position: var(--color-blue); el.style.animation = "pulse 1s"');
    expect(out).toContain("--color-blue:blue");
    expect(out).toContain("@keyframes pulse{");
    expect(out).toContain('.tw-content{--tw-content:";";content:var(--tw-content)}');
    expect(out).toContain("@property --tw-content{");
  });

  it("writes a declaration repeated word for word once, and drops a rule left empty", () => {
    const out = pruneCustomProperties(pruneCss(THEME, used("icon")), "");
    expect(out).toContain(".icon{-webkit-mask:url(x);mask:url(x)}");
    expect(pruneCustomProperties(".a{--x:1}.b{color:red}", "")).toBe(".b{color:red}");
    expect(pruneCustomProperties("@media (width>=1px){.a{--x:1}}.b{color:red}", "")).toBe(".b{color:red}");
  });

  it("reads custom properties from a page's style attributes and inline scripts when it prunes a page", () => {
    const page = `<html><head><style>${THEME}</style></head><body><p class="p-4" style="color: var(--color-red)">x</p></body></html>`;
    const out = pruneInlineStyles(page);
    expect(out).toContain("--color-red:red");
    expect(out).not.toContain("--color-blue");
  });
});
