import { Icon } from "~/components/site/icon";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { NAV_LINKS } from "~/content/site-content";
import type { Logo } from "~/lib/branding";
import type { FooterContent } from "~/validation/site-content";
import { type ContactInfo, telHref } from "~/lib/contact-info";
import { SectionLink } from "./section-link";
import { PORTFOLIO_LINK } from "./site-header";
import { SiteLogo } from "./site-logo";
import { SocialIcon, socialPlatform } from "./social-icon";

const headingClass = "mb-5 text-sm font-bold tracking-[0.14em] text-white uppercase";
const linkClass =
  "rounded-sm text-white/75 transition-colors hover:text-brand-amber focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none";

export function SiteFooter({
  logo,
  info,
  footer = DEFAULT_SITE_CONTENT.footer,
  companyName = DEFAULT_SITE_CONTENT.company.name,
}: {
  logo: Logo;
  info: ContactInfo;
  /** The site editor's Footer section. */
  footer?: FooterContent;
  companyName?: string;
}) {
  const year = new Date().getFullYear();
  const phone = info.phones[0]?.value;
  return (
    <footer className="bg-brand-navy text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-16 sm:gap-x-10 sm:px-6 lg:grid-cols-[1.4fr_1fr_1.2fr_1.3fr] lg:px-8">
        <div className="col-span-2 sm:col-span-1">
          <SiteLogo logo={logo} tone="light" />
          <p className="mt-5 max-w-xs leading-relaxed whitespace-pre-line text-white/75">{footer.description}</p>
          {info.socials.length > 0 ? (
            <ul className="mt-6 flex gap-3">
              {info.socials.map((s) => (
                <li key={s.value}>
                  <a
                    href={s.value}
                    rel="noopener"
                    aria-label={s.label || socialPlatform(s.icon, s.value)}
                    className="grid size-10 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-brand-amber hover:text-brand-amber-foreground focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none"
                  >
                    <SocialIcon platform={socialPlatform(s.icon, s.value)} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <h2 className={headingClass}>Quick Links</h2>
          <ul className="space-y-3">
            {NAV_LINKS.map((link) => (
              <li key={link.sectionId}>
                <SectionLink section={link.sectionId} className={`${linkClass} inline-flex items-center gap-1.5`}>
                  <Icon name="chevron-right" className="size-4 text-brand-amber" />
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <a href="/projects" className={`${linkClass} inline-flex items-center gap-1.5`}>
                <Icon name="chevron-right" className="size-4 text-brand-amber" />
                {PORTFOLIO_LINK}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Our Services</h2>
          <ul className="space-y-3 text-white/75">
            {footer.services.map((service, i) => (
              <li key={`${i}-${service.name}`}>
                {service.link ? (
                  <a href={service.link} className={linkClass}>
                    {service.name}
                  </a>
                ) : (
                  service.name
                )}
              </li>
            ))}
          </ul>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <h2 className={headingClass}>Contact Info</h2>
          <ul className="space-y-4 text-white/75">
            {phone ? (
              <li className="flex gap-3">
                <Icon name="phone" className="mt-0.5 size-5 shrink-0 text-brand-amber" />
                <a href={telHref(phone)} className={linkClass}>
                  {phone}
                </a>
              </li>
            ) : null}
            <li className="flex gap-3">
              <Icon name="mail" className="mt-0.5 size-5 shrink-0 text-brand-amber" />
              <a href={`mailto:${info.email}`} className={`${linkClass} break-all`}>
                {info.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-brand-amber" />
              <span>{info.address}</span>
            </li>
            <li className="flex gap-3">
              <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-amber" />
              <span>{info.hours}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-white/70 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {companyName}. All rights reserved.
          </p>
          <p>Proudly building across the Maldives</p>
        </div>
      </div>
    </footer>
  );
}
