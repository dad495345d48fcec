import { createContext, useContext } from "react";

/**
 * Renders the public not-found page: handed to the root's error boundary by entry.server. The page carries the site's
 * header, footer and their content (with zod schemas): imported by the root, it would be in every admin page's
 * JavaScript although the browser never shows it there. The browser loads it when it is needed
 * (docs/decisions/0033-admin-on-a-phone.md).
 */
export const ServerNotFoundContext = createContext<(() => React.ReactNode) | null>(null);
export const useServerNotFound = () => useContext(ServerNotFoundContext);
