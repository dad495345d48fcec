import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { AboutContent, HeroContent } from "~/validation/site-content";
import { ContentIconBox } from "./content-icon";
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
        <ContentIconBox name={icon} iconClassName="before:size-6" className="grid size-11 place-items-center rounded-lg bg-accent text-brand-teal" />
        <h3 className="text-xl font-semibold text-brand-navy">{title}</h3>
      </div>
      <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{statement}</p>
      <ul className="mt-5 space-y-3">
        {points.map((point, i) => (
          // The tick is the item's own ::before (as IconBox draws a tile's icon): one element per point.
          <li
            key={i}
            className="icon-box icon-check-circle flex gap-3 text-sm leading-relaxed text-foreground/90 before:mt-0.5 before:size-5 before:shrink-0 before:bg-brand-teal"
          >
            {point}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function AboutSection({
  content = DEFAULT_SITE_CONTENT.about,
  stats = DEFAULT_SITE_CONTENT.hero.stats,
}: {
  content?: AboutContent;
  /** The hero's stats: the badge on the photo repeats the years of experience. */
  stats?: HeroContent["stats"];
}) {
  const years = stats.find((s) => s.label.startsWith("Years"))?.value ?? "10+";
  return (
    <FadeIn as="section" id="about" aria-labelledby="about-title" className="bg-muted/60 py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div className="relative">
            {/* Its box holds its 3:2 size without the image, so the image can wait for the hero (ATTR.afterLcp). */}
            <div {...dataAttr(ATTR.afterLcp)} className="aspect-[3/2] overflow-hidden rounded-2xl bg-muted shadow-xl">
              <ResponsiveImage
                src={content.image}
                alt={content.imageAlt}
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
            <SectionHeading id="about-title" eyebrow="About Us" title={content.title} align="left" className="mb-6 lg:mb-6" />
            <p className="text-lg font-medium whitespace-pre-line text-brand-navy">{content.lead}</p>
            {content.paragraphs.map((p, i) => (
              <p key={i} className="mt-4 leading-relaxed whitespace-pre-line text-muted-foreground">
                {p}
              </p>
            ))}
          </div>
        </div>
        <div className="mt-16 grid gap-6 md:grid-cols-2">
          <Statement icon="eye" title={content.visionTitle} statement={content.vision} points={content.visionPoints} />
          <Statement icon="target" title={content.missionTitle} statement={content.mission} points={content.missionPoints} />
        </div>
      </div>
    </FadeIn>
  );
}
