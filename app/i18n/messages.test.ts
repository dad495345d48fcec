import { describe, expect, it } from "vitest";
import { dv, DV_MONTHS } from "./dv";
import { en } from "./en";
import { formatsFor } from "./format";
import { formatDhivehiDate } from "./messages";

describe("Dhivehi dates and formats", () => {
  it("writes a date-only value as day, Thaana month, year, with Western digits", () => {
    expect(formatDhivehiDate("2025-01-05")).toBe("5 ޖަނަވަރީ 2025");
    expect(formatDhivehiDate("2026-12-31")).toBe("31 ޑިސެމްބަރު 2026");
  });

  it("names all twelve months in order", () => {
    expect(DV_MONTHS).toHaveLength(12);
    expect(Array.from({ length: 12 }, (_, i) => formatDhivehiDate(`2025-${String(i + 1).padStart(2, "0")}-01`).split(" ")[1])).toEqual([...DV_MONTHS]);
  });

  it("reads a moment as the day it was in the Maldives, as the English format does", () => {
    // 23:59 UTC on 21 November is 04:59 on 22 November in Male.
    expect(formatDhivehiDate("2026-11-21T23:59:00Z")).toBe("22 ނޮވެމްބަރު 2026");
    expect(formatsFor("en").date("2026-11-21T23:59:00Z")).toBe("November 22, 2026");
  });

  it("says a missing or broken date is not available, in Dhivehi", () => {
    expect(formatDhivehiDate(null)).toBe(dv.notAvailable);
    expect(formatDhivehiDate("not a date")).toBe(dv.notAvailable);
  });

  it("keeps the English formats exactly as before", () => {
    const format = formatsFor("en");
    expect(format.date("2025-01-05")).toBe("January 5, 2025");
    expect(format.months(1)).toBe("1 month");
    expect(format.budget(410000)).toBe("$410,000");
    expect(format.status("on_hold")).toBe("On Hold");
    expect(format.pricing(null)).toBe(en.notAvailable);
  });

  it("gives Dhivehi statuses, pricing, months and N/A, and money as in English", () => {
    const format = formatsFor("dv");
    expect(format.status("completed")).toBe(dv.statusCompleted);
    expect(format.status(null)).toBe(dv.statusInProgress);
    expect(format.pricing("fixed")).toBe(dv.pricingFixed);
    expect(format.pricing("Custom Quote")).toBe("Custom Quote");
    expect(format.months(11)).toBe("11 މަސް");
    expect(format.budget(410000)).toBe("$410,000");
    expect(format.budget(null)).toBe(dv.notAvailable);
    expect(format.orNotAvailable("  ")).toBe(dv.notAvailable);
    expect(format.orNotAvailable("6 weeks")).toBe("6 weeks");
  });

  it("has every Dhivehi text written in Thaana (no English left behind), but the link back to English", () => {
    const english = Object.entries(dv).filter(([key, value]) => typeof value === "string" && key !== "otherLanguage" && !/[\u0780-\u07BF]/.test(value));
    expect(english).toEqual([]);
  });
});
