import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./csrf";

const base = { method: "POST", host: "site.mv", origin: undefined, secFetchSite: undefined };

describe("isCrossSiteWrite", () => {
  it("allows reads and same-origin writes", () => {
    expect(isCrossSiteWrite({ ...base, method: "GET", origin: "https://evil.com" }, [])).toBe(false);
    expect(isCrossSiteWrite({ ...base, origin: "https://site.mv" }, [])).toBe(false);
    expect(isCrossSiteWrite({ ...base, host: "10.0.0.5:3000", origin: "https://site.mv" }, ["https://site.mv"])).toBe(false);
    expect(isCrossSiteWrite({ ...base, secFetchSite: "same-origin" }, [])).toBe(false);
    expect(isCrossSiteWrite(base, [])).toBe(false);
  });
  it("refuses writes from another origin, a null origin, or a cross-site fetch", () => {
    expect(isCrossSiteWrite({ ...base, origin: "https://evil.com" }, [])).toBe(true);
    expect(isCrossSiteWrite({ ...base, origin: "null" }, [])).toBe(true);
    expect(isCrossSiteWrite({ ...base, origin: "not a url" }, [])).toBe(true);
    expect(isCrossSiteWrite({ ...base, secFetchSite: "cross-site" }, [])).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "DELETE", origin: "http://site.mv.evil.com" }, [])).toBe(true);
  });
});
