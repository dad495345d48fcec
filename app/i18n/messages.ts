import { useContext } from "react";
import { dv, DV_MONTHS } from "./dv";
import { en, type Messages } from "./en";
import type { Language } from "./language";
import { type PageAddress, PageAddressContext } from "./page-address";

export { type PageAddress, pageAddress, PageAddressContext } from "./page-address";

// The fixed words of the page being rendered (docs/decisions/0089-fixed-words-as-typed-catalogues.md). Public
// pages are rendered on the server only, so a context set once by the root layout from the page's address is all a
// component needs: no prop threading, no messages in any browser bundle (docs/decisions/0007-public-pages-without-hydration.md).

export const CATALOGUES: Record<Language, Messages> = { en, dv };

export function usePageAddress(): PageAddress {
  return useContext(PageAddressContext);
}

export function useLanguage(): Language {
  return useContext(PageAddressContext).language;
}

export function useMessages(): Messages {
  return CATALOGUES[useContext(PageAddressContext).language];
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/**
 * A date in Dhivehi: "2025-01-05" -> "5 ޖަނަވަރީ 2025" (day, month, year, Western digits). Node's Intl has no
 * Dhivehi data (docs/decisions/0077-dhivehi-design.md). A date-only value is that calendar day; a moment is the
 * day it was in the Maldives (UTC+5, no daylight saving), as formatDate in app/lib/format.ts reads it.
 */
export function formatDhivehiDate(value: string | Date | null | undefined): string {
  if (isBlank(value)) return dv.notAvailable;
  const dateOnly = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = value instanceof Date ? value : new Date(dateOnly ? `${value}T00:00:00Z` : (value as string));
  if (Number.isNaN(date.getTime())) return dv.notAvailable;
  const day = dateOnly ? date : new Date(date.getTime() + 5 * 60 * 60 * 1000);
  return `${day.getUTCDate()} ${DV_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
