import type { PublicContact } from "~/lib/contact-info";
import type { Language } from "./language";
import { localize } from "./localize";

// Contact entries as a page in one language shows them (docs/decisions/0092-site-content-in-two-languages.md): on a
// Dhivehi page the label, and an address's or the opening hours' text, take their Dhivehi value when there is one,
// and otherwise stay English and are named in `fallback`. Numbers, emails and links are the same in both.

const TEXT_TYPES = new Set(["address", "hours"]);

export interface StoredPublicContact extends PublicContact {
  label_dv?: string | null;
  value_dv?: string | null;
}

export function localizeContacts(details: readonly StoredPublicContact[], language: Language): PublicContact[] {
  return details.map(({ label_dv, value_dv, ...entry }) => {
    const fields = TEXT_TYPES.has(entry.type) ? (["label", "value"] as const) : (["label"] as const);
    const dv = { label: label_dv ?? undefined, value: value_dv ?? undefined };
    const { value, fallback } = localize<PublicContact, "label" | "value">(entry, dv, fields, language);
    return fallback.size ? { ...value, fallback: [...fallback] } : value;
  });
}
