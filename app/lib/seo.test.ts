import { describe, expect, it } from "vitest";
import { buildSitemap, faqJsonLd, localBusinessJsonLd, openingHours, pageMeta, shareImage } from "./seo";

const ORIGIN = "https://atoll.example";

describe("seo helpers", () => {
  it("builds canonical, Open Graph and Twitter tags with absolute URLs", () => {
    const tags = pageMeta({ origin: ORIGIN, path: "/service/1", title: "Pools | Atoll", description: "x".repeat(300), image: "/images/svc-design.webp" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/service/1` });
    expect(tags).toContainEqual({ property: "og:image", content: `${ORIGIN}/images/svc-design.jpg` });
    const description = tags.find((t) => "name" in t && t.name === "description") as { content: string };
    expect(description.content.length).toBeLessThanOrEqual(160);
  });
  it("falls back to the default share image", () => {
    expect(shareImage(ORIGIN, null)).toBe(`${ORIGIN}/images/og-default.jpg`);
    expect(shareImage(ORIGIN, "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
  it("reads opening hours in the spec's format", () => {
    expect(openingHours("Mon - Sat: 8:00 AM - 6:00 PM")).toBe("Mo-Sa 08:00-18:00");
    expect(openingHours("Sun - Thu: 8:00 AM - 5:00 PM")).toBe("Su-Th 08:00-17:00");
    expect(openingHours("by appointment")).toBeNull();
  });
  it("describes the company from the primary contact details", () => {
    const ld = localBusinessJsonLd(ORIGIN, [
      { type: "phone", value: "+960 1", is_primary: false },
      { type: "phone", value: "+960 2", is_primary: true },
      { type: "social", value: "https://facebook.com/x", is_primary: false },
    ]);
    expect(ld).toMatchObject({ "@type": "GeneralContractor", telephone: "+960 2", sameAs: ["https://facebook.com/x"], address: { addressCountry: "MV" } });
  });
  it("makes a FAQPage and an escaped sitemap with images", () => {
    expect(faqJsonLd([{ question: "Q?", answer: "A." }]).mainEntity[0]).toEqual({ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } });
    const xml = buildSitemap(ORIGIN, [{ path: "/" }, { path: "/project/a&b", images: [{ url: "/uploads/x.webp", title: "Tom's <villa>" }] }]);
    expect(xml).toContain(`<loc>${ORIGIN}/project/a&amp;b</loc>`);
    expect(xml).toContain("<image:title>Tom&apos;s &lt;villa&gt;</image:title>");
  });
});
