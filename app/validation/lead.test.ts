import { describe, expect, it } from "vitest";
import { enquiryFilter, enquiryLanguage } from "./enquiry";
import { fillTemplate, FollowUpSchema, ReplySchema, ReplyTemplateSchema, StageSchema, templateForLanguage, ValueSchema } from "./lead";

describe("lead schemas", () => {
  it("Lost needs a reason; other stages drop one", () => {
    expect(StageSchema.safeParse({ stage: "lost", lost_reason: "" }).success).toBe(false);
    expect(StageSchema.parse({ stage: "lost", lost_reason: " Budget " })).toEqual({ stage: "lost", lost_reason: "Budget" });
    expect(StageSchema.safeParse({ stage: "paid" }).success).toBe(false);
  });

  it("follow-ups are real calendar days or empty", () => {
    expect(FollowUpSchema.parse({ follow_up_on: "2026-12-01" })).toEqual({ follow_up_on: "2026-12-01" });
    expect(FollowUpSchema.parse({ follow_up_on: "" })).toEqual({ follow_up_on: null });
    for (const bad of ["2026-02-30", "2026-13-01", "01/12/2026", "tomorrow"]) expect(FollowUpSchema.safeParse({ follow_up_on: bad }).success, bad).toBe(false);
  });

  it("values are dollars: symbols and commas allowed, negatives and text refused", () => {
    expect(ValueSchema.parse({ estimated_value: "$1,250.505" })).toEqual({ estimated_value: 1250.51 });
    for (const bad of ["-1", "abc", "Infinity"]) expect(ValueSchema.safeParse({ estimated_value: bad }).success, bad).toBe(false);
  });

  it("a reply subject is one line", () => {
    expect(ReplySchema.safeParse({ subject: "Hi\r\nBcc: x@y.z", body: "x" }).success).toBe(false);
    expect(ReplySchema.safeParse({ subject: "Hi", body: "Line 1\nLine 2" }).success).toBe(true);
  });

  it("templates fill only their three names", () => {
    expect(fillTemplate("Dear {name}, about {project_type} from {company} {other}", { name: "Shifa", project_type: "Villa", company: "Atoll" })).toBe(
      "Dear Shifa, about Villa from Atoll {other}",
    );
  });
});

// docs/decisions/0077-dhivehi-design.md, Enquiries: the enquiry's language and the template's Dhivehi version.
describe("languages of enquiries and reply templates", () => {
  const template = { subject: "Re: {project_type}", body: "Dear {name}", subject_dv: "ޖަވާބު", body_dv: "{name} އަށް" };

  it("a Dhivehi lead gets the Dhivehi version, with the English subject when it has none of its own", () => {
    expect(templateForLanguage(template, "dv")).toEqual({ subject: "ޖަވާބު", body: "{name} އަށް", language: "dv" });
    expect(templateForLanguage({ ...template, subject_dv: null }, "dv")).toEqual({ subject: "Re: {project_type}", body: "{name} އަށް", language: "dv" });
  });

  it("an English lead, or a template without a Dhivehi message, gets the English", () => {
    expect(templateForLanguage(template, "en")).toEqual({ subject: "Re: {project_type}", body: "Dear {name}", language: "en" });
    expect(templateForLanguage({ ...template, body_dv: null }, "dv")).toEqual({ subject: "Re: {project_type}", body: "Dear {name}", language: "en" });
    expect(templateForLanguage({ ...template, body_dv: "" }, "dv").language).toBe("en");
  });

  it("the template form: the Dhivehi version is optional, its subject not without its message, and one line", () => {
    const base = { name: "Thanks", subject: "Thanks", body: "Dear {name}" };
    expect(ReplyTemplateSchema.parse({ ...base, subject_dv: " ", body_dv: "" })).toEqual({ ...base, subject_dv: null, body_dv: null });
    expect(ReplyTemplateSchema.parse({ ...base, body_dv: " {name} އަށް " })).toEqual({ ...base, subject_dv: null, body_dv: "{name} އަށް" });
    expect(ReplyTemplateSchema.safeParse({ ...base, subject_dv: "ޖަވާބު" }).success).toBe(false);
    expect(ReplyTemplateSchema.safeParse({ ...base, subject_dv: "a\nb", body_dv: "x" }).success).toBe(false);
  });

  it("a posted language is Dhivehi only when it says dv; the inbox filter takes en, dv or nothing", () => {
    expect(["dv", " dv "].map(enquiryLanguage)).toEqual(["dv", "dv"]);
    expect(["en", "DV", "fr", "", null, undefined, 1].map(enquiryLanguage)).toEqual(Array(7).fill("en"));
    expect(enquiryFilter(new URLSearchParams("language=dv")).language).toBe("dv");
    expect(enquiryFilter(new URLSearchParams("language=en")).language).toBe("en");
    expect(enquiryFilter(new URLSearchParams("language=xx")).language).toBeNull();
    expect(enquiryFilter(new URLSearchParams("")).language).toBeNull();
  });
});
