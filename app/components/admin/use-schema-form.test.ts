import { describe, expect, it } from "vitest";
import { CategorySchema } from "~/validation/category";
import { ContactDetailSchema } from "~/validation/contact-detail";
import { ServiceSchema } from "~/validation/service";
import { SettingUpdateSchema } from "~/validation/settings";
import { InviteSchema, PasswordConfirmSchema, TotpCodeSchema } from "~/validation/staff";
import { schemaFormErrors } from "./use-schema-form";

// The browser-side check of the schema forms (service, project, contact detail, profile, team invite, two-factor, and
// the controls that post without a form of their own: settings, the inline category): the same schema and
// the same reading of the form as the action's, so what the browser lets through the server accepts.

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("schemaFormErrors", () => {
  it("gives the spec's message per field, or null when the form may go", () => {
    expect(schemaFormErrors(ServiceSchema, form([["title", "  "]]))).toEqual({ title: "Title is required" });
    expect(schemaFormErrors(ServiceSchema, form([["title", "Pools"]]))).toBeNull();
    expect(schemaFormErrors(ContactDetailSchema, form([["type", "email"], ["value", "not-an-email"]]))).toHaveProperty("value");
  });

  it("checks every value of a list field, not only the last", () => {
    const gallery: Array<[string, string]> = Array.from({ length: 51 }, (_, i) => ["gallery", `/uploads/${i}.webp`]);
    expect(schemaFormErrors(ServiceSchema, form([["title", "Pools"], ...gallery]))).toEqual({ gallery: "At most 50 images" });
    expect(schemaFormErrors(ServiceSchema, form([["title", "Pools"], ["gallery", "javascript:alert(1)"], ["gallery", "/uploads/ok.webp"]]))).toHaveProperty("gallery");
  });

  it("checks the forms and controls moved onto it: invite, two-factor, a setting, the inline category", () => {
    expect(schemaFormErrors(InviteSchema, form([["intent", "invite"], ["email", "not-an-email"]]))).toEqual({ email: "Invalid email address" });
    expect(schemaFormErrors(TotpCodeSchema, form([["code", "123 456"]]))).toBeNull();
    expect(schemaFormErrors(PasswordConfirmSchema, form([["intent", "disable"], ["password", ""]]))).toEqual({ password: "Enter your password" });
    expect(schemaFormErrors(SettingUpdateSchema, form([["intent", "update"], ["key", "footer_logo_text"], ["value", "x".repeat(81)]]))).toEqual({
      value: "Logo text must be at most 80 characters",
    });
    expect(schemaFormErrors(SettingUpdateSchema, form([["key", "show_sample_content"], ["value", "false"]]))).toBeNull();
    expect(schemaFormErrors(CategorySchema, form([["intent", "create-category"], ["name", ""], ["description", ""], ["type", "planet"]]))).toEqual({
      name: "Category name is required",
      type: "Choose a category type",
    });
  });
});
