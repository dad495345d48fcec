import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import type { WhyContent } from "~/validation/site-content";
import { ContentIconBox } from "./content-icon";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";

export function WhyChooseUsSection({ content = DEFAULT_SITE_CONTENT.why }: { content?: WhyContent }) {
  return (
    <FadeIn as="section" aria-labelledby="why-title" className="bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-title"
          eyebrow={content.eyebrow}
          title={content.title}
          description={content.intro}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.cards.map((card, i) => (
            <li
              key={i}
              className="group relative overflow-hidden rounded-xl border bg-card p-7 shadow-sm transition-all hover:-translate-y-1 hover:border-brand-teal/40 hover:shadow-lg"
            >
              <ContentIconBox
                name={card.icon}
                iconClassName="before:size-7"
                className="mb-5 grid size-14 place-items-center rounded-xl bg-brand-navy text-brand-amber transition-colors group-hover:bg-brand-teal group-hover:text-white"
              />
              <h3 className="text-xl font-semibold text-brand-navy">{card.title}</h3>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-muted-foreground">{card.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </FadeIn>
  );
}
