import { COMPANY } from "~/content/company";
import { HERO } from "~/content/site-content";
import type { SiteSettings } from "~/validation/settings";

// Logos and the hero background from the site settings (SPEC.md sections 2 and 3).

export type Logo = { kind: "image"; src: string; alt: string } | { kind: "text"; text: string };

/**
 * An image when the type is 'image' and a URL is set; otherwise the text, falling back to the company
 * name (the site editor's Company section).
 */
export function resolveLogo(settings: SiteSettings, place: "header" | "footer", companyName: string = COMPANY.name): Logo {
  const type = settings[`${place}_logo_type`]?.trim();
  const url = settings[`${place}_logo_image_url`]?.trim();
  const text = settings[`${place}_logo_text`]?.trim();
  if (type === "image" && url) return { kind: "image", src: url, alt: text || companyName };
  return { kind: "text", text: text || companyName };
}

export type HeroBackground = { kind: "image"; src: string } | { kind: "video"; src: string; poster: string };

/** A video when the type is 'video' and a URL is set (the default image is its poster); otherwise an image. */
export function resolveHeroBackground(settings: SiteSettings): HeroBackground {
  const type = settings.hero_background_type?.trim();
  const url = settings.hero_background_url?.trim();
  if (type === "video") return url ? { kind: "video", src: url, poster: HERO.defaultImage } : { kind: "image", src: HERO.defaultImage };
  return { kind: "image", src: url || HERO.defaultImage };
}
