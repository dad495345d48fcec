import type * as React from "react";
import { Link, useNavigate } from "react-router";
import { SCROLL_TO_CONTACT_DELAY_MS } from "~/validation/constants";

export type SectionId = "home" | "about" | "services" | "projects" | "contact";

/** Scrolls smoothly to a home page section (instantly under prefers-reduced-motion). */
export function scrollToSection(id: SectionId) {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

type SectionLinkProps = Omit<React.ComponentProps<typeof Link>, "to"> & { section: SectionId };

/**
 * A link to a section of the home page. On the home page the router scrolls to the hash (smoothly:
 * app.css sets scroll-behavior); from another page it goes home first. Works without JavaScript.
 */
export function SectionLink({ section, ...props }: SectionLinkProps) {
  return <Link to={`/#${section}`} {...props} />;
}

/**
 * SPEC.md: 'Get Quote' / 'Start Your Project' on a detail page return home and, after about
 * 100 ms, scroll to the section (once the home page has rendered).
 */
export function HomeSectionLink({ section, onClick, ...props }: SectionLinkProps) {
  const navigate = useNavigate();
  return (
    <Link
      to={`/#${section}`}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void Promise.resolve(navigate(`/#${section}`)).then(() => {
          window.setTimeout(() => scrollToSection(section), SCROLL_TO_CONTACT_DELAY_MS);
        });
      }}
      {...props}
    />
  );
}
