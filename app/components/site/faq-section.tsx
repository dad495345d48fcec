import { Icon } from "~/components/site/icon";
import { useMessages } from "~/i18n/messages";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import type { FaqContent } from "~/validation/site-content";
import { telHref } from "~/lib/contact-info";
import { FadeIn } from "./fade-in";
import { FormattedText } from "./formatted-text";
import { headingOf, SectionHeading } from "./section-heading";
import { SectionLink } from "./section-link";

/** docs/product.md#faq: 8 questions; one answer open at a time, the first open initially. */
export function FaqSection({ phone, content = DEFAULT_SITE_CONTENT.faq, fallback }: { phone: string | null; content?: FaqContent; fallback?: Fallbacks }) {
  const m = useMessages();
  return (
    <FadeIn as="section" aria-labelledby="faq-title" className="faq">
      <div className="wrap faq-grid">
        <div>
          <SectionHeading id="faq-title" {...headingOf(content)} align="left" fallback={fallback} />
          <div className="faq-cta on-dark">
            <Icon name="message-circle-question" />
            <p className="faq-cta-title">{m.faqStillQuestions}</p>
            <p>{m.faqTalk}</p>
            <div className="faq-cta-links">
              <SectionLink section="contact" className="btn btn-amber">
                {m.contactUs}
              </SectionLink>
              {phone ? (
                <a href={telHref(phone)} className="btn faq-call" dir="ltr">
                  <Icon name="phone" />
                  {phone}
                </a>
              ) : null}
            </div>
          </div>
        </div>
        {/*
          Native disclosure widgets: sharing a name makes them one-open-at-a-time in the browser itself
          (no script), the first starts open, and an open one closes again when its question is clicked.
        */}
        <div className="faq-list">
          {content.items.map((entry, i) => (
            <details key={i} name="faq" open={i === 0}>
              {/* The chevron is the summary's own ::before (as IconBox draws a tile's icon), put last by the reversed row. */}
              <summary className="icon-box icon-chevron-down" dir="auto" {...fallbackOf(fallback, `items.${i}.question`)}>
                {entry.question}
              </summary>
              {/* Formatted text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md). */}
              <FormattedText text={entry.answer} {...fallbackOf(fallback, `items.${i}.answer`)} />
            </details>
          ))}
        </div>
      </div>
    </FadeIn>
  );
}
