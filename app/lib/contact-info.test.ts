import { describe, expect, it } from "vitest";
import { COMPANY } from "~/content/company";
import { en } from "~/i18n/en";
import { contactInfo, displayUrl, headerPhone, type PublicContact, telHref } from "./contact-info";

const entry = (type: string, value: string, is_primary = false, label: string | null = null): PublicContact => ({
  type,
  value,
  label,
  icon: null,
  is_primary,
});

describe("headerPhone", () => {
  it("prefers the primary phone entry", () => {
    expect(headerPhone([entry("phone", "+960 777 1111"), entry("phone", "+960 330 1234", true)])).toBe("+960 330 1234");
  });
  it("falls back to the first phone entry", () => {
    expect(headerPhone([entry("email", "a@b.mv", true), entry("phone", "+960 777 1111"), entry("phone", "+960 777 2222")])).toBe(
      "+960 777 1111",
    );
  });
  it("falls back to the placeholder Maldives number", () => {
    expect(headerPhone([])).toBe(COMPANY.fallbackPhone);
    expect(headerPhone([entry("email", "a@b.mv")])).toBe(COMPANY.fallbackPhone);
  });
});

describe("contactInfo", () => {
  it("uses the spec's fallbacks when there are no entries", () => {
    const info = contactInfo([]);
    expect(info.email).toBe(COMPANY.fallbackEmail);
    expect(info.address).toBe("Male, Maldives");
    expect(info.hours).toBe("Mon - Sat: 8:00 AM - 6:00 PM");
    expect(info.phones).toEqual([]);
    expect(info.website).toBeNull();
    // The English page passes its catalogue, whose placeholders are these words too (en.ts imports nothing).
    expect(contactInfo([], en)).toEqual(info);
    expect(info.socials).toEqual([]);
  });
  it("uses the entries, primary first", () => {
    const info = contactInfo([
      entry("phone", "+960 777 1111", false, "Site"),
      entry("phone", "+960 330 1234", true, "Office"),
      entry("email", "hello@example.mv"),
      entry("address", "Majeedhee Magu, Male"),
      entry("hours", "Sun - Thu: 8:00 AM - 5:00 PM"),
      entry("website", "https://example.mv"),
      entry("social", "https://facebook.com/example", false, "Facebook"),
      entry("social", "javascript:alert(1)", false, "Bad"),
    ]);
    expect(info.phones.map((p) => p.value)).toEqual(["+960 330 1234", "+960 777 1111"]);
    expect(info.email).toBe("hello@example.mv");
    expect(info.address).toBe("Majeedhee Magu, Male");
    expect(info.hours).toBe("Sun - Thu: 8:00 AM - 5:00 PM");
    expect(info.website).toBe("https://example.mv");
    expect(info.socials.map((s) => s.label)).toEqual(["Facebook"]);
  });
});

describe("link helpers", () => {
  it("makes tel: links", () => {
    expect(telHref("+960 330 1234")).toBe("tel:+9603301234");
  });
  it("shortens URLs for display", () => {
    expect(displayUrl("https://atollconstruction.mv/")).toBe("atollconstruction.mv");
  });
});
