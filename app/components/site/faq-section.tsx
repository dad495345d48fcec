import { Icon } from "~/components/site/icon";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import type { FaqContent } from "~/validation/site-content";
import { telHref } from "~/lib/contact-info";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";
import { SectionLink } from "./section-link";

/** docs/product.md#faq: 8 questions; one answer open at a time, the first open initially. */
export function FaqSection({ phone, content = DEFAULT_SITE_CONTENT.faq }: { phone: string | null; content?: FaqContent }) {
  return (
    <FadeIn as="section" aria-labelledby="faq-title" className="bg-muted/60 py-20 lg:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:gap-16 lg:px-8">
        <div>
          <SectionHeading
            id="faq-title"
            eyebrow={content.eyebrow}
            title={content.title}
            description={content.intro}
            align="left"
          />
          <div className="rounded-xl bg-brand-navy p-7 text-white shadow-lg">
            <Icon name="message-circle-question" className="size-9 text-brand-amber" />
            <p className="mt-4 text-lg font-semibold">Still have questions?</p>
            <p className="mt-2 text-white/80">Our team is happy to talk through your project, with no obligation.</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
              <SectionLink
                section="contact"
                className="inline-flex h-11 items-center justify-center rounded-md bg-brand-amber px-5 font-semibold text-brand-amber-foreground hover:bg-brand-amber/90 focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none"
              >
                Contact Us
              </SectionLink>
              {phone ? (
                <a
                  href={telHref(phone)}
                  className="inline-flex h-11 items-center justify-center gap-2 rounded-md border border-white/30 px-5 font-semibold text-white hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none"
                >
                  <Icon name="phone" className="size-4" />
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
        <div className="rounded-xl border bg-card px-6 shadow-sm sm:px-8">
          {content.items.map((entry, i) => (
            <details key={i} name="faq" open={i === 0} className="group border-b last:border-b-0">
              {/* The chevron is the summary's own ::before (as IconBox draws a tile's icon), put last by the reversed row. */}
              <summary className="icon-box icon-chevron-down flex cursor-pointer list-none flex-row-reverse items-start justify-between gap-4 rounded-md py-5 text-left text-base font-semibold text-brand-navy outline-none before:mt-1 before:size-4 before:shrink-0 before:bg-muted-foreground before:transition-transform before:duration-200 hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 group-open:before:rotate-180 sm:text-lg [&::-webkit-details-marker]:hidden">
                {entry.question}
              </summary>
              <p className="pb-5 text-base leading-relaxed whitespace-pre-line text-muted-foreground">{entry.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </FadeIn>
  );
}
