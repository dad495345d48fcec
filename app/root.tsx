import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, useLocation, useMatches } from "react-router";
import { lazy, Suspense, useEffect } from "react";
import type { Route } from "./+types/root";
import { flashForPage } from "~/.server/http/flash";
import { useFlashToast } from "~/components/admin/action-result";
import { Toaster } from "~/components/ui/sonner";
import { useToasterPosition } from "~/components/admin/use-toaster-position";
import { FormTokenInput } from "~/components/site/form-token";
import { ENQUIRY_FORM_ATTR, ISLAND_FOR_ATTR } from "~/islands/script-markers";
import { isStaticPage } from "~/lib/hydration";
import { useInlineAssets } from "~/lib/inline-assets";
import { useNonce } from "~/lib/nonce";
import { useServerNotFound } from "~/lib/server-not-found";
import { useServerErrorPage } from "~/lib/server-error-page";
import { ENGLISH_ERROR_TEXTS, ErrorPage } from "~/components/error-page";
import stylesheetHref from "./app.css?url";
import siteStylesheetHref from "./site.css?url";
import dhivehiStylesheetHref from "./site-dhivehi.css?url";
import { HTML_ATTRIBUTES } from "./i18n/language";
import { pageAddress, PageAddressContext } from "./i18n/page-address";
import enquiryScript from "./islands/enquiry.ts?island";
import siteScript from "./islands/site.ts?island";

/** A message left by a redirect (app/.server/http/flash.ts), read once and cleared; admin and sign-in pages only. */
export function loader({ request }: Route.LoaderArgs) {
  return flashForPage(request);
}

/**
 * Also on every navigation to another admin page, not only after an action: a loader's redirect may have left a
 * message. The root loader is part of the same single request and reads no database.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Public pages are complete HTML plus one small script; the admin is a hydrated React app.
  const matches = useMatches();
  const staticPage = isStaticPage(matches);
  const formToken = staticPage ? formTokenOf(matches) : undefined;
  // A static page carries its own styles (site.css, inline): the first paint waits on no other request. Its scripts
  // are files, cached a year, that a few bytes at the end of the body load once the page is parsed: inline, their
  // 3.3 KB made every page that much larger (docs/decisions/0061-public-scripts-as-files-and-one-image-version-per-picture.md).
  // The admin links the whole app's stylesheet and scripts.
  const { styles: inlineStyles, dhivehiStyles } = useInlineAssets();
  // The page's language is its address's (docs/decisions/0077-dhivehi-design.md); the public components read it,
  // and their fixed words, from this context. The admin is English.
  const location = useLocation();
  const address = staticPage ? pageAddress(location.pathname, location.search) : pageAddress("/");
  const dhivehi = address.language === "dv";
  // The contact form's script says which markup it serves: a stored page without the form drops it
  // (docs/decisions/0049-contact-form-script-only-where-the-form-is.md).
  const enquiryScriptFor = { [ISLAND_FOR_ATTR]: ENQUIRY_FORM_ATTR };
  return (
    // English pages keep their `<html lang="en">` as it was: `dir` is said only where it is not the default.
    <html lang={HTML_ATTRIBUTES[address.language].lang} dir={dhivehi ? HTML_ATTRIBUTES.dv.dir : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12304d" />
        <Meta />
        {staticPage && inlineStyles ? (
          <style dangerouslySetInnerHTML={{ __html: inlineStyles }} />
        ) : (
          // A stylesheet with a precedence is one React places before the scripts' modulepreloads: without it the
          // admin's first paint waited behind them on a phone's line (docs/decisions/0033-admin-on-a-phone.md).
          <link rel="stylesheet" href={staticPage ? siteStylesheetHref : stylesheetHref} precedence="default" />
        )}
        {/* The Thaana type, on Dhivehi pages only (docs/decisions/0090-thaana-type-and-right-to-left.md): its rules
            after the site's. Its file is not preloaded: most phones have the face already, and the preload cost them
            the hero's paint; a device without it asks for the file at the first layout (decision 0101). */}
        {dhivehi ? (
          dhivehiStyles ? (
            <style dangerouslySetInnerHTML={{ __html: dhivehiStyles }} />
          ) : (
            <link rel="stylesheet" href={dhivehiStylesheetHref} precedence="default" />
          )
        ) : null}
        <Links />
      </head>
      <body>
        <PageAddressContext value={address}>{children}</PageAddressContext>
        {staticPage ? <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: islandLoader(siteScript) }} /> : null}
        {staticPage ? <script type="module" nonce={nonce} {...enquiryScriptFor} dangerouslySetInnerHTML={{ __html: islandLoader(enquiryScript) }} /> : null}
        {/* Last in the body: the one value that differs per response (app/.server/cache/page-cache.ts, brotliPrefix). */}
        {formToken ? <FormTokenInput formToken={formToken} /> : null}
        {staticPage ? null : (
          <>
            <AdminToaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * An island script's loader: a script element made by a script the CSP allows ('strict-dynamic'), so the file needs
 * no nonce of its own, and a stored page (the same for everyone) allows the loader by its hash. The page cache reads
 * the file named here for the class names the island adds (app/.server/cache/css-prune.ts, scriptClasses).
 */
function islandLoader(src: string): string {
  return `document.head.append(Object.assign(document.createElement("script"),{type:"module",src:${JSON.stringify(src)}}))`;
}

/** The contact form's token, when a public page's loader signed one (the home page's contact form). */
function formTokenOf(matches: ReturnType<typeof useMatches>): string | undefined {
  for (const match of matches) {
    const token = (match.loaderData as { formToken?: unknown } | undefined)?.formToken;
    if (typeof token === "string") return token;
  }
  return undefined;
}

/**
 * Admin toasts, placed clear of the controls that make them (useToasterPosition), one at a time: a newer toast
 * stacked over an older one would reach down over the page, so the older waits behind it (an error stays until
 * closed) (docs/decisions/0070-toasts-leave-on-their-own-and-stay-off-the-controls.md).
 */
function AdminToaster() {
  const { position, offset, width, besideDialogClose } = useToasterPosition();
  return (
    <Toaster
      position={position}
      offset={offset}
      mobileOffset={offset}
      style={width === null ? undefined : ({ "--width": `${width}px` } as React.CSSProperties)}
      expand
      visibleToasts={1}
      className={besideDialogClose ? "toaster-beside-dialog-close" : undefined}
      richColors
      closeButton
    />
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Public pages are never hydrated; should the admin app navigate to one on the client (a link
  // without reloadDocument), load it as a document so its island script runs.
  const staticPage = isStaticPage(useMatches());
  useEffect(() => {
    if (staticPage) window.location.reload();
  }, [staticPage]);
  useFlashToast(staticPage ? null : loaderData.flash);
  return <Outlet />;
}

const LazyNotFoundPage = lazy(() => import("~/components/site/not-found-page").then((m) => ({ default: m.NotFoundPage })));

/**
 * The public site's not-found page: the server has it at hand (entry.server); a browser, where it only shows
 * after a hydrated page met a 404, loads it then rather than with every admin page (app/lib/server-not-found.ts).
 */
function RootNotFound() {
  const renderOnServer = useServerNotFound();
  if (renderOnServer) return renderOnServer();
  return (
    <Suspense fallback={null}>
      <LazyNotFoundPage />
    </Suspense>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const renderPublicError = useServerErrorPage();
  const staticPage = isStaticPage(useMatches());
  if (isRouteErrorResponse(error) && error.status === 404) return <RootNotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Stack traces only in development; visitors never see internals.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  // A public page's in its address's language (Dhivehi under /dv), from the server; the admin's in English, the same
  // on the server and in the browser that hydrates it.
  if (staticPage && renderPublicError) return renderPublicError(status, stack);
  return <ErrorPage status={status} texts={ENGLISH_ERROR_TEXTS} homeHref="/" stack={stack} />;
}
