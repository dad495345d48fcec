import { createContext, useContext } from "react";
import type * as React from "react";
import { localizedPath } from "~/i18n/language";
import { useLanguage } from "~/i18n/messages";

export type SectionId = "home" | "about" | "services" | "projects" | "contact";

type SectionLinkProps = Omit<React.ComponentProps<"a">, "href"> & { section: SectionId; search?: string };

/**
 * Whether the page being rendered is the home page itself. There a section link is `#section`: the browser
 * scrolls within the document and keeps its address, query string included (a visit that began on
 * `/?utm_source=...` is not reloaded without it). Rendered on the server, so a context is enough (no hydration).
 */
export const OnHomePage = createContext(false);

/**
 * A link to a section of the home page: a plain link, so it works from any page and without JavaScript. On the
 * home page the browser scrolls (smoothly: app/site-styles/reset.css sets scroll-behavior); from another page,
 * `/#section` loads the home page and app/islands/site.ts settles on the section after about 100 ms
 * (docs/product.md#service-detail: 'Get Quote' / 'Start Your Project').
 */
export function SectionLink({ section, search, ...props }: SectionLinkProps) {
  const onHome = useContext(OnHomePage);
  // The home page in the page's own language: `/dv#contact` from a Dhivehi page (docs/decisions/0077-dhivehi-design.md).
  const home = localizedPath(useLanguage(), search ? `/?${search}` : "/");
  const href = onHome && !search ? `#${section}` : `${home}#${section}`;
  return <a href={href} {...props} />;
}
