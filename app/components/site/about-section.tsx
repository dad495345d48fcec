import { CheckCircle2 } from "lucide-react";
import { ABOUT, HERO_STATS } from "~/content/site-content";
import { ContentIcon } from "./content-icon";
import { FadeIn } from "./fade-in";
import { ResponsiveImage } from "./responsive-image";
import { SectionHeading } from "./section-heading";

function Statement({
  icon,
  title,
  statement,
  points,
}: {
  icon: "eye" | "target";
  title: string;
  statement: string;
  points: readonly string[];
}) {
  return (
    <article className="rounded-xl border bg-card p-7 shadow-sm">
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-lg bg-accent text-brand-teal">
          <ContentIcon name={icon} className="size-6" />
        </span>
        <h3 className="text-xl font-semibold text-brand-navy">{title}</h3>
      </div>
      <p className="leading-relaxed text-muted-foreground">{statement}</p>
      <ul className="mt-5 space-y-3">
        {points.map((point) => (
          <li key={point} className="flex gap-3 text-sm leading-relaxed text-foreground/90">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-teal" />
            {point}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function AboutSection() {
  const years = HERO_STATS.find((s) => s.label.startsWith("Years"))?.value ?? "10+";
  return (
    <FadeIn as="section" id="about" aria-labelledby="about-title" className="bg-muted/60 py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div className="relative">
            {/* Its box holds its 3:2 size without the image, so the image can wait for the hero (data-after-lcp). */}
            <div data-after-lcp className="aspect-[3/2] overflow-hidden rounded-2xl bg-muted shadow-xl">
              <ResponsiveImage
                src={ABOUT.image}
                alt={ABOUT.imageAlt}
                sizes="(min-width: 1024px) 600px, 100vw"
                width={1200}
                height={800}
                className="aspect-[3/2] w-full object-cover"
              />
            </div>
            <div className="absolute -bottom-6 left-6 rounded-xl bg-brand-amber px-6 py-4 text-brand-amber-foreground shadow-lg sm:left-auto sm:-right-4">
              <p className="text-3xl leading-none font-extrabold">{years}</p>
              <p className="mt-1 text-sm font-semibold">Years building in the Maldives</p>
            </div>
          </div>
          <div>
            <SectionHeading id="about-title" eyebrow="About Us" title={ABOUT.title} align="left" className="mb-6 lg:mb-6" />
            <p className="text-lg font-medium text-brand-navy">{ABOUT.lead}</p>
            {ABOUT.paragraphs.map((p) => (
              <p key={p.slice(0, 24)} className="mt-4 leading-relaxed text-muted-foreground">
                {p}
              </p>
            ))}
          </div>
        </div>
        <div className="mt-16 grid gap-6 md:grid-cols-2">
          <Statement icon="eye" {...ABOUT.vision} />
          <Statement icon="target" {...ABOUT.mission} />
        </div>
      </div>
    </FadeIn>
  );
}
