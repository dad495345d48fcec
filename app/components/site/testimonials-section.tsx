import { Icon } from "~/components/site/icon";
import { useMessages } from "~/i18n/messages";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { initialsOf, type TestimonialsContent } from "~/validation/site-content";
import { FadeIn } from "./fade-in";
import { headingOf, SectionHeading } from "./section-heading";
import { Stars } from "./stars";

export function TestimonialsSection({ content = DEFAULT_SITE_CONTENT.testimonials, fallback }: { content?: TestimonialsContent; fallback?: Fallbacks }) {
  const m = useMessages();
  if (content.items.length === 0) return null;
  return (
    // The teal glow in the top right corner is the section's ::before (app/site-styles/home.css).
    <FadeIn as="section" aria-labelledby="testimonials-title" className="reviews">
      <div className="wrap">
        <SectionHeading id="testimonials-title" {...headingOf(content)} tone="light" fallback={fallback} />
        <div className="reviews-score">
          <p>{content.average.toFixed(1)}</p>
          <div>
            <Stars rating={Math.round(content.average)} />
            <p>{m.averageRating}</p>
          </div>
        </div>
        <ul>
          {content.items.map((t, i) => (
            <li key={i}>
              <figure>
                <div>
                  <Stars rating={t.rating} />
                  <Icon name="quote" />
                </div>
                <blockquote>
                  <p dir="auto" {...fallbackOf(fallback, `items.${i}.content`)}>
                    “{t.content}”
                  </p>
                </blockquote>
                <figcaption>
                  <span aria-hidden="true">{initialsOf(t.name)}</span>
                  <span>
                    <span dir="auto">{t.name}</span>
                    <span dir="auto" {...fallbackOf(fallback, `items.${i}.position`)}>
                      {t.position}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </FadeIn>
  );
}
