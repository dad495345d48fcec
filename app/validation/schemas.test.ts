import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContactDetailSchema } from "./contact-detail";
import { fieldErrors, formValues, isSafeUrl, listFieldsOf, urlList } from "./fields";
import { LoginSchema } from "./login";
import { ProjectSchema } from "./project";
import { ServiceSchema } from "./service";
import { SettingUpdateSchema } from "./settings";

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
};

describe("LoginSchema (docs/product.md#sign-in)", () => {
  it("trims the email and accepts a valid sign-in", () => {
    expect(LoginSchema.parse({ email: "  a@b.mv ", password: "123456" })).toEqual({ email: "a@b.mv", password: "123456" });
  });
  it("gives the spec's messages", () => {
    expect(errorsOf(LoginSchema, { email: "nope", password: "12345" })).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(errorsOf(LoginSchema, { email: `${"a".repeat(250)}@b.com`, password: "x".repeat(101) })).toEqual({
      email: "Email must be less than 255 characters",
      password: "Password must be less than 100 characters",
    });
    expect(errorsOf(LoginSchema, {})).toEqual({ email: "Invalid email address", password: "Password must be at least 6 characters" });
  });
});

describe("ServiceSchema", () => {
  it("requires a title and defaults sort_order to 0 when not parsable", () => {
    expect(errorsOf(ServiceSchema, { title: "   " })).toEqual({ title: "Title is required" });
    expect(ServiceSchema.parse({ title: "A", sort_order: "abc" }).sort_order).toBe(0);
    expect(ServiceSchema.parse({ title: "A", sort_order: "7.9" }).sort_order).toBe(7);
    expect(ServiceSchema.parse({ title: "A" }).is_active).toBe(false);
    expect(ServiceSchema.parse({ title: "A", is_active: "on" }).is_active).toBe(true);
  });
  it("splits comma lists, trims, and refuses unsafe URLs and unknown enumerations", () => {
    expect(ServiceSchema.parse({ title: "A", features: " a, b ,, c " }).features).toEqual(["a", "b", "c"]);
    expect(errorsOf(ServiceSchema, { title: "A", featured_image_url: "javascript:alert(1)" })).toHaveProperty("featured_image_url");
    expect(errorsOf(ServiceSchema, { title: "A", service_type: "demolition" })).toEqual({ service_type: "Choose a valid service type" });
  });
  it("cleans NUL and lone surrogates instead of failing", () => {
    expect(ServiceSchema.parse({ title: "A\u0000B\uD800" }).title).toBe("AB\uFFFD");
  });
});

describe("ProjectSchema", () => {
  it("trims text, turns empty into null, parses numbers", () => {
    const p = ProjectSchema.parse({ title: " T ", client_name: "  ", budget: "$1,500.25", duration_months: "6", completion_percentage: "" });
    expect(p).toMatchObject({ title: "T", client_name: null, budget: 1500.25, duration_months: 6, completion_percentage: 0, status: "draft", priority: "medium" });
  });
  it("gives clear errors for bad numbers, percentages and dates", () => {
    expect(
      errorsOf(ProjectSchema, { title: "T", budget: "lots", completion_percentage: "101", duration_months: "1.5", start_date: "2025-13-40" }),
    ).toEqual({
      budget: "Budget must be a positive number",
      completion_percentage: "Completion percentage must be at most 100",
      duration_months: "Duration must be a whole number",
      start_date: "Start date must be a date (YYYY-MM-DD)",
    });
    expect(errorsOf(ProjectSchema, { title: "T", start_date: "2025-05-01", end_date: "2025-01-01" })).toEqual({
      end_date: "End date must be on or after the start date",
    });
  });
});

describe("ContactDetailSchema", () => {
  it("checks the value by type and stores the social platform as the icon", () => {
    expect(errorsOf(ContactDetailSchema, { type: "email", value: "x" })).toEqual({ value: "Invalid email address" });
    expect(errorsOf(ContactDetailSchema, { type: "social", value: "https://x.com/a" })).toEqual({ platform: "Choose a social platform" });
    expect(ContactDetailSchema.parse({ type: "social", value: "https://facebook.com/a", platform: "facebook", icon: "x" }).icon).toBe("facebook");
    expect(errorsOf(ContactDetailSchema, { type: "fax", value: "1" })).toEqual({ type: "Choose a contact type" });
  });
});

describe("SettingUpdateSchema", () => {
  it("validates the value against its key", () => {
    expect(SettingUpdateSchema.parse({ key: "hero_background_type", value: "video" })).toEqual({ key: "hero_background_type", value: "video" });
    expect(errorsOf(SettingUpdateSchema, { key: "hero_background_type", value: "gif" })).toEqual({ value: "Choose image or video" });
    expect(errorsOf(SettingUpdateSchema, { key: "admin_password", value: "x" })).toEqual({ key: "Unknown setting" });
    expect(errorsOf(SettingUpdateSchema, { key: "header_logo_image_url", value: "data:image/svg+xml,<svg>" })).toHaveProperty("value");
  });
});

describe("helpers", () => {
  it("formValues keeps every value of the fields the schema reads as lists, the last of any other", () => {
    const fd = new FormData();
    fd.append("gallery", "/a.webp");
    fd.append("gallery", "/b.webp");
    fd.append("features", "a, b");
    fd.append("features", "c");
    fd.append("title", "x");
    fd.append("title", "y");
    expect(formValues(fd, ServiceSchema)).toEqual({ gallery: ["/a.webp", "/b.webp"], features: ["a, b", "c"], title: "y" });
    expect(ServiceSchema.parse(formValues(fd, ServiceSchema))).toMatchObject({ gallery: ["/a.webp", "/b.webp"], features: ["a", "b", "c"], title: "y" });
  });
  it("finds list fields from the schema alone: a new one cannot be forgotten", () => {
    expect([...listFieldsOf(ServiceSchema)].sort()).toEqual(["benefits", "features", "gallery"]);
    expect([...listFieldsOf(ProjectSchema)].sort()).toEqual(["gallery_images", "materials_used", "tags", "team_members", "technologies_used"]);
    const Added = z.object({ name: z.string(), photos: urlList(), codes: z.array(z.string()).optional(), when: z.string().transform((v) => v.trim()) });
    expect([...listFieldsOf(Added)].sort()).toEqual(["codes", "photos"]);
    const fd = new FormData();
    for (const url of ["/1.webp", "/2.webp", "/3.webp"]) fd.append("photos", url);
    expect(Added.parse({ ...formValues(fd, Added), name: "n", when: " x " }).photos).toEqual(["/1.webp", "/2.webp", "/3.webp"]);
  });
  it("isSafeUrl accepts http(s) and site paths only", () => {
    expect(["https://a.mv/x.png", "http://a.mv", "/uploads/a.png"].every(isSafeUrl)).toBe(true);
    expect(["javascript:alert(1)", "//evil.com/x", "data:text/html,x", "ftp://a", "/a b"].some(isSafeUrl)).toBe(false);
  });
});
