import { IconBox } from "~/components/site/icon";
import type { Logo } from "~/lib/branding";
import { cn } from "~/lib/utils";

/** The logo: an uploaded image, or the mark and the text (docs/product.md#header-and-footer: image or text per settings). */
export function SiteLogo({ logo, tone = "dark", className }: { logo: Logo; tone?: "dark" | "light"; className?: string }) {
  if (logo.kind === "image") {
    return <img src={logo.src} alt={logo.alt} className={cn("h-10 w-auto max-w-[12rem] object-contain", className)} />;
  }
  return (
    <span className={cn("flex items-center gap-2.5", className)}>
      <IconBox
        name="building-2"
        iconClassName="before:size-5"
        className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-amber text-brand-amber-foreground shadow-sm"
      />
      <span
        className={cn("text-base leading-tight font-bold tracking-tight sm:text-lg", tone === "light" ? "text-white" : "text-brand-navy")}
      >
        {logo.text}
      </span>
    </span>
  );
}
