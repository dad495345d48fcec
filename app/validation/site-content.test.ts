import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { FAQ, GALLERY, TESTIMONIALS } from "~/content/site-content";
import { initialsOf, LIMITS, SECTION_KEYS, SECTION_SCHEMAS } from "./site-content";

describe("site content schemas", () => {
  it("accept the starting content unchanged, so an untouched section saves as it is", () => {
    for (const key of SECTION_KEYS) {
      expect(SECTION_SCHEMAS[key].parse(DEFAULT_SITE_CONTENT[key]), key).toEqual(DEFAULT_SITE_CONTENT[key]);
    }
  });

  it("the starting content is the spec's fixed content", () => {
    expect(DEFAULT_SITE_CONTENT.faq.items).toHaveLength(FAQ.length);
    expect(DEFAULT_SITE_CONTENT.gallery.items.map((g) => g.src)).toEqual(GALLERY.map((g) => g.src));
    expect(DEFAULT_SITE_CONTENT.testimonials.average).toBe(4.9);
    expect(DEFAULT_SITE_CONTENT.footer.services).toHaveLength(8);
  });

  it("enforce the list maximums", () => {
    const card = { icon: "shield", title: "T", description: "D" };
    expect(SECTION_SCHEMAS.why.safeParse({ ...DEFAULT_SITE_CONTENT.why, cards: Array(LIMITS.whyCards).fill(card) }).success).toBe(true);
    expect(SECTION_SCHEMAS.why.safeParse({ ...DEFAULT_SITE_CONTENT.why, cards: Array(LIMITS.whyCards + 1).fill(card) }).success).toBe(false);
    const image = { src: "/images/gallery-1.webp", title: "T", category: "C", alt: "A" };
    expect(SECTION_SCHEMAS.gallery.safeParse({ ...DEFAULT_SITE_CONTENT.gallery, items: Array(LIMITS.gallery + 1).fill(image) }).success).toBe(false);
    const quote = { name: "N", position: "P", content: "C", rating: 5 };
    expect(SECTION_SCHEMAS.testimonials.safeParse({ ...DEFAULT_SITE_CONTENT.testimonials, average: 4.9, items: Array(LIMITS.testimonials + 1).fill(quote) }).success).toBe(false);
    expect(SECTION_SCHEMAS.testimonials.safeParse({ ...DEFAULT_SITE_CONTENT.testimonials, average: 5.1, items: [quote] }).success).toBe(false);
    expect(SECTION_SCHEMAS.testimonials.safeParse({ ...DEFAULT_SITE_CONTENT.testimonials, average: 4.9, items: [{ ...quote, rating: 6 }] }).success).toBe(false);
  });

  it("footer links point at service pages only", () => {
    const footer = (link: string) => SECTION_SCHEMAS.footer.safeParse({ description: "D", services: [{ name: "N", link }] }).success;
    expect(footer("/service/abc-123")).toBe(true);
    expect(footer("")).toBe(true);
    expect(footer("https://evil.example/")).toBe(false);
    expect(footer("javascript:alert(1)")).toBe(false);
  });
});

describe("initialsOf", () => {
  it("derives the testimonial initials the spec showed", () => {
    expect(TESTIMONIALS.map((t) => initialsOf(t.name))).toEqual(TESTIMONIALS.map((t) => t.initials));
    expect(initialsOf("Aminath")).toBe("A");
    expect(initialsOf("  ")).toBe("?");
  });
});
