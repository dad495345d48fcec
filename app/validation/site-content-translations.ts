import { translationProgress } from "~/i18n/localize";
import type { SectionKey, SiteContent } from "./site-content";

// Which texts of each Site Content section a visitor reads, and so which have a Dhivehi value beside the English
// one (docs/decisions/0092-site-content-in-two-languages.md). One list per section, used by the editor (which fields
// get a ދިވެހި input), the "Dhivehi: N of M" count and the public pages (which values to swap). Pictures, numbers,
// links, icons, ratings and order are shared by both languages and are not listed.

export interface SectionTranslation {
  /** Keys of the section itself translated as one value each (a list of strings, such as bullets, is one value). */
  fields: readonly string[];
  /** Lists of entries, and the keys of each entry that are translated (in the entry's own `dv`). */
  lists: Readonly<Record<string, readonly string[]>>;
}

const HEADING = ["eyebrow", "title", "intro"] as const;

export const SECTION_TRANSLATIONS: Record<SectionKey, SectionTranslation> = {
  hero: { fields: ["eyebrow", "title", "description", "primaryButton", "secondaryButton"], lists: { stats: ["label"] } },
  about: {
    fields: ["title", "lead", "paragraphs", "imageAlt", "visionTitle", "vision", "visionPoints", "missionTitle", "mission", "missionPoints"],
    lists: {},
  },
  why: { fields: HEADING, lists: { cards: ["title", "description"] } },
  testimonials: { fields: HEADING, lists: { items: ["position", "content"] } },
  gallery: { fields: HEADING, lists: { items: ["title", "category", "alt"] } },
  faq: { fields: HEADING, lists: { items: ["question", "answer"] } },
  footer: { fields: ["description"], lists: { services: ["name"] } },
  company: { fields: ["name", "description"], lists: {} },
};

type Entry = Record<string, unknown> & { dv?: Record<string, unknown> };

/** Whether `key` of `section` (a section field, or an entry field of list `list`) has a Dhivehi value beside it. */
export function isTranslated(section: SectionKey, key: string, list?: string): boolean {
  const spec = SECTION_TRANSLATIONS[section];
  return list === undefined ? spec.fields.includes(key) : (spec.lists[list]?.includes(key) ?? false);
}

/** "Dhivehi: N of M": the section's texts that have an English value, and how many of them have a Dhivehi one. */
export function sectionProgress<K extends SectionKey>(section: K, content: SiteContent[K]): { translated: number; total: number } {
  const spec = SECTION_TRANSLATIONS[section];
  const record = content as unknown as Entry;
  const own = translationProgress(record, record.dv, spec.fields);
  let { translated, total } = own;
  for (const [list, keys] of Object.entries(spec.lists)) {
    const entries = Array.isArray(record[list]) ? (record[list] as Entry[]) : [];
    for (const entry of entries) {
      const progress = translationProgress(entry, entry.dv, keys);
      translated += progress.translated;
      total += progress.total;
    }
  }
  return { translated, total };
}

/** A section "needs Dhivehi" while any of its texts has no Dhivehi value (the editor's filter). */
export function needsDhivehi<K extends SectionKey>(section: K, content: SiteContent[K]): boolean {
  const { translated, total } = sectionProgress(section, content);
  return translated < total;
}
