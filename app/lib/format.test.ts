import { describe, expect, it } from "vitest";
import {
  clampPercent,
  formatBudget,
  formatDate,
  formatDateTime,
  formatLabel,
  formatMonths,
  formatPercent,
  formatPricingModel,
  formatStatus,
  formatTag,
  orNotAvailable,
  sameLabel,
  statusBadgeVariant,
} from "./format";

describe("formatBudget", () => {
  it("shows whole amounts in US dollars without cents", () => {
    expect(formatBudget(410000)).toBe("$410,000");
    expect(formatBudget(9800000)).toBe("$9,800,000");
    expect(formatBudget(0)).toBe("$0");
  });
  it("shows cents when the amount has them", () => {
    expect(formatBudget(1234.5)).toBe("$1,234.50");
  });
  it("accepts decimal strings as the database may return them", () => {
    expect(formatBudget("260000.00")).toBe("$260,000");
  });
  it("says N/A when missing or not a number", () => {
    expect(formatBudget(null)).toBe("N/A");
    expect(formatBudget(undefined)).toBe("N/A");
    expect(formatBudget("")).toBe("N/A");
    expect(formatBudget("abc")).toBe("N/A");
  });
});

describe("formatDate", () => {
  it("uses the long US English format", () => {
    expect(formatDate("2025-01-05")).toBe("January 5, 2025");
    expect(formatDate("2024-12-15")).toBe("December 15, 2024");
  });
  it("never shifts a date-only value by a day", () => {
    expect(formatDate("2024-02-01")).toBe("February 1, 2024");
  });
  it("gives a timestamp or a Date the day it was in the Maldives (UTC+5)", () => {
    expect(formatDate("2023-06-01T10:00:00.000Z")).toBe("June 1, 2023");
    expect(formatDate(new Date(Date.UTC(2025, 0, 31)))).toBe("January 31, 2025");
    expect(formatDate("2026-11-21T18:59:00.000Z")).toBe("November 21, 2026");
    expect(formatDate("2026-11-21T19:00:00.000Z")).toBe("November 22, 2026");
    expect(formatDate(new Date(Date.UTC(2025, 11, 31, 20)))).toBe("January 1, 2026");
  });
  it("says N/A when missing or invalid", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("")).toBe("N/A");
    expect(formatDate("not a date")).toBe("N/A");
  });
});

describe("formatDateTime", () => {
  it("reads in Maldives time (UTC+5), whatever the server's or browser's zone", () => {
    expect(formatDateTime("2026-11-21T17:40:00.000Z")).toBe("Nov 21, 2026, 10:40 PM");
    // Past midnight in Male while it is still the evening before in UTC.
    expect(formatDateTime("2026-11-21T20:15:00.000Z")).toBe("Nov 22, 2026, 1:15 AM");
  });

  it("says N/A for nothing and for garbage", () => {
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDateTime("")).toBe("N/A");
    expect(formatDateTime("not a date")).toBe("N/A");
  });
});

describe("formatStatus", () => {
  it("replaces underscores with spaces", () => {
    expect(formatStatus("in_progress")).toBe("In Progress");
    expect(formatStatus("on_hold")).toBe("On Hold");
    expect(formatStatus("completed")).toBe("Completed");
  });
  it("uses the spec's label for review", () => {
    expect(formatStatus("review")).toBe("Under Review");
  });
  it("handles statuses it does not know", () => {
    expect(formatStatus("awaiting_permit")).toBe("Awaiting Permit");
  });
  it("falls back to In Progress", () => {
    expect(formatStatus(null)).toBe("In Progress");
    expect(formatStatus("")).toBe("In Progress");
  });
  it("gives completed the default badge and everything else the secondary one", () => {
    expect(statusBadgeVariant("completed")).toBe("default");
    expect(statusBadgeVariant("in_progress")).toBe("secondary");
    expect(statusBadgeVariant(null)).toBe("secondary");
  });
});

describe("small formats", () => {
  it("prefixes tags with one #", () => {
    expect(formatTag("resort")).toBe("#resort");
    expect(formatTag("#resort")).toBe("#resort");
    expect(formatTag(" cold-storage ")).toBe("#cold-storage");
  });
  it("writes months", () => {
    expect(formatMonths(11)).toBe("11 months");
    expect(formatMonths(1)).toBe("1 month");
    expect(formatMonths(null)).toBe("N/A");
  });
  it("clamps percentages", () => {
    expect(formatPercent(85)).toBe("85%");
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(formatPercent(null)).toBe("0%");
  });
  it("labels pricing models and keeps free text", () => {
    expect(formatPricingModel("project")).toBe("Project-based");
    expect(formatPricingModel("hourly")).toBe("Hourly Rate");
    expect(formatPricingModel("Per Square Meter")).toBe("Per Square Meter");
    expect(formatPricingModel(null)).toBe("N/A");
  });
  it("labels enumeration values", () => {
    expect(formatLabel("infrastructure")).toBe("Infrastructure");
    expect(formatLabel("in_progress")).toBe("In Progress");
    expect(formatLabel(undefined)).toBe("N/A");
  });
  it("says N/A for blank text", () => {
    expect(orNotAvailable("  ")).toBe("N/A");
    expect(orNotAvailable("All atolls")).toBe("All atolls");
  });
});

describe("sameLabel", () => {
  it("treats a category and a type that read the same as one badge", () => {
    expect(sameLabel("Construction", "construction")).toBe(true);
    expect(sameLabel("In Progress", "in_progress")).toBe(true);
    expect(sameLabel("Resort", "construction")).toBe(false);
    expect(sameLabel(null, "construction")).toBe(false);
    expect(sameLabel("", "")).toBe(false);
  });
});
