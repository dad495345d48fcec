import { describe, expect, it } from "vitest";
import { ContactDetailSchema } from "~/validation/contact-detail";
import { ServiceSchema } from "~/validation/service";
import { schemaFormErrors } from "./use-schema-form";

// The browser-side check of the schema forms (service, project, contact detail, profile): the same schema and
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
});
