// The company's name is one published value, the Company section of the site editor (docs/product.md#site-editor).
// Texts that name the company say `{company}`, filled in where they are shown, so renaming carries through.

export const COMPANY_PLACEHOLDER = "{company}";

/** `text` with every `{company}` replaced by `name`. */
export const fillCompanyName = (text: string, name: string): string => text.replaceAll(COMPANY_PLACEHOLDER, name);

/** A copy of `value` (texts, lists and records of them) with `{company}` filled in every string. */
export function withCompanyName<T>(value: T, name: string): T {
  if (typeof value === "string") return fillCompanyName(value, name) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withCompanyName(item, name)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withCompanyName(item, name)])) as T;
  }
  return value;
}

/**
 * `withCompanyName` for content in two languages (docs/decisions/0092-site-content-in-two-languages.md): the Dhivehi
 * values (every `dv` object) say the company's Dhivehi name, `dvName`, when it has one; the English values its name.
 */
export function withCompanyNames<T>(value: T, name: string, dvName: string | undefined): T {
  // With no Dhivehi name, a Dhivehi text says the English one after a right-to-left mark (U+200F, invisible): a text
  // shown with dir="auto" takes its direction from its first strong letter, and a Dhivehi paragraph that began with
  // "Atoll Construction" would be laid out left to right.
  const inDhivehi = dvName || `${RIGHT_TO_LEFT_MARK}${name}`;
  if (Array.isArray(value)) return value.map((item: unknown) => withCompanyNames(item, name, dvName)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === "dv" ? withCompanyName(item, inDhivehi) : withCompanyNames(item, name, dvName)]),
    ) as T;
  }
  return withCompanyName(value, name);
}

const RIGHT_TO_LEFT_MARK = "\u200F";
