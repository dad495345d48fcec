import { describe, expect, it } from "vitest";
import { parseActivityQuery, toActivityFilter } from "./activity";

const parse = (qs: string) => parseActivityQuery(new URLSearchParams(qs));

describe("the Activity filters", () => {
  it("reads days as Maldives days: from its midnight to the next (UTC+05:00)", () => {
    const parsed = parse("from=2026-03-02&to=2026-03-02&kind=security&person=abc_1&page=2");
    expect(parsed).toEqual({ success: true, query: { from: "2026-03-02", to: "2026-03-02", kind: "security", person: "abc_1", page: 2 } });
    expect(toActivityFilter(parsed.query)).toEqual({
      person: "abc_1",
      kind: "security",
      since: "2026-03-01T19:00:00.000Z",
      before: "2026-03-02T19:00:00.000Z",
    });
  });

  it("treats empty values and 'all' as no filter", () => {
    expect(parse("person=&kind=all&from=&to=")).toEqual({ success: true, query: {} });
    expect(toActivityFilter({})).toEqual({ person: undefined, kind: undefined, since: undefined, before: undefined });
  });

  it("names each bad value and keeps the good ones", () => {
    expect(parse("from=2026-02-30&kind=audit&page=0&to=2026-03-01")).toEqual({
      success: false,
      query: { to: "2026-03-01" },
      fieldErrors: { from: "Enter a real date", kind: "Kind must be content or security", page: "Page must be 1 or more" },
    });
    expect(parse("from=2026-03-05&to=2026-03-01")).toMatchObject({ success: false, fieldErrors: { to: "The end date must not be before the start date" } });
  });
});
