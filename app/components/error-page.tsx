// The root error page's markup (ErrorBoundary in app/root.tsx), for the admin and the public site alike. Its words
// come from the caller: the admin's are English (app/root.tsx), a public page's are its address's language
// (app/components/site/server-error-page.tsx). No catalogue here: the root, and so this, is in every admin script.

export interface ErrorPageTexts {
  /** The document title's word after the status: "500 | Error". */
  title: string;
  noAccess: string;
  tooLarge: string;
  server: string;
  home: string;
}

/** The admin's words, as the page always had them. */
export const ENGLISH_ERROR_TEXTS: ErrorPageTexts = {
  title: "Error",
  noAccess: "You do not have access to this page.",
  tooLarge: "That upload is too large.",
  server: "Something went wrong on our side. Please try again in a moment.",
  home: "Return to Home",
};

/** The status, what it means to a visitor (never the error's own message) and a link home. */
export function ErrorPage({ status, texts, homeHref, stack }: { status: number; texts: ErrorPageTexts; homeHref: string; stack?: string }) {
  const message = status === 401 || status === 403 ? texts.noAccess : status === 413 ? texts.tooLarge : texts.server;
  return (
    <main className="error-page">
      <title>{`${status} | ${texts.title}`}</title>
      <p>{status}</p>
      <h1>{message}</h1>
      <a href={homeHref}>{texts.home}</a>
      {stack ? <pre>{stack}</pre> : null}
    </main>
  );
}
