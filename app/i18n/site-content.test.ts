import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { withCompanyNames } from "~/lib/company-name";
import type { WhyContent } from "~/validation/site-content";
import { fallbackOf, localizeSection } from "./site-content";

const why: WhyContent = {
  eyebrow: "Why",
  title: "Built right",
  intro: "",
  dv: { title: "ރަނގަޅަށް", eyebrow: "" },
  cards: [
    { icon: "shield", title: "Safety", description: "Safe sites.", dv: { title: "ރައްކާތެރިކަން" } },
    { icon: "clock", title: "On time", description: "Planned." },
  ],
};

describe("localizeSection", () => {
  it("takes each Dhivehi value, keeps and names the English of a missing one, and leaves the dv objects out", () => {
    const { value, fallback } = localizeSection("why", why, "dv");
    expect(value).toEqual({
      eyebrow: "Why",
      title: "ރަނގަޅަށް",
      intro: "",
      cards: [
        { icon: "shield", title: "ރައްކާތެރިކަން", description: "Safe sites." },
        { icon: "clock", title: "On time", description: "Planned." },
      ],
    });
    // An empty English text (intro) is not a fallback: nothing is shown.
    expect(fallback).toEqual(["eyebrow", "cards.0.description", "cards.1.title", "cards.1.description"]);
    expect(fallbackOf(fallback, "cards.1.title")).toEqual({ lang: "en", dir: "ltr" });
    expect(fallbackOf(fallback, "title")).toEqual({});
  });

  it("gives an English page the English values, nothing named", () => {
    const { value, fallback } = localizeSection("why", why, "en");
    expect(value.title).toBe("Built right");
    expect(value.cards[0]).toEqual({ icon: "shield", title: "Safety", description: "Safe sites." });
    expect(fallback).toEqual([]);
  });
});

describe("withCompanyNames", () => {
  it("fills {company} with the Dhivehi name in Dhivehi values, else the English one", () => {
    const about = { title: "About {company}", dv: { title: "{company} ގެ ވާހަކަ" }, items: [{ name: "{company}", dv: { name: "{company}" } }] };
    expect(withCompanyNames(about, "Reef", "ރީފް")).toEqual({ title: "About Reef", dv: { title: "ރީފް ގެ ވާހަކަ" }, items: [{ name: "Reef", dv: { name: "ރީފް" } }] });
    // The English name in a Dhivehi text comes after a right-to-left mark, so the text still reads right to left.
    expect(withCompanyNames(about, "Reef", undefined).dv.title).toBe("\u200FReef ގެ ވާހަކަ");
    expect(withCompanyNames(about, "Reef", undefined).title).toBe("About Reef");
    expect(withCompanyNames(DEFAULT_SITE_CONTENT.company, "Reef", "ރީފް").dv?.description).toMatch(/^ރީފް އިން/);
  });
});
