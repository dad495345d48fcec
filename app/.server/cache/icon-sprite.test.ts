import { describe, expect, it } from "vitest";
import { subsetIconSprite, subsetInlineIconSprites } from "./icon-sprite";

// Four icons in cells 32 units apart, as scripts/build-site-icons.mjs writes them (minified as the build does).
const cell = (k: number, shape: string, extra = "") => `%3Cg transform='translate(${32 * k})'${extra}%3E${shape}%3C/g%3E`;
const SPRITE =
  "%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 120 24' fill='none' stroke='%23000'%3E" +
  cell(0, "%3Cpath d='M1 1'/%3E") +
  cell(1, "%3Cpath d='M2 2'/%3E") +
  cell(2, "%3Cpath d='M3 3'/%3E", " fill='%23000'") +
  cell(3, "%3Ccircle cx='12' cy='12' r='10'/%3E") +
  "%3C/svg%3E";
const CSS =
  `:root{--icons:url("data:image/svg+xml,${SPRITE}")}` +
  ".a{-webkit-mask:var(--icons) var(--icon-x) 0 / 500% 100% no-repeat;mask:var(--icons) var(--icon-x) 0 / 500% 100% no-repeat}" +
  ".icon-one{--icon-x:0%}.icon-two{--icon-x:33.33%}.icon-three{--icon-x:66.67%}.icon-four{--icon-x:100%}";

const sprite = (css: string) => decodeURIComponent(/--icons:url\("data:image\/svg\+xml,([^"]*)"\)/.exec(css)![1]);

describe("the icon sprite of a stored page", () => {
  it("keeps the cells the page's icon classes point at, moved together, with their positions and the mask size", () => {
    const css = CSS.replace(".icon-one{--icon-x:0%}", "").replace(".icon-four{--icon-x:100%}", "");
    const out = subsetIconSprite(css);
    expect(sprite(out)).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 56 24' fill='none' stroke='#000'>" +
        "<g transform='translate(0)'><path d='M2 2'/></g><g transform='translate(32)' fill='#000'><path d='M3 3'/></g></svg>",
    );
    expect(out).toContain(".icon-two{--icon-x:0%}.icon-three{--icon-x:100%}");
    // 56 units shown 24 at a time.
    expect(out).toContain("-webkit-mask:var(--icons) var(--icon-x) 0 / 233.3333% 100% no-repeat;mask:var(--icons) var(--icon-x) 0 / 233.3333% 100% no-repeat");
  });

  it("draws a single icon with the whole (24-unit) sprite", () => {
    const out = subsetIconSprite(CSS.replace(/\.icon-(one|two|three)\{[^}]*\}/g, ""));
    expect(sprite(out)).toContain("viewBox='0 0 24 24'");
    expect(sprite(out)).toContain("<g transform='translate(0)'><circle cx='12' cy='12' r='10'/></g></svg>");
    expect(out).toContain(".icon-four{--icon-x:0%}");
    expect(out).toContain("/ 100% 100% no-repeat");
  });

  it("leaves a stylesheet that uses every icon, or has no sprite, as it is", () => {
    expect(subsetIconSprite(CSS)).toBe(CSS);
    expect(subsetIconSprite(".a{color:red}")).toBe(".a{color:red}");
    expect(subsetInlineIconSprites("<style>.a{color:red}</style>")).toBe("<style>.a{color:red}</style>");
  });

  it("cuts the sprite inside a page's inline stylesheet", () => {
    const page = `<html><head><style>${CSS.replace(/\.icon-(one|two)\{[^}]*\}/g, "")}</style></head><body></body></html>`;
    const out = subsetInlineIconSprites(page);
    expect(out).toContain("viewBox='0 0 56 24'");
    expect(out.length).toBeLessThan(page.length);
  });
});
