import { en } from "~/i18n/en";
import { useLanguage, useMessages } from "~/i18n/messages";
import type { Fallbacks } from "~/i18n/site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import { logoInEnglish, resolveLogo } from "~/lib/branding";
import { contactInfo, headerChats, headerPhone, type PublicContact } from "~/lib/contact-info";
import type { SiteSettings } from "~/validation/settings";
import type { CompanyContent, FooterContent } from "~/validation/site-content";
import { DetailSkeleton } from "./detail-skeleton";
import { OnHomePage } from "./section-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export interface SiteChromeData {
  settings: SiteSettings;
  contactDetails: PublicContact[];
  /** The site editor's Company and Footer sections (the starting content when absent). */
  company?: CompanyContent;
  footer?: FooterContent;
  /** Their texts shown in English on a Dhivehi page (docs/decisions/0092-site-content-in-two-languages.md). */
  fallback?: { company?: Fallbacks; footer?: Fallbacks };
}

/**
 * Every public page: a skip link, the header, the page's main content and the footer. `home`: the page is the home
 * page, whose section links then stay on it (section-link.tsx).
 */
export function SiteShell({ chrome, children, home = false }: { chrome: SiteChromeData; children: React.ReactNode; home?: boolean }) {
  const m = useMessages();
  const info = contactInfo(chrome.contactDetails, m);
  const dhivehi = useLanguage() === "dv";
  // A logo whose words are English on a Dhivehi page is marked so (English pages: no mark, the markup as it was).
  const logo = (place: "header" | "footer") => {
    const resolved = resolveLogo(chrome.settings, place, chrome.company?.name);
    const english = dhivehi && logoInEnglish(chrome.settings, place, chrome.fallback?.company?.includes("name") ?? false);
    return english ? { ...resolved, english } : resolved;
  };
  return (
    <OnHomePage value={home}>
      <div className="shell">
        <a href="#main" className="sr-text skip-link">
          {m.skipToContent}
        </a>
        <SiteHeader
          logo={logo("header")}
          phone={headerPhone(chrome.contactDetails)}
          email={info.email}
          hours={info.hours}
          hoursInEnglish={info.fallback.hours}
          chats={headerChats(info.chats)}
        />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {/* Shown by app/islands/site.ts when a detail page is slow to arrive after a click (docs/product.md#service-detail). */}
        <template {...dataAttr(ATTR.detailSkeleton)}>
          <DetailSkeleton label={m.loadingDetails} kinds={m === en ? undefined : { service: m.loadingKindDetails("service"), project: m.loadingKindDetails("project") }} />
        </template>
        <SiteFooter
          logo={logo("footer")}
          info={info}
          footer={chrome.footer}
          companyName={chrome.company?.name}
          fallback={chrome.fallback}
        />
      </div>
    </OnHomePage>
  );
}
