import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import type { WhyContent } from "~/validation/site-content";
import { ContentIconBox } from "./content-icon";
import { FadeIn } from "./fade-in";
import { headingOf, SectionHeading } from "./section-heading";

export function WhyChooseUsSection({ content = DEFAULT_SITE_CONTENT.why, fallback }: { content?: WhyContent; fallback?: Fallbacks }) {
  return (
    <FadeIn as="section" aria-labelledby="why-title" className="why">
      <div className="wrap">
        <SectionHeading id="why-title" {...headingOf(content)} fallback={fallback} />
        <ul>
          {content.cards.map((card, i) => (
            <li key={i}>
              <ContentIconBox name={card.icon} />
              <h3 dir="auto" {...fallbackOf(fallback, `cards.${i}.title`)}>
                {card.title}
              </h3>
              <p dir="auto" {...fallbackOf(fallback, `cards.${i}.description`)}>
                {card.description}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </FadeIn>
  );
}
