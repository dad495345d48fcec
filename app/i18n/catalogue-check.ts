import type { Plugin } from "vite";

// The build's check that every language's catalogue has exactly the English catalogue's keys
// (docs/decisions/0089-fixed-words-as-typed-catalogues.md). The type of app/i18n/dv.ts says so to the editor and
// to `tsc`; this says it to `npm run build` too, which does not type-check. Plain: vite.config.ts imports it.

/** The keys one catalogue lacks and the keys it has beyond the reference, each sorted. */
export function catalogueDifference(reference: object, other: object): { missing: string[]; extra: string[] } {
  const want = new Set(Object.keys(reference));
  const have = new Set(Object.keys(other));
  return {
    missing: [...want].filter((key) => !have.has(key)).sort(),
    extra: [...have].filter((key) => !want.has(key)).sort(),
  };
}

/** Throws, naming each key, when a catalogue's keys differ from the reference's; a message with values must stay a function. */
export function assertSameKeys(reference: Record<string, unknown>, catalogues: Record<string, Record<string, unknown>>): void {
  const problems: string[] = [];
  for (const [language, catalogue] of Object.entries(catalogues)) {
    const { missing, extra } = catalogueDifference(reference, catalogue);
    if (missing.length) problems.push(`${language} lacks ${missing.join(", ")}`);
    if (extra.length) problems.push(`${language} has keys English does not: ${extra.join(", ")}`);
    for (const key of Object.keys(reference)) {
      if (key in catalogue && typeof catalogue[key] !== typeof reference[key]) problems.push(`${language}.${key} is a ${typeof catalogue[key]}, English's a ${typeof reference[key]}`);
    }
  }
  if (problems.length) throw new Error(`The fixed-word catalogues differ (app/i18n): ${problems.join("; ")}`);
}

/**
 * The Vite plugin: the check at the start of every build, client and server, so `npm run build` stops on a
 * difference (the build does not type-check, so dv.ts's type alone would not stop it).
 */
export function catalogueCheck(reference: Record<string, unknown>, catalogues: Record<string, Record<string, unknown>>): Plugin {
  return {
    name: "catalogue-check",
    buildStart() {
      assertSameKeys(reference, catalogues);
    },
  };
}
