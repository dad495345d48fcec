import { ErrorPage } from "~/components/error-page";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";

/**
 * A public page's error page, in its address's language (docs/decisions/0077-dhivehi-design.md): under /dv the
 * catalogue's Dhivehi and a link back to /dv, as the not-found page has. Rendered on the server only (public pages are
 * not hydrated), handed to the root's error boundary by entry.server (app/lib/server-error-page.ts).
 */
export function ServerErrorPage({ status, stack }: { status: number; stack?: string }) {
  const m = useMessages();
  const texts = { title: m.errorTitle, noAccess: m.errorNoAccess, tooLarge: m.errorTooLarge, server: m.errorServer, home: m.returnHome };
  return <ErrorPage status={status} texts={texts} homeHref={localizedPath(useLanguage(), "/")} stack={stack} />;
}

/** What entry.server hands the root's error boundary (ServerErrorPageContext). */
export const renderServerErrorPage = (status: number, stack?: string) => <ServerErrorPage status={status} stack={stack} />;
