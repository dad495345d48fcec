import { fallbackAttributes, fallbackImageAttributes } from "~/i18n/localize";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { STARTING_SITE_CONTENT } from "~/content/default-site-content";
import { useMessages } from "~/i18n/messages";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { AboutContent, HeroContent } from "~/validation/site-content";
import { ContentIconBox } from "./content-icon";
import { FadeIn } from "./fade-in";
import { FormattedText } from "./formatted-text";
import { ResponsiveImage } from "./responsive-image";
import { SectionHeading } from "./section-heading";

function Statement({
  icon,
  title,
  statement,
  points,
  english = {},
}: {
  icon: "eye" | "target";
  title: string;
  statement: string;
  points: readonly string[];
  /** Which of its texts are shown in English on a Dhivehi page. */
  english?: { title?: boolean; statement?: boolean; points?: boolean };
}) {
  return (
    <article className="statement">
      <div>
        <ContentIconBox name={icon} />
        <h3 dir="auto" {...fallbackAttributes(english.title ?? false)}>
          {title}
        </h3>
      </div>
      <p dir="auto" {...fallbackAttributes(english.statement ?? false)}>
        {statement}
      </p>
      <ul>
        {points.map((point, i) => (
          // The tick is the item's own ::before (as IconBox draws a tile's icon): one element per point.
          <li key={i} className="icon-box icon-check-circle" dir="auto" {...fallbackAttributes(english.points ?? false)}>
            {point}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The vision, then the mission: each a title, a statement and its points. */
const STATEMENTS = [
  { kind: "vision", icon: "eye" },
  { kind: "mission", icon: "target" },
] as const;

export function AboutSection({
  content = STARTING_SITE_CONTENT.about,
  stats = STARTING_SITE_CONTENT.hero.stats,
  fallback,
}: {
  content?: AboutContent;
  /** The hero's stats: the badge on the photo repeats the years of experience. */
  stats?: HeroContent["stats"];
  /** The texts shown in English on a Dhivehi page (app/i18n/site-content.ts). */
  fallback?: Fallbacks;
}) {
  const m = useMessages();
  const english = (path: string) => fallbackOf(fallback, path).lang === "en";
  const years = stats.find((s) => s.label.startsWith("Years"))?.value ?? "10+";
  return (
    <FadeIn as="section" id="about" aria-labelledby="about-title" className="about">
      <div className="wrap">
        <div className="about-grid">
          <div className="about-photo">
            {/* Its box holds its 3:2 size without the image, so the image can wait for the hero (ATTR.afterLcp). */}
            <div {...dataAttr(ATTR.afterLcp)}>
              <ResponsiveImage
                src={content.image}
                alt={content.imageAlt}
                sizes="(min-width: 1024px) 600px, 100vw"
                width={1200}
                height={800}
                {...fallbackImageAttributes(english("imageAlt"))}
              />
            </div>
            <div className="about-badge">
              <p>{years}</p>
              <p>{m.aboutYears}</p>
            </div>
          </div>
          <div className="about-text">
            <SectionHeading id="about-title" eyebrow={m.aboutEyebrow} title={content.title} align="left" fallback={fallback} />
            <p dir="auto" {...fallbackOf(fallback, "lead")}>
              {content.lead}
            </p>
            {/* Each paragraph is formatted text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md). */}
            {content.paragraphs.map((p, i) => (
              <FormattedText key={i} text={p} {...fallbackOf(fallback, "paragraphs")} />
            ))}
          </div>
        </div>
        <div className="statements">
          {STATEMENTS.map(({ kind, icon }) => (
            <Statement
              key={kind}
              icon={icon}
              title={content[`${kind}Title`]}
              statement={content[kind]}
              points={content[`${kind}Points`]}
              english={{ title: english(`${kind}Title`), statement: english(kind), points: english(`${kind}Points`) }}
            />
          ))}
        </div>
      </div>
    </FadeIn>
  );
}
