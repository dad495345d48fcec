import { Icon, IconBox } from "~/components/site/icon";
import { NAV_LINKS } from "~/content/site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { Logo } from "~/lib/branding";
import { telHref } from "~/lib/contact-info";
import { cn } from "~/lib/utils";
import { SectionLink } from "./section-link";
import { SiteLogo } from "./site-logo";

export interface SiteHeaderProps {
  logo: Logo;
  phone: string;
  email: string;
  hours: string;
}

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

const menuId = "mobile-menu";

/** The portfolio page (/projects) beside the home page's sections, in the header and the footer. */
export const PORTFOLIO_LINK = "Portfolio";

/**
 * Sticky site header: logo, section links, phone and 'Get Quote'; on small screens a menu (a native
 * popover, so it opens without JavaScript) that app/islands/site.ts closes after a link, and whose
 * closing tap outside it does nothing else.
 */
export function SiteHeader({ logo, phone, email, hours }: SiteHeaderProps) {
  // Sticky with a negative top: the thin top bar scrolls away, the main bar stays.
  return (
    <header className="sticky top-0 z-40 md:-top-9">
      <div className="hidden bg-brand-navy text-white/90 md:block">
        <div className="mx-auto flex h-9 max-w-7xl items-center justify-between px-4 text-xs sm:px-6 lg:px-8">
          <p className="flex items-center gap-2">
            <Icon name="clock" className="size-3.5 text-brand-amber" />
            {hours}
          </p>
          <a
            href={`mailto:${email}`}
            className="flex items-center gap-2 rounded-sm hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none"
          >
            <Icon name="mail" className="size-3.5 text-brand-amber" />
            {email}
          </a>
        </div>
      </div>
      <div className="border-b bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-18 lg:px-8">
          <SectionLink
            section="home"
            className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <SiteLogo logo={logo} />
          </SectionLink>

          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.sectionId}>
                  <SectionLink section={link.sectionId} className={navLinkClass}>
                    {link.label}
                  </SectionLink>
                </li>
              ))}
              <li>
                <a href="/projects" className={navLinkClass}>
                  {PORTFOLIO_LINK}
                </a>
              </li>
            </ul>
          </nav>

          <div className="flex items-center gap-2">
            <a
              href={telHref(phone)}
              className="hidden items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-brand-navy hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:flex"
            >
              <IconBox name="phone" iconClassName="before:size-4" className="grid size-8 place-items-center rounded-full bg-accent text-brand-teal" />
              {phone}
            </a>
            <a
              href={telHref(phone)}
              aria-label={`Call ${phone}`}
              // The link draws its icon in its ::before (IconBox in components/site/icon.tsx): one element.
              className="icon-box icon-phone grid size-10 place-items-center rounded-md text-brand-teal before:size-5 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:hidden"
            />
            <SectionLink
              section="contact"
              className="hidden h-10 items-center rounded-md bg-brand-amber px-5 text-sm font-semibold text-brand-amber-foreground shadow-sm transition-colors hover:bg-brand-amber/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:inline-flex"
            >
              Get Quote
            </SectionLink>
            {/* A native popover: it opens without JavaScript too; the island adds aria-expanded and the tap-outside rule. */}
            <button
              type="button"
              {...dataAttr(ATTR.menuToggle)}
              popoverTarget={menuId}
              className="group grid size-10 place-items-center rounded-md text-brand-navy hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none lg:hidden"
              aria-controls={menuId}
              aria-label="Menu"
            >
              <Icon name="menu" className="size-6 group-aria-expanded:hidden" />
              <Icon name="x" className="hidden size-6 group-aria-expanded:block" />
            </button>
          </div>
        </div>

        <div
          id={menuId}
          popover="auto"
          className="inset-x-0 top-[var(--menu-top,4rem)] bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-t bg-white p-0 text-foreground shadow-lg lg:hidden"
        >
          <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
            <ul className="flex flex-col">
              {NAV_LINKS.map((link) => (
                <li key={link.sectionId}>
                  <SectionLink section={link.sectionId} className={cn(navLinkClass, "block py-3 text-base")}>
                    {link.label}
                  </SectionLink>
                </li>
              ))}
              <li>
                <a href="/projects" className={cn(navLinkClass, "block py-3 text-base")}>
                  {PORTFOLIO_LINK}
                </a>
              </li>
            </ul>
            <div className="mt-3 flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
              <a href={telHref(phone)} className="flex items-center gap-2 px-3 text-sm font-semibold text-brand-navy">
                <Icon name="phone" className="size-4 text-brand-teal" />
                {phone}
              </a>
              <SectionLink
                section="contact"
                className="inline-flex h-11 items-center justify-center rounded-md bg-brand-amber px-5 text-sm font-semibold text-brand-amber-foreground shadow-sm hover:bg-brand-amber/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                Get Quote
              </SectionLink>
            </div>
          </nav>
        </div>
      </div>
    </header>
  );
}
