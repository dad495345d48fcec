import { Icon, IconBox } from "~/components/site/icon";
import { NAV_LINKS } from "~/content/site-content";
import { localizedPath } from "~/i18n/language";
import type { Messages } from "~/i18n/en";
import { useLanguage, useMessages } from "~/i18n/messages";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { Logo } from "~/lib/branding";
import { type ChatLink, telHref } from "~/lib/contact-info";
import { CHAT_ICONS, chatName } from "./chat-icons";
import { LanguageLink } from "./language-link";
import { InEnglish } from "./in-english";
import { SectionLink } from "./section-link";
import { SiteLogo } from "./site-logo";

export interface SiteHeaderProps {
  logo: Logo;
  phone: string;
  email: string;
  hours: string;
  /** The hours are shown in English on a Dhivehi page (docs/decisions/0092-site-content-in-two-languages.md). */
  hoursInEnglish?: boolean;
  /** Each channel's WhatsApp or Viber link (docs/product.md#contact-details). */
  chats?: ChatLink[];
}

const menuId = "mobile-menu";

/** A section link's name in the page's language (the catalogue's words for NAV_LINKS). */
export const NAV_LABEL: Record<(typeof NAV_LINKS)[number]["sectionId"], keyof Messages> = {
  home: "navHome",
  about: "navAbout",
  services: "navServices",
  projects: "navProjects",
  contact: "navContact",
};

/**
 * Sticky site header: logo, section links, phone and 'Get Quote'; on small screens a menu (a native
 * popover, so it opens without JavaScript) that app/islands/site.ts closes after a link, and whose
 * closing tap outside it does nothing else.
 */
export function SiteHeader({ logo, phone, email, hours, hoursInEnglish = false, chats = [] }: SiteHeaderProps) {
  const m = useMessages();
  const portfolio = localizedPath(useLanguage(), "/projects");
  // The site's sections and the portfolio: the same items in the main bar and the phone's menu.
  const navItems = (
    <>
      {NAV_LINKS.map((link) => (
        <li key={link.sectionId}>
          <SectionLink section={link.sectionId}>{m[NAV_LABEL[link.sectionId]] as string}</SectionLink>
        </li>
      ))}
      <li>
        <a href={portfolio}>{m.navPortfolio}</a>
      </li>
    </>
  );
  // Sticky with a negative top: the thin top bar scrolls away, the main bar stays.
  return (
    <header className="site-header">
      <div className="topbar on-dark">
        <div className="wrap">
          <p>
            <Icon name="clock" />
            <InEnglish when={hoursInEnglish}>{hours}</InEnglish>
          </p>
          {/* The chat links beside the email, where the main bar has no room left (on a phone: in the menu). */}
          <div className="topbar-links">
            {chats.map((chat) => (
              <a key={chat.href} href={chat.href} rel="nofollow" aria-label={m.chatOn(chatName(m, chat.channel), chat.number)}>
                <Icon name={CHAT_ICONS[chat.channel]} />
                {chatName(m, chat.channel)}
              </a>
            ))}
            {/* An address reads left to right inside Thaana text too. */}
            <a href={`mailto:${email}`} dir="ltr">
              <Icon name="mail" />
              {email}
            </a>
            <LanguageLink />
          </div>
        </div>
      </div>
      <div className="mainbar">
        <div className="wrap">
          <SectionLink section="home">
            <SiteLogo logo={logo} />
          </SectionLink>

          <nav aria-label={m.navMain} className="main-nav">
            <ul>
              {navItems}
            </ul>
          </nav>

          <div className="header-actions">
            <a href={telHref(phone)} className="header-tel" dir="ltr">
              <IconBox name="phone" className="tel-icon" />
              {phone}
            </a>
            <a
              href={telHref(phone)}
              aria-label={m.callPhone(phone)}
              // The link draws its icon in its ::before (IconBox in components/site/icon.tsx): one element.
              className="icon-box icon-phone header-call"
            />
            <SectionLink section="contact" className="btn btn-amber get-quote">
              {m.getQuote}
            </SectionLink>
            {/* A native popover: it opens without JavaScript too; the island adds aria-expanded and the tap-outside rule. */}
            <button
              type="button"
              {...dataAttr(ATTR.menuToggle)}
              popoverTarget={menuId}
              className="menu-btn"
              aria-controls={menuId}
              aria-label={m.menu}
            >
              <Icon name="menu" />
              <Icon name="x" />
            </button>
          </div>
        </div>

        <div id={menuId} popover="auto" className="mobile-menu">
          <nav aria-label={m.navMobile} className="wrap">
            <ul>
              {navItems}
              <li>
                <LanguageLink />
              </li>
            </ul>
            <div>
              {/* The number alone left to right: the line itself stays in the page's direction. */}
              <a href={telHref(phone)} className="menu-tel">
                <Icon name="phone" />
                <bdi dir="ltr">{phone}</bdi>
              </a>
              {chats.map((chat) => (
                <a key={chat.href} href={chat.href} rel="nofollow" className="menu-tel">
                  <Icon name={CHAT_ICONS[chat.channel]} />
                  {chatName(m, chat.channel)}
                </a>
              ))}
              <SectionLink section="contact" className="btn btn-amber get-quote">
                {m.getQuote}
              </SectionLink>
            </div>
          </nav>
        </div>
      </div>
    </header>
  );
}
