import { createContext, useContext } from "react";

/**
 * The public pages' stylesheet (app/site.css) and script (app/islands/site.ts) as text, handed from
 * entry.server to the document of a static (not hydrated) page, which inlines both: no request stands
 * between the HTML and the first paint on a phone (the LCP target of docs/performance.md#targets). Undefined in development.
 */
export interface InlineAssets {
  styles?: string;
  script?: string;
  /** The contact form's script (app/islands/enquiry.ts), kept in stored pages only where the form is. */
  enquiryScript?: string;
}

export const InlineAssetsContext = createContext<InlineAssets>({});
export const useInlineAssets = () => useContext(InlineAssetsContext);
