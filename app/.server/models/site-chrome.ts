import { STARTING_SITE_CONTENT } from "~/content/default-site-content";
import { localizeContacts } from "~/i18n/contact-details";
import type { Language } from "~/i18n/language";
import { localizeSection } from "~/i18n/site-content";
import { resolveHeroBackground } from "~/lib/branding";
import { DEFAULT_SETTINGS } from "~/validation/settings";
import type { SiteContent } from "~/validation/site-content";
import { logger } from "../logger";
import { listPublicContactDetails } from "./contact-details";
import { getPublicSettings } from "./settings";
import { getPublishedContent } from "./site-content";

/** The published site content; a failed read is logged and shows the starting content (like the settings). */
export async function getSiteContent(): Promise<SiteContent> {
  return getPublishedContent().catch((error: unknown) => {
    logger.error({ err: error }, "public site content fetch failed");
    return STARTING_SITE_CONTENT;
  });
}

/** The company's name as published (the Company section): every email, the admin's sidebar and reply templates. */
export async function publishedCompanyName(): Promise<string> {
  return (await getSiteContent()).company.name;
}

/**
 * What every public page needs for its header and footer: the public settings and the public contact
 * entries. docs/product.md#messages: these fetches fail silently (logged; defaults and an empty contact list).
 * In `language` (the page's, from its address: app/i18n/language.ts), with the texts that fell back to English named
 * (docs/decisions/0092-site-content-in-two-languages.md).
 */
export async function getSiteChrome(language: Language = "en", content?: SiteContent) {
  const [settings, contactDetails, siteContent] = await Promise.all([
    getPublicSettings().catch((error: unknown) => {
      logger.error({ err: error }, "public settings fetch failed");
      return { ...DEFAULT_SETTINGS };
    }),
    listPublicContactDetails().catch((error: unknown) => {
      logger.error({ err: error }, "public contact details fetch failed");
      return [];
    }),
    content ?? getSiteContent(),
  ]);
  const company = localizeSection("company", siteContent.company, language);
  const footer = localizeSection("footer", siteContent.footer, language);
  return {
    settings,
    contactDetails: localizeContacts(contactDetails, language),
    // The Company and Footer sections of the site editor: every page's logo fallback, footer and titles.
    company: { ...company.value, shareImage: company.value.shareImage || heroPicture(settings) },
    footer: footer.value,
    fallback: { company: company.fallback, footer: footer.fallback },
  };
}

/** The hero's picture (a video hero's poster): the share image of a site whose Company section has none. */
function heroPicture(settings: Parameters<typeof resolveHeroBackground>[0]): string {
  const hero = resolveHeroBackground(settings);
  return hero.kind === "image" ? hero.src : hero.poster;
}

export type SiteChrome = Awaited<ReturnType<typeof getSiteChrome>>;
