import { describe, expect, it } from "vitest";
import { englishPath, languageOfPath, localizedPath } from "./language";
import { localize, translationProgress } from "./localize";

describe("public addresses in two languages", () => {
  it("reads the language from the path alone", () => {
    expect(languageOfPath("/")).toBe("en");
    expect(languageOfPath("/dv")).toBe("dv");
    expect(languageOfPath("/dv/service/x")).toBe("dv");
    expect(languageOfPath("/dvorak")).toBe("en");
  });

  it("maps a page to itself in the other language and back", () => {
    expect(localizedPath("dv", "/")).toBe("/dv");
    expect(localizedPath("dv", "/?service=a")).toBe("/dv?service=a");
    expect(localizedPath("dv", "/project/p1")).toBe("/dv/project/p1");
    expect(localizedPath("dv", "/#services")).toBe("/dv#services");
    expect(localizedPath("en", "/projects")).toBe("/projects");
    expect(englishPath("/dv")).toBe("/");
    expect(englishPath("/dv/projects")).toBe("/projects");
    expect(englishPath("/service/s")).toBe("/service/s");
  });
});

describe("localize", () => {
  const record = { title: "Roofing", short: "Roofs that last", features: ["Tin", "Tile"], price: 5 };
  const fields = ["title", "short", "features"] as const;

  it("takes the Dhivehi value and names the fields that fell back", () => {
    const { value, fallback } = localize(record, { title: "ފުރާޅު", features: [] }, fields, "dv");
    expect(value).toEqual({ title: "ފުރާޅު", short: "Roofs that last", features: ["Tin", "Tile"], price: 5 });
    expect([...fallback].sort()).toEqual(["features", "short"]);
  });

  it("leaves English pages as they are", () => {
    const result = localize(record, { title: "ފުރާޅު" }, fields, "en");
    expect(result.value).toBe(record);
    expect(result.fallback.size).toBe(0);
  });

  it("counts only fields that have an English value", () => {
    expect(translationProgress({ ...record, short: "" }, { title: "ފުރާޅު" }, fields)).toEqual({ translated: 1, total: 2 });
  });
});
