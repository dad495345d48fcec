import type { Language } from "~/i18n/language";
import { localizeRecord, type LocalizedRecord } from "~/i18n/records";
import { categoryNamesDv } from "./categories";
import { toTextList } from "./rows";

// A service's or project's Dhivehi values (docs/decisions/0077-dhivehi-design.md): stored as JSON text in its `dv`
// column (migration 0022_dhivehi_records), read back as an object holding only the translated fields. The field
// lists are in app/validation/translations.ts, shared with the dialogs and the counts.

/** A stored `dv` column as an object: only `fields`, texts as strings and lists as lists of strings; null when none. */
export function readTranslations<K extends string, T>(value: unknown, fields: readonly K[], lists: ReadonlySet<string>): T | null {
  if (typeof value !== "string" || value === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const v = (parsed as Record<string, unknown>)[field];
    if (lists.has(field)) {
      const list = Array.isArray(v) ? toTextList(JSON.stringify(v)) : [];
      if (list.length) out[field] = list;
    } else if (typeof v === "string" && v.trim() !== "") out[field] = v;
  }
  return Object.keys(out).length ? (out as T) : null;
}

/** What a save writes to the `dv` column: the JSON of the translated fields, or null when there are none. */
export const translationsToJson = (dv: object | null): string | null => (dv && Object.keys(dv).length ? JSON.stringify(dv) : null);

export { hasDhivehiTitle } from "~/i18n/records";

/**
 * `record` as a page in `language` shows it (localizeRecord), its category by the categories' Dhivehi names. The
 * names are read only for a Dhivehi page; an English page gets the record as it is, with nothing fallen back.
 */
export async function localized<T extends { dv: object | null; category?: string | null }>(
  record: T,
  fields: readonly string[],
  language: Language,
): Promise<LocalizedRecord<T>> {
  return localizeRecord(record, fields, language, language === "dv" ? await categoryNamesDv() : {});
}

/** A list of cards as a page in `language` shows them: each card's values, and the fields that fell back to English. */
export async function localizedCards<T extends { dv: object | null; category?: string | null }>(
  cards: readonly T[],
  fields: readonly string[],
  language: Language,
): Promise<Array<Omit<T, "dv"> & { fallback?: string[] }>> {
  const names = language === "dv" ? await categoryNamesDv() : {};
  return cards.map((card) => {
    const { value, fallback } = localizeRecord(card, fields, language, names);
    // Only where something fell back: a streamed list is written into the page, and English pages stay as they were.
    return fallback.length ? { ...value, fallback } : value;
  });
}
