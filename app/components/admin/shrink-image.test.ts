import { describe, expect, it } from "vitest";
import { fitWithin, isShrinkable } from "./shrink-image";

// docs/decisions/0085-shrink-and-upload-in-the-browser.md
describe("shrink and upload", () => {
  it("scales to the widest image the site stores, on the longest side, never up", () => {
    expect(fitWithin(8000, 6000)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800 });
  });

  it("offers to shrink photos and pictures, not animations, drawings or videos", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/heic"]) expect(isShrinkable({ type }), type).toBe(true);
    for (const type of ["image/gif", "image/svg+xml", "video/mp4", ""]) expect(isShrinkable({ type }), type).toBe(false);
  });
});
