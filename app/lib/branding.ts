import { COMPANY } from "~/content/company";
import { HERO } from "~/content/site-content";
import { heroUrlProblem, type SiteSettings } from "~/validation/settings";

// Logos and the hero background from the site settings (docs/product.md#settings).

export type Logo = ({ kind: "image"; src: string; alt: string } | { kind: "text"; text: string }) & {
  /** Its words (the text, or the image's alt) are English on a Dhivehi page (logoInEnglish): marked lang="en". */
  english?: boolean;
};

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

/**
 * Whether a Dhivehi page's logo words are English: the settings' logo text has no Dhivehi value beside it (unless it
 * is written in Thaana), and the company's name, used without one, may have fallen back to English itself.
 */
export function logoInEnglish(settings: SiteSettings, place: "header" | "footer", nameInEnglish: boolean): boolean {
  const text = settings[`${place}_logo_text`]?.trim();
  return text ? !/[\u0780-\u07BF]/.test(text) : nameInEnglish;
}

export type HeroBackground = { kind: "image"; src: string } | { kind: "video"; src: string; poster: string };

/**
 * A video when the type is 'video' and a video file is set (the default image is its poster); otherwise an
 * image. An address of the other kind (saved before the server checked it) is never used: a video element
 * is never given an image, nor an image element a video (docs/decisions/0019-admin-toasts-and-hero-media.md); the default image shows instead.
 */
export function resolveHeroBackground(settings: SiteSettings): HeroBackground {
  const type = settings.hero_background_type?.trim() === "video" ? "video" : "image";
  const url = settings.hero_background_url?.trim() ?? "";
  const usable = url !== "" && heroUrlProblem(type, url) === null;
  if (type === "video") return usable ? { kind: "video", src: url, poster: HERO.defaultImage } : { kind: "image", src: HERO.defaultImage };
  return { kind: "image", src: usable ? url : HERO.defaultImage };
}
