import { Icon, IconBox } from "~/components/site/icon";
import { COMPANY } from "~/content/company";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";
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
    <main id="main" className="shell">
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
  const m = useMessages();
  return (
    <div className="notice not-found">
      <title>{`${m.pageNotFound} | ${companyName}`}</title>
      <meta name="robots" content="noindex" />
      <div>
        <IconBox name="hard-hat" className="not-found-mark" />
        <h1>404</h1>
        <p>{m.notFoundHeading}</p>
        <p>{m.notFoundText}</p>
        <a href={localizedPath(useLanguage(), "/")} className="btn">
          <Icon name="home" />
          {m.returnHome}
        </a>
      </div>
    </div>
  );
}
