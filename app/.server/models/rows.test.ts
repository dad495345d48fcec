import { describe, expect, it } from "vitest";
import { toBool, toIso, toNumberOrNull, toTextList, toUrlList } from "./rows";

describe("row converters", () => {
  it("read lists whose items are strings or objects (docs/product.md#entities)", () => {
    expect(toUrlList(JSON.stringify(["/a.png", { url: "/b.png" }, { nope: 1 }, ""]))).toEqual(["/a.png", "/b.png"]);
    expect(toTextList(JSON.stringify(["x", { name: "y" }, { title: "z" }]), ["name", "title"])).toEqual(["x", "y", "z"]);
    expect(toTextList("not json")).toEqual([]);
  });
  it("normalise booleans, numbers and timestamps from either engine", () => {
    expect([toBool(1), toBool(true), toBool(0), toBool(false)]).toEqual([true, true, false, false]);
    expect([toNumberOrNull("12.50"), toNumberOrNull(null), toNumberOrNull("x")]).toEqual([12.5, null, null]);
    expect(toIso(new Date("2025-01-02T03:04:05Z"))).toBe("2025-01-02T03:04:05.000Z");
    expect(toIso("2025-01-02 03:04:05")).toBe("2025-01-02T03:04:05.000Z");
  });
});
