import type { ReactNode } from "react";

/**
 * A stored text inside an element of its own page's language that fell back to English on a Dhivehi page
 * (docs/decisions/0092-site-content-in-two-languages.md): wrapped in a span marked lang="en" dir="ltr" then, and left
 * bare otherwise, so the English pages keep their markup byte for byte.
 */
export function InEnglish({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? (
    <span lang="en" dir="ltr">
      {children}
    </span>
  ) : (
    <>{children}</>
  );
}
