// The company itself: the fallback for logos, titles and structured data when settings and
// contact details are empty.
export const COMPANY = {
  name: "Atoll Construction & Services",
  shortName: "Atoll Construction",
  tagline: "Building the Maldives, island by island",
  /** The starting meta description and footer text; `{company}` is the published name (app/lib/company-name.ts). */
  description: "{company} designs, builds, renovates and maintains homes, resorts and public works across the Maldives.",
  /** docs/product.md#header-and-footer: the header falls back to a placeholder Maldives number. */
  fallbackPhone: "+960 300 0000",
  fallbackEmail: "info@atollconstruction.mv",
  fallbackAddress: "Male, Maldives",
  fallbackHours: "Mon - Sat: 8:00 AM - 6:00 PM",
  foundedYear: 2015,
  defaultOgImage: "/images/og-default.jpg",
} as const;
