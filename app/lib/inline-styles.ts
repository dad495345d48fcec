import { createContext, useContext } from "react";

// The public pages' stylesheet (app/site.css) as text, handed from entry.server to the document of a static (not hydrated)
// page, which inlines it: one round trip less before the first paint on a phone (issue 6's LCP).
export const InlineStylesContext = createContext<string | undefined>(undefined);
export const useInlineStyles = () => useContext(InlineStylesContext);
