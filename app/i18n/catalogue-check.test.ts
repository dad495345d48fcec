import { describe, expect, it } from "vitest";
import { assertSameKeys, catalogueCheck, catalogueDifference } from "./catalogue-check";
import { dv } from "./dv";
import { en } from "./en";

/** The plugin's build hook, run as Vite runs it. */
function runBuildStart(catalogues: Record<string, Record<string, unknown>>) {
  const plugin = catalogueCheck(en, catalogues);
  const hook = plugin.buildStart as (this: unknown) => void;
  hook.call({});
}

describe("the fixed-word catalogues' build check", () => {
  it("passes the catalogues as they are: Dhivehi has every English key and no other", () => {
    expect(catalogueDifference(en, dv)).toEqual({ missing: [], extra: [] });
    expect(() => runBuildStart({ dv })).not.toThrow();
  });

  it("fails the build on a missing key, naming it", () => {
    const { getQuote: _dropped, ...lacking } = dv;
    expect(() => runBuildStart({ dv: lacking })).toThrow(/dv lacks getQuote/);
  });

  it("fails the build on an extra key, naming it", () => {
    expect(() => runBuildStart({ dv: { ...dv, getQuoteNow: "x" } })).toThrow(/dv has keys English does not: getQuoteNow/);
  });

  it("fails when a message with values is a plain text in the other language", () => {
    expect(() => assertSameKeys(en, { dv: { ...dv, callPhone: "ގުޅުއްވާ" } })).toThrow(/dv\.callPhone is a string/);
  });
});
