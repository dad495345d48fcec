/**
 * The eyebrow, title and introduction every home page section starts with (app/site-styles/shared.css,
 * `.heading`). `className` adds the caller's own class (a different bottom margin, say).
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  tone = "default",
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  align?: "center" | "left";
  tone?: "default" | "light";
  className?: string;
}) {
  const classes = ["heading", align === "center" && "heading-center", tone === "light" && "heading-light", className].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      <div aria-hidden="true" className="heading-rule" />
      {description ? <p className="heading-intro">{description}</p> : null}
    </div>
  );
}
