import { Icon } from "~/components/site/icon";
import { COMPANY } from "~/content/company";
import { type SiteChromeData, SiteShell } from "./site-shell";

/** The chrome a thrown 404 carries (`data({ chrome }, 404)`), or null when it carries none. */
export function chromeOf(errorData: unknown): SiteChromeData | null {
  const chrome = (errorData as { chrome?: SiteChromeData } | null)?.chrome;
  return chrome && typeof chrome === "object" && "settings" in chrome && Array.isArray(chrome.contactDetails) ? chrome : null;
}

/**
 * A not-found page keeps the site's header and footer (docs/decisions/0019-admin-toasts-and-hero-media.md), so a lost visitor still finds the
 * phone number and the menu. Without the chrome (a 404 thrown where none was loaded) it stands alone.
 */
export function NotFoundFrame({ chrome, children }: { chrome: SiteChromeData | null; children: React.ReactNode }) {
  if (chrome) return <SiteShell chrome={chrome}>{children}</SiteShell>;
  return (
    <main id="main" className="flex min-h-screen flex-col">
      {children}
    </main>
  );
}

/** docs/product.md#not-found-page: '404', 'Oops! Page not found' and a 'Return to Home' link. */
export function NotFoundPage({ chrome = null }: { chrome?: SiteChromeData | null }) {
  return (
    <NotFoundFrame chrome={chrome}>
      <NotFoundContent companyName={chrome?.company?.name ?? COMPANY.name} />
    </NotFoundFrame>
  );
}

function NotFoundContent({ companyName }: { companyName: string }) {
  return (
    <div className="flex flex-1 items-center justify-center bg-muted px-6 py-16">
      <title>{`Page Not Found | ${companyName}`}</title>
      <meta name="robots" content="noindex" />
      <div className="w-full max-w-md rounded-2xl border bg-card p-10 text-center shadow-lg">
        <span
          aria-hidden="true"
          className="mx-auto mb-6 grid size-16 place-items-center rounded-full bg-brand-amber/20 text-brand-amber-foreground"
        >
          <Icon name="hard-hat" className="size-8" />
        </span>
        <h1 className="text-6xl font-extrabold tracking-tight text-brand-navy">404</h1>
        <p className="mt-3 text-xl font-semibold text-brand-navy">Oops! Page not found</p>
        <p className="mt-2 text-muted-foreground">The page you are looking for has moved, or never existed.</p>
        <a
          href="/"
          className="mt-8 inline-flex h-11 items-center justify-center gap-2 rounded-md bg-primary px-6 font-semibold text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Icon name="home" className="size-4" />
          Return to Home
        </a>
      </div>
    </div>
  );
}
