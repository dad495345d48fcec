// The public site's two languages (docs/decisions/0077-dhivehi-design.md): English at the spec's addresses,
// Dhivehi under /dv. A page's language comes from its address alone, never from a cookie or Accept-Language, so a
// link is the same page for everyone and the page cache (keyed by path) keeps the languages apart.

export const LANGUAGES = ["en", "dv"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The path prefix of each language's pages. */
const PREFIX: Record<Language, string> = { en: "", dv: "/dv" };

/** The language of a public path: `/dv` and everything under `/dv/` is Dhivehi. */
export function languageOfPath(pathname: string): Language {
  return pathname === "/dv" || pathname.startsWith("/dv/") ? "dv" : "en";
}

/** The language of a request, from its address. */
export function languageOf(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** A path of the English site (`/`, `/service/x`, `/projects?page=2`) as it is in `language`. */
export function localizedPath(language: Language, englishPath: string): string {
  if (language === "en") return englishPath;
  if (englishPath === "/" || englishPath === "") return PREFIX[language];
  if (englishPath.startsWith("/?") || englishPath.startsWith("/#")) return PREFIX[language] + englishPath.slice(1);
  return PREFIX[language] + englishPath;
}

/** The English path of a path in either language (`/dv/service/x` -> `/service/x`). */
export function englishPath(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice(PREFIX.dv.length);
  return rest === "" ? "/" : rest;
}

export function otherLanguage(language: Language): Language {
  return language === "en" ? "dv" : "en";
}

/** What `lang` and `dir` the `<html>` element of a page in `language` carries. */
export const HTML_ATTRIBUTES: Record<Language, { lang: string; dir: "ltr" | "rtl" }> = {
  en: { lang: "en", dir: "ltr" },
  dv: { lang: "dv", dir: "rtl" },
};
