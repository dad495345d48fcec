import { describe, expect, it } from "vitest";
import { SAMPLE_PROJECTS, SAMPLE_SERVICES } from "~/content/site-content";
import { chooseListView, isSampleContentOn } from "./public-lists";

const samples = ["s1", "s2", "s3"] as const;

describe("chooseListView", () => {
  it("shows the real items when there are some", () => {
    expect(chooseListView({ items: ["a", "b"], failed: false }, "true", samples)).toEqual({ kind: "items", items: ["a", "b"] });
    expect(chooseListView({ items: ["a"], failed: false }, "false", samples)).toEqual({ kind: "items", items: ["a"] });
  });
  it("shows the samples for an empty list while sample content is on", () => {
    expect(chooseListView({ items: [], failed: false }, "true", samples)).toEqual({ kind: "samples", items: samples });
  });
  it("shows the samples when the load failed while sample content is on", () => {
    expect(chooseListView({ items: [], failed: true }, "true", samples)).toEqual({ kind: "samples", items: samples });
  });
  it("shows the empty state when sample content is off", () => {
    expect(chooseListView({ items: [], failed: false }, "false", samples)).toEqual({ kind: "empty" });
    expect(chooseListView({ items: [], failed: true }, "false", samples)).toEqual({ kind: "empty" });
  });
  it("treats a missing setting as on, its default", () => {
    expect(isSampleContentOn(undefined)).toBe(true);
    expect(isSampleContentOn("")).toBe(true);
    expect(isSampleContentOn("true")).toBe(true);
    expect(isSampleContentOn("false")).toBe(false);
  });
});

describe("the built-in samples", () => {
  it("are 3 services with the spec's pricing models, ids starting with default-", () => {
    expect(SAMPLE_SERVICES.map((s) => s.pricing_model)).toEqual(["Project-based", "Custom Quote", "Per Square Meter"]);
    expect(SAMPLE_SERVICES.every((s) => s.id.startsWith("default-"))).toBe(true);
  });
  it("are 3 projects: completed 100%, in progress 85%, in progress 70%", () => {
    expect(SAMPLE_PROJECTS.map((p) => [p.status, p.completion_percentage])).toEqual([
      ["completed", 100],
      ["in_progress", 85],
      ["in_progress", 70],
    ]);
    expect(SAMPLE_PROJECTS.every((p) => p.id.startsWith("default-"))).toBe(true);
  });
});
