import { Icon } from "~/components/site/icon";
import { fallbackAttributes } from "~/i18n/localize";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { STARTING_SITE_CONTENT } from "~/content/default-site-content";
import { NAV_LINKS } from "~/content/site-content";
import type { Logo } from "~/lib/branding";
import type { FooterContent } from "~/validation/site-content";
import { type ContactInfo, telHref } from "~/lib/contact-info";
import { SectionLink } from "./section-link";
import { PORTFOLIO_LINK } from "./site-header";
import { SiteLogo } from "./site-logo";
import { SocialIcon, socialPlatform } from "./social-icon";
import { CHAT_ICONS } from "./chat-icons";
import { InEnglish } from "./in-english";

export function SiteFooter({
  logo,
  info,
  footer = STARTING_SITE_CONTENT.footer,
  companyName = STARTING_SITE_CONTENT.company.name,
  fallback = {},
}: {
  logo: Logo;
  info: ContactInfo;
  /** The site editor's Footer section. */
  footer?: FooterContent;
  companyName?: string;
  /** The Footer's and Company's texts shown in English on a Dhivehi page (app/i18n/site-content.ts). */
  fallback?: { company?: Fallbacks; footer?: Fallbacks };
}) {
  const year = new Date().getFullYear();
  const phone = info.phones[0]?.value;
  return (
    <footer className="site-footer on-dark">
      <div className="wrap">
        <div>
          <SiteLogo logo={logo} tone="light" />
          <p dir="auto" {...fallbackOf(fallback.footer, "description")}>
            {footer.description}
          </p>
          {info.socials.length > 0 ? (
            <ul className="socials">
              {info.socials.map((s) => (
                <li key={s.value}>
                  <a href={s.value} rel="noopener" aria-label={s.label || socialPlatform(s.icon, s.value)}>
                    <SocialIcon platform={socialPlatform(s.icon, s.value)} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <h2>Quick Links</h2>
          <ul className="footer-links">
            {NAV_LINKS.map((link) => (
              <li key={link.sectionId}>
                <SectionLink section={link.sectionId}>
                  <Icon name="chevron-right" />
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <a href="/projects">
                <Icon name="chevron-right" />
                {PORTFOLIO_LINK}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2>Our Services</h2>
          <ul className="footer-links">
            {footer.services.map((service, i) => (
              <li key={`${i}-${service.name}`} {...fallbackOf(fallback.footer, `services.${i}.name`)}>
                {service.link ? <a href={service.link}>{service.name}</a> : service.name}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Contact Info</h2>
          <ul className="footer-links footer-contact">
            {phone ? (
              <li>
                <Icon name="phone" />
                <a href={telHref(phone)}>{phone}</a>
              </li>
            ) : null}
            {info.chats.map((chat) => (
              <li key={chat.href}>
                <Icon name={CHAT_ICONS[chat.channel]} />
                <a href={chat.href} rel="nofollow">
                  {chat.name}: {chat.number}
                </a>
              </li>
            ))}
            <li>
              <Icon name="mail" />
              <a href={`mailto:${info.email}`}>{info.email}</a>
            </li>
            <li>
              <Icon name="map-pin" />
              <span {...fallbackAttributes(info.fallback.address)}>{info.address}</span>
            </li>
            <li>
              <Icon name="clock" />
              <span {...fallbackAttributes(info.fallback.hours)}>{info.hours}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-base">
        <div className="wrap">
          <p>
            © {year} <InEnglish when={fallback.company?.includes("name") ?? false}>{companyName}</InEnglish>. All rights reserved.
          </p>
          <p>Proudly building across the Maldives</p>
        </div>
      </div>
    </footer>
  );
}
