import type { SectionKey, SiteContent } from "~/validation/site-content";
import { SECTION_KEYS } from "~/validation/site-content";
import { SECTION_TRANSLATIONS } from "~/validation/site-content-translations";
import type { Language } from "./language";
import { fallbackAttributes, localize } from "./localize";

// The site editor's sections as a page in one language shows them (docs/decisions/0092-site-content-in-two-languages.md):
// each translated text takes its Dhivehi value on a Dhivehi page, or keeps its English one and is named in
// `fallback` by its dotted path ("title", "items.2.answer"), so the component marks that element lang="en" dir="ltr".
// The `dv` objects are left out of what the page gets: it needs one language only.

type Entry = Record<string, unknown> & { dv?: Record<string, unknown> };

/** Dotted paths of the texts shown in English on a Dhivehi page; empty on an English page. */
export type Fallbacks = readonly string[];

/** One section in `language`: its values (without the Dhivehi objects) and the paths that fell back to English. */
export function localizeSection<K extends SectionKey>(section: K, content: SiteContent[K], language: Language): { value: SiteContent[K]; fallback: string[] } {
  const spec = SECTION_TRANSLATIONS[section];
  const fallback: string[] = [];
  const { dv, ...record } = content as unknown as Entry;
  const own = localize<Entry, string>(record, dv, spec.fields, language);
  for (const key of own.fallback) fallback.push(key);
  const value: Entry = { ...own.value };
  for (const [list, keys] of Object.entries(spec.lists)) {
    const entries = Array.isArray(record[list]) ? (record[list] as Entry[]) : [];
    value[list] = entries.map((entry, index) => {
      const { dv: entryDv, ...rest } = entry;
      const localized = localize<Entry, string>(rest, entryDv, keys, language);
      for (const key of localized.fallback) fallback.push(`${list}.${index}.${key}`);
      return localized.value;
    });
  }
  return { value: value as unknown as SiteContent[K], fallback };
}

export interface LocalizedSiteContent {
  content: SiteContent;
  fallback: Record<SectionKey, string[]>;
}

/** Every section in `language`. */
export function localizeSiteContent(content: SiteContent, language: Language): LocalizedSiteContent {
  const out = {} as Record<SectionKey, unknown>;
  const fallback = {} as Record<SectionKey, string[]>;
  for (const section of SECTION_KEYS) {
    const localized = localizeSection(section, content[section], language);
    out[section] = localized.value;
    fallback[section] = localized.fallback;
  }
  return { content: out as unknown as SiteContent, fallback };
}

/** The attributes of the element showing `path` of a section: lang="en" dir="ltr" when it fell back to English. */
export function fallbackOf(fallback: Fallbacks | undefined, path: string): { lang?: "en"; dir?: "ltr" } {
  return fallbackAttributes(fallback?.includes(path) ?? false);
}
