import { describe, expect, it } from "vitest";
import { pageWindow, requestedPage } from "./paging";

const asked = (query: string) => requestedPage(new URLSearchParams(query));

describe("a paged list's page number", () => {
  it("reads ?page= as a whole number from 1, and anything else as the first page", () => {
    expect(asked("")).toBe(1);
    expect(asked("page=3")).toBe(3);
    expect(asked("page= 3 ")).toBe(3);
    for (const junk of ["page=", "page=abc", "page=0", "page=-2", "page=2.5", "page=1e3", "page=0x10"]) expect(asked(junk), junk).toBe(1);
    // However many digits, it stays a finite number (then clamped to the last page).
    expect(asked(`page=${"9".repeat(400)}`)).toBe(100_000);
  });

  it("clamps the window to the pages there are", () => {
    expect(pageWindow(130, 2, 24)).toEqual({ page: 2, pageCount: 6, total: 130, offset: 24, limit: 24, first: 25, last: 48 });
    expect(pageWindow(130, 6, 24)).toMatchObject({ page: 6, offset: 120, first: 121, last: 130 });
    expect(pageWindow(130, 99, 24)).toMatchObject({ page: 6, offset: 120 });
    expect(pageWindow(48, 3, 24)).toMatchObject({ page: 2, pageCount: 2, first: 25, last: 48 });
    expect(pageWindow(0, 4, 24)).toEqual({ page: 1, pageCount: 1, total: 0, offset: 0, limit: 24, first: 0, last: 0 });
  });
});
