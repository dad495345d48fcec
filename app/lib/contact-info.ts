import { COMPANY } from "~/content/company";

// Contact entries for the header, the contact section and the footer, from the public contact
// details with the fallbacks of docs/product.md#contact.

export interface PublicContact {
  type: string;
  label: string | null;
  value: string;
  icon: string | null;
  is_primary: boolean;
}

export interface ContactInfo {
  phones: PublicContact[];
  email: string;
  address: string;
  hours: string;
  website: string | null;
  socials: PublicContact[];
}

const ofType = (details: readonly PublicContact[], type: string) => details.filter((d) => d.type === type && d.value.trim() !== "");
const preferred = (details: readonly PublicContact[], type: string) => {
  const list = ofType(details, type);
  return list.find((d) => d.is_primary) ?? list[0];
};

/** The primary phone entry, else the first phone entry, else null: what the FAQ, contact section and footer show. */
export function contactPhone(details: readonly PublicContact[]): string | null {
  return preferred(details, "phone")?.value.trim() ?? null;
}

/** The header phone: the primary phone entry, else the first phone entry, else the placeholder number. */
export function headerPhone(details: readonly PublicContact[]): string {
  return preferred(details, "phone")?.value.trim() ?? COMPANY.fallbackPhone;
}

export function contactInfo(details: readonly PublicContact[]): ContactInfo {
  const phones = ofType(details, "phone");
  // The primary phone first, the others in display order.
  phones.sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return {
    // The placeholder number is the header's fallback only: elsewhere no entry shows no phone (docs/decisions/0019-admin-toasts-and-hero-media.md).
    phones,
    email: preferred(details, "email")?.value.trim() ?? COMPANY.fallbackEmail,
    address: preferred(details, "address")?.value.trim() ?? COMPANY.fallbackAddress,
    hours: preferred(details, "hours")?.value.trim() ?? COMPANY.fallbackHours,
    website: preferred(details, "website")?.value.trim() ?? null,
    socials: ofType(details, "social").filter((d) => /^https?:\/\//i.test(d.value.trim())),
  };
}

/** "+960 330 1234" -> "tel:+9603301234". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** "https://atollconstruction.mv/" -> "atollconstruction.mv". */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}
