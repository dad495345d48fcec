import { describe, expect, it } from "vitest";
import { fillCompanyName, withCompanyName } from "./company-name";

describe("the company's name in texts", () => {
  it("fills every {company}, in nested texts too, and leaves other braces and values alone", () => {
    expect(fillCompanyName("{company} builds; {company} repairs {name}", "Reef Builders")).toBe("Reef Builders builds; Reef Builders repairs {name}");
    const content = { title: "About {company}", items: [{ text: "By {company}", rating: 5 }], on: true, none: null };
    expect(withCompanyName(content, "Reef")).toEqual({ title: "About Reef", items: [{ text: "By Reef", rating: 5 }], on: true, none: null });
    expect(content.title).toBe("About {company}");
  });
});
