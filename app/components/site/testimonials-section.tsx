import { Icon } from "~/components/site/icon";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { initialsOf, type TestimonialsContent } from "~/validation/site-content";
import { FadeIn } from "./fade-in";
import { SectionHeading } from "./section-heading";
import { Stars } from "./stars";

export function TestimonialsSection({ content = DEFAULT_SITE_CONTENT.testimonials }: { content?: TestimonialsContent }) {
  if (content.items.length === 0) return null;
  return (
    <FadeIn as="section" aria-labelledby="testimonials-title" className="relative overflow-hidden bg-brand-navy py-20 text-white lg:py-28">
      <div aria-hidden="true" className="absolute -top-32 -right-32 size-96 rounded-full bg-brand-teal/20 blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow={content.eyebrow}
          title={content.title}
          description={content.intro}
          tone="light"
        />
        <div className="mx-auto -mt-4 mb-12 flex w-fit flex-col items-center gap-2 rounded-2xl border border-white/15 bg-white/5 px-8 py-5 sm:flex-row sm:gap-5">
          <p className="text-5xl font-extrabold text-brand-amber">{content.average.toFixed(1)}</p>
          <div className="text-center sm:text-left">
            <Stars rating={Math.round(content.average)} className="mx-auto h-5 sm:mx-0" />
            <p className="mt-1 text-sm text-white/80">Average rating from our clients</p>
          </div>
        </div>
        <ul className="grid gap-6 md:grid-cols-2">
          {content.items.map((t, i) => (
            <li key={i}>
              <figure className="flex h-full flex-col rounded-xl border border-white/10 bg-white/[0.06] p-7 backdrop-blur-sm">
                <div className="flex items-center justify-between">
                  <Stars rating={t.rating} />
                  <Icon name="quote" className="size-8 text-brand-amber/60" />
                </div>
                <blockquote className="mt-4 flex-1 leading-relaxed text-white/90">
                  <p className="whitespace-pre-line">“{t.content}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-4 border-t border-white/10 pt-5">
                  <span
                    aria-hidden="true"
                    className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-amber font-bold text-brand-amber-foreground"
                  >
                    {initialsOf(t.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-white">{t.name}</span>
                    <span className="block text-sm text-white/75">{t.position}</span>
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
