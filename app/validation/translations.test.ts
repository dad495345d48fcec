import { describe, expect, it } from "vitest";
import { fieldErrors, formValues } from "./fields";
import { ProjectSchema } from "./project";
import { ServiceSchema } from "./service";
import { PROJECT_TRANSLATABLE, SERVICE_TRANSLATABLE } from "./translations";

// A record's Dhivehi values travel as dv.* form fields and are stored as one object (docs/decisions/0077-dhivehi-design.md).

const form = (entries: Array<[string, string]>) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe("a record's Dhivehi values", () => {
  it("gathers dv.* fields into one object, splits Dhivehi lists on either comma, and keeps only what is filled", () => {
    const values = formValues(form([["title", "Pools"], ["dv.title", " ޕޫލް "], ["dv.features", "ފެން، ޓައިލް, ޕަމްޕް"], ["dv.overview", ""]]), ServiceSchema);
    expect(values).toMatchObject({ title: "Pools", dv: { title: " ޕޫލް ", features: ["ފެން، ޓައިލް, ޕަމްޕް"], overview: "" } });
    expect(ServiceSchema.parse(values).dv).toEqual({ title: "ޕޫލް", features: ["ފެން", "ޓައިލް", "ޕަމްޕް"] });
    expect(ServiceSchema.parse({ title: "Pools" }).dv).toBeNull();
    // A stored version's object passes again, unknown keys dropped; anything but an object reads as none.
    expect(ProjectSchema.parse({ title: "Jetty", dv: { title: "ޖެޓީ", is_public: true } }).dv).toEqual({ title: "ޖެޓީ" });
    expect(ProjectSchema.parse({ title: "Jetty", dv: "ޖެޓީ" }).dv).toBeNull();
  });

  it("names a refused Dhivehi value's field as the form does", () => {
    const parsed = ServiceSchema.safeParse(formValues(form([["title", "Pools"], ["dv.description", "[x](javascript:alert(1))"], ["dv.title", "ބ".repeat(201)]]), ServiceSchema));
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    expect(errors["dv.description"]).toMatch(/^Dhivehi description: Links must start with/);
    expect(errors["dv.title"]).toBe("Dhivehi title must be at most 200 characters");
  });

  it("lists only fields the English form has", () => {
    for (const [fields, schema] of [[SERVICE_TRANSLATABLE, ServiceSchema], [PROJECT_TRANSLATABLE, ProjectSchema]] as const) {
      for (const field of fields) expect(Object.keys(schema.shape)).toContain(field);
    }
  });
});
