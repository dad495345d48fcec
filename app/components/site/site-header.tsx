import { Icon, IconBox } from "~/components/site/icon";
import { NAV_LINKS } from "~/content/site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { Logo } from "~/lib/branding";
import { type ChatLink, telHref } from "~/lib/contact-info";
import { CHAT_ICONS } from "./chat-icons";
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

/** The portfolio page (/projects) beside the home page's sections, in the header and the footer. */
export const PORTFOLIO_LINK = "Portfolio";

/**
 * Sticky site header: logo, section links, phone and 'Get Quote'; on small screens a menu (a native
 * popover, so it opens without JavaScript) that app/islands/site.ts closes after a link, and whose
 * closing tap outside it does nothing else.
 */
export function SiteHeader({ logo, phone, email, hours, hoursInEnglish = false, chats = [] }: SiteHeaderProps) {
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
              <a key={chat.href} href={chat.href} rel="nofollow" aria-label={`Chat on ${chat.name}: ${chat.number}`}>
                <Icon name={CHAT_ICONS[chat.channel]} />
                {chat.name}
              </a>
            ))}
            <a href={`mailto:${email}`}>
              <Icon name="mail" />
              {email}
            </a>
          </div>
        </div>
      </div>
      <div className="mainbar">
        <div className="wrap">
          <SectionLink section="home">
            <SiteLogo logo={logo} />
          </SectionLink>

          <nav aria-label="Main" className="main-nav">
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.sectionId}>
                  <SectionLink section={link.sectionId}>{link.label}</SectionLink>
                </li>
              ))}
              <li>
                <a href="/projects">{PORTFOLIO_LINK}</a>
              </li>
            </ul>
          </nav>

          <div className="header-actions">
            <a href={telHref(phone)} className="header-tel">
              <IconBox name="phone" className="tel-icon" />
              {phone}
            </a>
            <a
              href={telHref(phone)}
              aria-label={`Call ${phone}`}
              // The link draws its icon in its ::before (IconBox in components/site/icon.tsx): one element.
              className="icon-box icon-phone header-call"
            />
            <SectionLink section="contact" className="btn btn-amber get-quote">
              Get Quote
            </SectionLink>
            {/* A native popover: it opens without JavaScript too; the island adds aria-expanded and the tap-outside rule. */}
            <button
              type="button"
              {...dataAttr(ATTR.menuToggle)}
              popoverTarget={menuId}
              className="menu-btn"
              aria-controls={menuId}
              aria-label="Menu"
            >
              <Icon name="menu" />
              <Icon name="x" />
            </button>
          </div>
        </div>

        <div id={menuId} popover="auto" className="mobile-menu">
          <nav aria-label="Mobile" className="wrap">
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.sectionId}>
                  <SectionLink section={link.sectionId}>{link.label}</SectionLink>
                </li>
              ))}
              <li>
                <a href="/projects">{PORTFOLIO_LINK}</a>
              </li>
            </ul>
            <div>
              <a href={telHref(phone)} className="menu-tel">
                <Icon name="phone" />
                {phone}
              </a>
              {chats.map((chat) => (
                <a key={chat.href} href={chat.href} rel="nofollow" className="menu-tel">
                  <Icon name={CHAT_ICONS[chat.channel]} />
                  {chat.name}
                </a>
              ))}
              <SectionLink section="contact" className="btn btn-amber get-quote">
                Get Quote
              </SectionLink>
            </div>
          </nav>
        </div>
      </div>
    </header>
  );
}
