import type * as React from "react";

export type SectionId = "home" | "about" | "services" | "projects" | "contact";

type SectionLinkProps = Omit<React.ComponentProps<"a">, "href"> & { section: SectionId; search?: string };

/**
 * A link to a section of the home page: a plain `/#section` link, so it works from any page and
 * without JavaScript. On the home page the browser scrolls (smoothly: app/site-styles/reset.css sets scroll-behavior);
 * from a detail page the home page loads and app/islands/site.ts settles on the section after
 * about 100 ms (docs/product.md#service-detail: 'Get Quote' / 'Start Your Project').
 */
export function SectionLink({ section, search, ...props }: SectionLinkProps) {
  return <a href={`/${search ? `?${search}` : ""}#${section}`} {...props} />;
}
