import { fallbackAttributes, hasValue, localize, translationProgress } from "./localize";
import type { Language } from "./language";

// Services and projects in two languages (docs/decisions/0077-dhivehi-design.md): what the public pages, the admin
// cards and the lists' "Needs Dhivehi" filter ask of a record with its Dhivehi values in `dv`. No server code here,
// so a component may use it too.

/**
 * Whether a record has a Dhivehi title: only such a record gets a Dhivehi sitemap entry and a `dv` hreflang
 * alternate, as a page in Dhivehi whose heading is English is not worth offering search engines as Dhivehi.
 */
export function hasDhivehiTitle(record: { dv?: { title?: string } | null }): boolean {
  return hasValue(record.dv?.title);
}

/** A record as a page in `language` shows it: its Dhivehi values over the English ones, and which fell back. */
export interface LocalizedRecord<T> {
  value: Omit<T, "dv">;
  /** The fields shown in English on a Dhivehi page (their element gets fallbackAttributes). */
  fallback: string[];
}

/**
 * `record` for a page in `language`: localize() with the record's own `dv`, then its category by the categories'
 * Dhivehi names (`categoryNames`: English name -> Dhivehi name). The `dv` object itself is not passed on.
 */
export function localizeRecord<T extends { dv: object | null; category?: string | null }>(
  record: T,
  fields: readonly string[],
  language: Language,
  categoryNames: Readonly<Record<string, string>> = {},
): LocalizedRecord<T> {
  const { dv, ...english } = record;
  const localized = localize(english as Record<string, unknown>, dv as Record<string, unknown> | null, fields, language);
  const fallback = [...localized.fallback];
  const value = localized.value as Omit<T, "dv">;
  const category = (english as { category?: string | null }).category;
  if (language === "dv" && category) {
    const name = categoryNames[category];
    if (name) (value as { category?: string | null }).category = name;
    else fallback.push("category");
  }
  return { value, fallback };
}

/** The attributes of the element showing `field` of a record: `lang="en" dir="ltr"` when it fell back to English. */
export const fallbackOf = (fallback: readonly string[] | undefined, field: string) => fallbackAttributes(Boolean(fallback?.includes(field)));

/** "Dhivehi: N of M" of a record: its translatable fields with an English value, and how many have a Dhivehi one. */
export function dhivehiProgress(record: { dv: object | null }, fields: readonly string[]): { translated: number; total: number } {
  return translationProgress(record as unknown as Record<string, unknown>, record.dv as Record<string, unknown> | null, fields);
}

/** Whether a record needs Dhivehi: fewer of its English-filled translatable fields have a Dhivehi value than have English. */
export function needsDhivehi(record: { dv: object | null }, fields: readonly string[]): boolean {
  const { translated, total } = dhivehiProgress(record, fields);
  return translated < total;
}
