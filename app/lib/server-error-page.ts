import { createContext, useContext } from "react";

/**
 * Renders a public page's error page in the page's language: handed to the root's error boundary by entry.server.
 * It reads the fixed-word catalogues, which imported by the root would be in every admin page's JavaScript; public
 * pages are rendered on the server only, so the browser never needs it (as app/lib/server-not-found.ts).
 */
export const ServerErrorPageContext = createContext<((status: number, stack?: string) => React.ReactNode) | null>(null);
export const useServerErrorPage = () => useContext(ServerErrorPageContext);
