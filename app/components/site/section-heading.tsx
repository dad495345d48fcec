import { type Fallbacks, fallbackOf } from "~/i18n/site-content";

/** The eyebrow, title and introduction every home page section starts with (app/site-styles/shared.css, `.heading`). */
/** A Site Content section's heading texts (its eyebrow, title and intro) as SectionHeading's props. */
export const headingOf = (content: { eyebrow: string; title: string; intro: string }) => ({ eyebrow: content.eyebrow, title: content.title, description: content.intro });

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  tone = "default",
  fallback,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  align?: "center" | "left";
  tone?: "default" | "light";
  /** The section's texts shown in English on a Dhivehi page (app/i18n/site-content.ts). */
  fallback?: Fallbacks;
}) {
  const classes = ["heading", align === "center" && "heading-center", tone === "light" && "heading-light"].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <p className="eyebrow" dir="auto" {...fallbackOf(fallback, "eyebrow")}>
        {eyebrow}
      </p>
      <h2 id={id} dir="auto" {...fallbackOf(fallback, "title")}>
        {title}
      </h2>
      <div aria-hidden="true" className="heading-rule" />
      {description ? <p className="heading-intro" dir="auto" {...fallbackOf(fallback, "intro")}>
          {description}
        </p> : null}
    </div>
  );
}
