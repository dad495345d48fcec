import { Icon } from "~/components/site/icon";
import { fallbackAttributes } from "~/i18n/localize";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { STARTING_SITE_CONTENT } from "~/content/default-site-content";
import { NAV_LINKS } from "~/content/site-content";
import type { Logo } from "~/lib/branding";
import type { FooterContent } from "~/validation/site-content";
import { type ContactInfo, telHref } from "~/lib/contact-info";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";
import { LanguageLink } from "./language-link";
import { SectionLink } from "./section-link";
import { NAV_LABEL } from "./site-header";
import { SiteLogo } from "./site-logo";
import { SocialIcon, socialPlatform } from "./social-icon";
import { CHAT_ICONS, chatName } from "./chat-icons";
import { InEnglish } from "./in-english";

/** Where the company's name goes in the catalogue's sentence. */
const NAME_MARK = "\u0000";

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
  const m = useMessages();
  // The company's name may have fallen back to English inside the sentence: the sentence is cut around it.
  const [rightsBefore, rightsAfter = ""] = m.allRightsReserved(year, NAME_MARK).split(NAME_MARK);
  const language = useLanguage();
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
                  {/* Its label as stored (marked when it fell back to English), else the platform's name in the page's language. */}
                  <a
                    href={s.value}
                    rel="noopener"
                    aria-label={s.label || m.socialName(socialPlatform(s.icon, s.value))}
                    {...fallbackAttributes(Boolean(s.label) && (s.fallback?.includes("label") ?? false))}
                  >
                    <SocialIcon platform={socialPlatform(s.icon, s.value)} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label={m.navFooter}>
          <h2>{m.footerQuickLinks}</h2>
          <ul className="footer-links">
            {NAV_LINKS.map((link) => (
              <li key={link.sectionId}>
                <SectionLink section={link.sectionId}>
                  <Icon name="chevron-right" />
                  {m[NAV_LABEL[link.sectionId]] as string}
                </SectionLink>
              </li>
            ))}
            <li>
              <a href={localizedPath(language, "/projects")}>
                <Icon name="chevron-right" />
                {m.navPortfolio}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{m.footerServices}</h2>
          <ul className="footer-links">
            {footer.services.map((service, i) => (
              <li key={`${i}-${service.name}`} {...fallbackOf(fallback.footer, `services.${i}.name`)}>
                {service.link ? (
                  <a href={footerLink(language, service.link)} dir="auto">
                    {service.name}
                  </a>
                ) : (
                  <span dir="auto">{service.name}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>{m.footerContact}</h2>
          <ul className="footer-links footer-contact">
            {phone ? (
              <li>
                <Icon name="phone" />
                <a href={telHref(phone)} dir="ltr">
                  {phone}
                </a>
              </li>
            ) : null}
            {info.chats.map((chat) => (
              <li key={chat.href}>
                <Icon name={CHAT_ICONS[chat.channel]} />
                <a href={chat.href} rel="nofollow">
                  {chatName(m, chat.channel)}: <bdi dir="ltr">{chat.number}</bdi>
                </a>
              </li>
            ))}
            <li>
              <Icon name="mail" />
              <a href={`mailto:${info.email}`} dir="ltr">
                {info.email}
              </a>
            </li>
            <li>
              <Icon name="map-pin" />
              <span dir="auto" {...fallbackAttributes(info.fallback.address)}>
                {info.address}
              </span>
            </li>
            <li>
              <Icon name="clock" />
              <span dir="auto" {...fallbackAttributes(info.fallback.hours)}>
                {info.hours}
              </span>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-base">
        <div className="wrap">
          <p>
            {rightsBefore}
            <InEnglish when={fallback.company?.includes("name") ?? false}>{companyName}</InEnglish>
            {rightsAfter}
          </p>
          <p>{m.footerTagline}</p>
          <LanguageLink />
        </div>
      </div>
    </footer>
  );
}

/** A footer link the site editor typed: a path of this site stays in the page's language; another site's as typed. */
function footerLink(language: "en" | "dv", href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? localizedPath(language, href) : href;
}

