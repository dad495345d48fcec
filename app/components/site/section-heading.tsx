import { cn } from "~/lib/utils";

/** The eyebrow, title and introduction every home page section starts with. */
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
  return (
    <div className={cn("mb-12 max-w-3xl lg:mb-14", align === "center" && "mx-auto text-center", className)}>
      <p className={cn("mb-3 text-sm font-bold tracking-[0.14em] uppercase", tone === "light" ? "text-brand-amber" : "text-brand-teal")}>
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn("text-3xl font-bold tracking-tight text-balance sm:text-4xl", tone === "light" ? "text-white" : "text-brand-navy")}
      >
        {title}
      </h2>
      <div aria-hidden="true" className={cn("mt-5 h-1 w-14 rounded-full bg-brand-amber", align === "center" && "mx-auto")} />
      {description ? (
        <p className={cn("mt-5 text-base leading-relaxed sm:text-lg", tone === "light" ? "text-white/85" : "text-muted-foreground")}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
