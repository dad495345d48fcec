import type { MetaDescriptor } from "react-router";
import { COMPANY } from "~/content/company";
import { type Language, LANGUAGES, localizedPath } from "~/i18n/language";
import { fillCompanyName } from "./company-name";
import { formattedToPlain, plainOrNull } from "./formatted-text";

// Search engines and link previews (docs/product.md#search-engines-and-link-previews): per-page meta, canonical URLs, Open Graph/Twitter,
// JSON-LD builders and the sitemap. Pure functions: the routes hand them data and the site origin.

export const absoluteUrl = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** What the pages say about the company: the site editor's Company section (the starting content by default). */
export interface CompanyFacts {
  name: string;
  description: string;
  shareImage: string;
}

const DEFAULT_COMPANY: CompanyFacts = { name: COMPANY.name, description: fillCompanyName(COMPANY.description, COMPANY.name), shareImage: COMPANY.defaultOgImage };

/** Open Graph wants a JPEG/PNG it can fetch; our local WebP images have a .jpg twin (site images) or fall back. */
export function shareImage(origin: string, image: string | null | undefined, fallback: string = COMPANY.defaultOgImage): string {
  if (image && /^https?:\/\//i.test(image)) return image;
  if (image && /^\/images\/[\w-]+\.webp$/.test(image)) return absoluteUrl(origin, image.replace(/\.webp$/, ".jpg"));
  if (image) return absoluteUrl(origin, image);
  return fallback === COMPANY.defaultOgImage ? absoluteUrl(origin, COMPANY.defaultOgImage) : shareImage(origin, fallback);
}

export interface PageMeta {
  origin: string;
  path: string;
  title: string;
  description: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  jsonLd?: object[];
  /** The company the page belongs to (og:site_name, the fallback share image). */
  company?: CompanyFacts;
  /**
   * The page's language (English by default). `path` is then the page's English path: the canonical URL is the
   * page's own in its language, and hreflang names the page in every language, English also as x-default
   * (docs/decisions/0077-dhivehi-design.md).
   */
  language?: Language;
  /**
   * Whether the page is offered in Dhivehi (true unless said): a service or project with no Dhivehi title is not, so
   * its hreflang names the English page alone, as the sitemap does (docs/decisions/0077-dhivehi-design.md).
   */
  dhivehi?: boolean;
}

/** Open Graph's locale of each language. */
const OG_LOCALE: Record<Language, string> = { en: "en_US", dv: "dv_MV" };

/** The page in every language, for hreflang: `en`, `dv` and `x-default` (the English page). */
export function languageAlternates(origin: string, englishPath: string, dhivehi = true): Array<{ hrefLang: string; href: string }> {
  const links = LANGUAGES.filter((language) => dhivehi || language === "en").map((language) => ({ hrefLang: language, href: absoluteUrl(origin, localizedPath(language, englishPath)) }));
  return [...links, { hrefLang: "x-default", href: absoluteUrl(origin, englishPath) }];
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const language = page.language ?? "en";
  const url = absoluteUrl(page.origin, localizedPath(language, page.path));
  const description = clip(page.description.replace(/\s+/g, " ").trim(), 160);
  const company = page.company ?? DEFAULT_COMPANY;
  const image = shareImage(page.origin, page.image, company.shareImage);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...languageAlternates(page.origin, page.path, page.dhivehi ?? true).map((link) => ({ tagName: "link", rel: "alternate", ...link })),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: company.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: OG_LOCALE[language] },
    ...LANGUAGES.filter((other) => other !== language).map((other) => ({ property: "og:locale:alternate", content: OG_LOCALE[other] })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const data of page.jsonLd ?? []) tags.push({ "script:ld+json": withLanguage(data, language) as never });
  return tags;
}

/** schema.org types of ours that are creative works, which name their language (`inLanguage`). */
const CREATIVE_WORKS = new Set(["FAQPage", "CreativeWork", "CollectionPage", "WebPage"]);

/** A JSON-LD object with its language said, when it is a creative work (docs/decisions/0077-dhivehi-design.md). */
function withLanguage(data: object, language: Language): object {
  const type = (data as { "@type"?: unknown })["@type"];
  return typeof type === "string" && CREATIVE_WORKS.has(type) ? { ...data, inLanguage: language } : data;
}

export interface ContactLike {
  type: string;
  value: string;
  is_primary: boolean;
  icon?: string | null;
}

const DAY = { mon: "Mo", tue: "Tu", wed: "We", thu: "Th", fri: "Fr", sat: "Sa", sun: "Su" } as const;

/** "Mon - Sat: 8:00 AM - 6:00 PM" -> "Mo-Sa 08:00-18:00"; null when it cannot be read. */
export function openingHours(text: string): string | null {
  const m = /^\s*(mon|tue|wed|thu|fri|sat|sun)\w*\s*(?:-|–|to)\s*(mon|tue|wed|thu|fri|sat|sun)\w*\s*:?\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|to)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*$/i.exec(text);
  if (!m) return null;
  const time = (h: string, min: string | undefined, ampm: string | undefined) => {
    let hour = Number(h) % 12;
    if (!ampm) hour = Number(h);
    else if (ampm.toLowerCase() === "pm") hour += 12;
    return `${String(hour).padStart(2, "0")}:${min ?? "00"}`;
  };
  const d1 = DAY[m[1].toLowerCase() as keyof typeof DAY];
  const d2 = DAY[m[2].toLowerCase() as keyof typeof DAY];
  return `${d1}-${d2} ${time(m[3], m[4], m[5])}-${time(m[6], m[7], m[8])}`;
}

function pick(contacts: ContactLike[], type: string): string | undefined {
  const ofType = contacts.filter((c) => c.type === type);
  return (ofType.find((c) => c.is_primary) ?? ofType[0])?.value;
}

/** The company as a local business (a general contractor), from the public contact details. */
export function localBusinessJsonLd(origin: string, contacts: ContactLike[], company: CompanyFacts = DEFAULT_COMPANY) {
  const hours = pick(contacts, "hours");
  const parsedHours = hours ? openingHours(hours) : null;
  return {
    "@context": "https://schema.org",
    "@type": "GeneralContractor",
    "@id": `${origin}/#organization`,
    name: company.name,
    description: company.description,
    url: `${origin}/`,
    logo: absoluteUrl(origin, "/logo-mark.svg"),
    image: shareImage(origin, company.shareImage),
    // No phone entry: no telephone at all, never the header's placeholder number.
    ...(pick(contacts, "phone") ? { telephone: pick(contacts, "phone") } : {}),
    email: pick(contacts, "email") ?? COMPANY.fallbackEmail,
    address: {
      "@type": "PostalAddress",
      streetAddress: pick(contacts, "address") ?? COMPANY.fallbackAddress,
      addressLocality: "Male",
      addressCountry: "MV",
    },
    areaServed: { "@type": "Country", name: "Maldives" },
    ...(parsedHours ? { openingHours: parsedHours } : {}),
    sameAs: contacts.filter((c) => c.type === "social" || c.type === "website").map((c) => c.value),
  };
}

export function faqJsonLd(faqs: ReadonlyArray<{ question: string; answer: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: formattedToPlain(f.answer) } })),
  };
}

/** What a service's and a project's JSON-LD share: the type, name, description, address and image of its page. */
function detailJsonLd(
  origin: string,
  type: "Service" | "CreativeWork",
  path: string,
  record: { title: string; short_description: string | null; description: string | null; featured_image_url: string | null },
  language: Language,
) {
  return {
    "@context": "https://schema.org",
    "@type": type,
    name: record.title,
    description: record.short_description ?? plainOrNull(record.description) ?? undefined,
    url: `${origin}${localizedPath(language, path)}`,
    ...(record.featured_image_url ? { image: shareImage(origin, record.featured_image_url) } : {}),
  };
}

export function serviceJsonLd(
  origin: string,
  service: { id: string; title: string; short_description: string | null; description: string | null; featured_image_url: string | null; service_type: string | null; category: string | null },
  companyName: string = COMPANY.name,
  language: Language = "en",
) {
  return {
    ...detailJsonLd(origin, "Service", `/service/${service.id}`, service, language),
    serviceType: service.service_type ?? service.category ?? undefined,
    areaServed: { "@type": "Country", name: "Maldives" },
    provider: { "@id": `${origin}/#organization`, "@type": "GeneralContractor", name: companyName },
  };
}

export function projectJsonLd(
  origin: string,
  project: {
    id: string;
    title: string;
    short_description: string | null;
    description: string | null;
    featured_image_url: string | null;
    project_location: string | null;
    start_date: string | null;
    end_date: string | null;
    tags: string[];
  },
  companyName: string = COMPANY.name,
  language: Language = "en",
) {
  return {
    ...detailJsonLd(origin, "CreativeWork", `/project/${project.id}`, project, language),
    ...(project.project_location ? { locationCreated: { "@type": "Place", name: project.project_location } } : {}),
    ...(project.start_date ? { dateCreated: project.start_date } : {}),
    ...(project.tags.length ? { keywords: project.tags.join(", ") } : {}),
    creator: { "@id": `${origin}/#organization`, "@type": "GeneralContractor", name: companyName },
  };
}

/** The portfolio page (/projects): a collection page whose main entity lists the projects shown, in order. */
export function portfolioJsonLd(
  origin: string,
  page: { path: string; title: string; description: string; projects: Array<{ id: string; title: string }>; offset: number; language?: Language },
  companyName: string = COMPANY.name,
) {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: page.title,
    description: page.description,
    url: absoluteUrl(origin, page.path),
    isPartOf: { "@type": "WebSite", name: companyName, url: absoluteUrl(origin, localizedPath(page.language ?? "en", "/")) },
    mainEntity: {
      "@type": "ItemList",
      itemListOrder: "https://schema.org/ItemListUnordered",
      numberOfItems: page.projects.length,
      itemListElement: page.projects.map((p, i) => ({
        "@type": "ListItem",
        position: page.offset + i + 1,
        url: `${origin}${localizedPath(page.language ?? "en", `/project/${p.id}`)}`,
        name: p.title,
      })),
    },
  };
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  images?: Array<{ url: string; title?: string }>;
  /** The same page in every language it exists in, x-default included (languageAlternates). */
  alternates?: Array<{ hrefLang: string; href: string }>;
}

/**
 * A public page in each language it exists in: the English page always, the Dhivehi one when `dhivehi` (the sitemap
 * leaves out a record with nothing in Dhivehi to show), each naming the other with hreflang (docs/decisions/0077-dhivehi-design.md).
 */
export function sitemapPages(origin: string, page: Omit<SitemapEntry, "alternates">, dhivehi: boolean): SitemapEntry[] {
  if (!dhivehi) return [page];
  const alternates = languageAlternates(origin, page.path);
  return LANGUAGES.map((language) => ({ ...page, path: localizedPath(language, page.path), alternates }));
}

export function buildSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const images = (e.images ?? [])
      .map(
        (img) =>
          `<image:image><image:loc>${escapeXml(absoluteUrl(origin, img.url))}</image:loc>${img.title ? `<image:title>${escapeXml(img.title)}</image:title>` : ""}</image:image>`,
      )
      .join("");
    const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod.slice(0, 10))}</lastmod>` : "";
    const alternates = (e.alternates ?? [])
      .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hrefLang)}" href="${escapeXml(absoluteUrl(origin, a.href))}"/>`)
      .join("");
    return `<url><loc>${escapeXml(absoluteUrl(origin, e.path))}</loc>${lastmod}${alternates}${images}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * A detail page's meta (docs/product.md#detail-pages): the loader's, marked noindex on an admin's preview; without
 * loader data (its 404) the not-found title, in the company's name the thrown 404 carries with its chrome, noindex.
 */
export function detailMeta(loaderData: { seo: MetaDescriptor[]; preview: unknown } | undefined, notFoundTitle: string, error?: unknown): MetaDescriptor[] {
  if (!loaderData) {
    const thrown = error as { data?: { chrome?: { company?: { name?: unknown } } } } | null | undefined;
    const name = typeof thrown?.data?.chrome?.company?.name === "string" ? thrown.data.chrome.company.name : COMPANY.name;
    return [{ title: `${notFoundTitle} | ${name}` }, { name: "robots", content: "noindex" }];
  }
  return loaderData.preview ? [...loaderData.seo, { name: "robots", content: "noindex" }] : loaderData.seo;
}
