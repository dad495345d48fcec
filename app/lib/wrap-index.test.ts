import { describe, expect, it } from "vitest";
import { wrapIndex } from "./wrap-index";

describe("wrapIndex", () => {
  it("keeps an index inside the list", () => {
    expect(wrapIndex(2, 6)).toBe(2);
  });
  it("wraps from the last to the first", () => {
    expect(wrapIndex(6, 6)).toBe(0);
  });
  it("wraps from the first to the last", () => {
    expect(wrapIndex(-1, 6)).toBe(5);
  });
  it("copes with an empty list", () => {
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
