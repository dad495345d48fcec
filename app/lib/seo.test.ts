import { describe, expect, it } from "vitest";
import { buildSitemap, faqJsonLd, localBusinessJsonLd, openingHours, pageMeta, projectJsonLd, shareImage, sitemapPages } from "./seo";

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
  it("names each page in both languages: canonical, hreflang both ways, og:locale and inLanguage", () => {
    const project = { id: "p1", title: "Villa", short_description: null, description: null, featured_image_url: null, project_location: null, start_date: null, end_date: null, tags: [] };
    const english = pageMeta({ origin: ORIGIN, path: "/project/p1", title: "Villa", description: "d", jsonLd: [projectJsonLd(ORIGIN, project)] });
    const dhivehi = pageMeta({ origin: ORIGIN, path: "/project/p1", title: "Villa", description: "d", language: "dv", jsonLd: [projectJsonLd(ORIGIN, project, "Atoll", "dv")] });
    const alternates = [
      { tagName: "link", rel: "alternate", hrefLang: "en", href: `${ORIGIN}/project/p1` },
      { tagName: "link", rel: "alternate", hrefLang: "dv", href: `${ORIGIN}/dv/project/p1` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${ORIGIN}/project/p1` },
    ];
    for (const tags of [english, dhivehi]) for (const link of alternates) expect(tags).toContainEqual(link);
    expect(english).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/project/p1` });
    expect(dhivehi).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/dv/project/p1` });
    expect(english).toContainEqual({ property: "og:locale", content: "en_US" });
    expect(dhivehi).toContainEqual({ property: "og:locale", content: "dv_MV" });
    const ld = (tags: typeof english) => (tags.find((t) => "script:ld+json" in t) as Record<string, { inLanguage: string; url: string }>)["script:ld+json"];
    expect(ld(english)).toMatchObject({ inLanguage: "en", url: `${ORIGIN}/project/p1` });
    expect(ld(dhivehi)).toMatchObject({ inLanguage: "dv", url: `${ORIGIN}/dv/project/p1` });
  });
  it("lists a page in both languages in the sitemap, each naming the other, unless it has no Dhivehi page", () => {
    const xml = buildSitemap(ORIGIN, sitemapPages(ORIGIN, { path: "/service/s1" }, true));
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const loc of ["/service/s1", "/dv/service/s1"]) {
      const entry = xml.match(new RegExp(`<url><loc>${ORIGIN}${loc}</loc>.*?</url>`))?.[0] ?? "";
      expect(entry, loc).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/service/s1"/>`);
      expect(entry, loc).toContain(`<xhtml:link rel="alternate" hreflang="dv" href="${ORIGIN}/dv/service/s1"/>`);
      expect(entry, loc).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/service/s1"/>`);
    }
    expect(sitemapPages(ORIGIN, { path: "/service/s2" }, false)).toEqual([{ path: "/service/s2" }]);
  });
});
