/** The eyebrow, title and introduction every home page section starts with (app/site-styles/shared.css, `.heading`). */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  tone = "default",
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  align?: "center" | "left";
  tone?: "default" | "light";
}) {
  const classes = ["heading", align === "center" && "heading-center", tone === "light" && "heading-light"].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <p className="eyebrow" dir="auto">{eyebrow}</p>
      <h2 id={id} dir="auto">{title}</h2>
      <div aria-hidden="true" className="heading-rule" />
      {description ? <p className="heading-intro" dir="auto">{description}</p> : null}
    </div>
  );
}
