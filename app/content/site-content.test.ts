import { describe, expect, it } from "vitest";
import { FAQ, FOOTER_SERVICES, GALLERY, HERO_STATS, NAV_LINKS, TESTIMONIAL_AVERAGE, TESTIMONIALS, WHY_CHOOSE_US } from "./site-content";

// docs/product.md#fixed-content: the fixed content's counts and constants.
describe("fixed marketing content", () => {
  it("has the spec's counts", () => {
    expect(WHY_CHOOSE_US).toHaveLength(6);
    expect(TESTIMONIALS).toHaveLength(4);
    expect(GALLERY).toHaveLength(6);
    expect(FAQ).toHaveLength(8);
    expect(FOOTER_SERVICES).toHaveLength(8);
  });
  it("rates every testimonial 5 with a static 4.9 average", () => {
    expect(TESTIMONIALS.every((t) => t.rating === 5 && t.initials.length === 2 && t.name && t.position && t.content)).toBe(true);
    expect(TESTIMONIAL_AVERAGE).toBe(4.9);
  });
  it("shows the static hero stats", () => {
    expect(HERO_STATS.map((s) => s.value)).toEqual(["50+", "25+", "10+"]);
  });
  it("links the five home sections", () => {
    expect(NAV_LINKS.map((l) => l.sectionId)).toEqual(["home", "about", "services", "projects", "contact"]);
  });
  it("gives every gallery image a title, a category and alt text, from the site's own files", () => {
    for (const image of GALLERY) {
      expect(image.src).toMatch(/^\/images\/gallery-\d\.webp$/);
      expect(image.title && image.category && image.alt).toBeTruthy();
    }
  });
});
