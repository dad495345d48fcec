import { describe, expect, it } from "vitest";
import { fillTemplate, FollowUpSchema, ReplySchema, StageSchema, ValueSchema } from "./lead";

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
