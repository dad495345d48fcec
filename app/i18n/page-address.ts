import { createContext } from "react";
import { englishPath, type Language, languageOfPath } from "./language";

// The page being rendered, as the root layout sets it from the address (docs/decisions/0089-fixed-words-as-typed-catalogues.md).
// Apart from the catalogues (messages.ts), so that the root layout, which every admin page loads in the browser too,
// carries no catalogue into the admin's scripts.

/** What a public component knows of the page: its language, and its address in English (for the language link). */
export interface PageAddress {
  language: Language;
  /** The page's path as the English site has it: `/dv/service/x` -> `/service/x`. */
  englishPath: string;
  /** The query string as received (`?page=2`), "" when none. */
  search: string;
}

export function pageAddress(pathname: string, search = ""): PageAddress {
  return { language: languageOfPath(pathname), englishPath: englishPath(pathname), search };
}

/** English, at `/`, when nothing set it: a component rendered on its own (the unit tests). */
export const PageAddressContext = createContext<PageAddress>(pageAddress("/"));
