// Stored texts in two languages (docs/decisions/0077-dhivehi-design.md): the English value where it always was, the
// Dhivehi values beside it in one object with the same keys. Pictures, numbers, flags and order are shared.

import type { Language } from "./language";

/** The Dhivehi values of a record's translatable fields; each key optional. */
export type Translations<T, K extends keyof T> = Partial<Pick<T, K>>;

/** A record as a page in one language shows it, and which of its fields fell back to English. */
export interface Localized<T, K extends keyof T = keyof T> {
  value: T;
  /** Fields shown in English on a Dhivehi page because their Dhivehi value is missing. Empty on English pages. */
  fallback: ReadonlySet<K>;
}

/** Whether a translated value is there: an empty string or an empty list counts as missing. */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * `record` in `language`: on a Dhivehi page each translatable field takes its Dhivehi value when there is one, and
 * otherwise keeps the English value and is named in `fallback` (a field whose English value is empty too is not:
 * nothing is shown). English pages get the record unchanged.
 */
export function localize<T, K extends keyof T>(
  record: T,
  dv: Translations<T, K> | null | undefined,
  fields: readonly K[],
  language: Language,
): Localized<T, K> {
  if (language === "en") return { value: record, fallback: new Set<K>() };
  const value = { ...record };
  const fallback = new Set<K>();
  for (const field of fields) {
    const translated = dv?.[field];
    if (hasValue(translated)) value[field] = translated as T[K];
    else if (hasValue(record[field])) fallback.add(field);
  }
  return { value, fallback };
}

/** How much of a record is translated: fields with an English value, and how many of them have a Dhivehi one. */
export function translationProgress<T, K extends keyof T>(
  record: T,
  dv: Translations<T, K> | null | undefined,
  fields: readonly K[],
): { translated: number; total: number } {
  let translated = 0;
  let total = 0;
  for (const field of fields) {
    if (!hasValue(record[field])) continue;
    total += 1;
    if (hasValue(dv?.[field])) translated += 1;
  }
  return { translated, total };
}

/**
 * The attributes of an element showing a field that fell back to English on a Dhivehi page, so that it reads and
 * aligns as English; nothing otherwise.
 */
export function fallbackAttributes(isFallback: boolean): { lang?: "en"; dir?: "ltr" } {
  return isFallback ? { lang: "en", dir: "ltr" } : {};
}

/**
 * The same for an image whose alt text is English on a Dhivehi page, so that a screen reader reads it in English: the
 * lang alone, as the image shows no line of text whose direction could matter.
 */
export function fallbackImageAttributes(isFallback: boolean): { lang?: "en" } {
  return isFallback ? { lang: "en" } : {};
}
