import { createContext, useContext } from "react";

/**
 * The public pages' stylesheet (app/site.css) as text, handed from entry.server to the document of a static (not
 * hydrated) page, which inlines it: no request stands between the HTML and the first paint on a phone (the LCP
 * target of docs/performance.md#targets). Undefined in development.
 */
export interface InlineAssets {
  styles?: string;
  /** What the Dhivehi pages add (app/site-dhivehi.css): the Thaana type (docs/decisions/0090-thaana-type-and-right-to-left.md). */
  dhivehiStyles?: string;
}

export const InlineAssetsContext = createContext<InlineAssets>({});
export const useInlineAssets = () => useContext(InlineAssetsContext);
