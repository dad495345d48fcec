// The data-* attributes that tie the public pages' script (app/islands/site.ts) to the markup of
// app/components/site (docs/decisions/0007-public-pages-without-hydration.md). Both sides take the names from
// here, so renaming one renames it everywhere; app/islands/attributes.test.ts fails on a bare data-* string in
// either, and checks that the stylesheets' and Tailwind variants' data-* selectors (which cannot import) name
// attributes from this list. A plain module: the island is built on its own and imports no React.

import { ENQUIRY_FORM_ATTR, ISLAND_FOR_ATTR } from "./script-markers";

export const ATTR = {
  /** The mobile menu's button; the panel is the popover its aria-controls names. */
  menuToggle: "data-menu-toggle",
  /** A section that fades in below the fold: FADE.static as rendered, hidden and shown by the island (app/site-styles/states.css). */
  fade: "data-fade",
  /** A box whose images wait for the page's main image: AFTER_LCP_READY once they may load (app/site-styles/states.css). */
  afterLcp: "data-after-lcp",
  /** The <template> holding the layer shown while a detail page loads, and the label in it. */
  detailSkeleton: "data-detail-skeleton",
  skeletonLabel: "data-skeleton-label",
  /** A gallery: its thumbnails (lightboxOpen, carrying the image's data) and its viewer (the dialog, lightbox). */
  lightboxGroup: "data-lightbox-group",
  lightboxOpen: "data-lightbox-open",
  lightbox: "data-lightbox",
  lightboxImage: "data-lightbox-image",
  lightboxTitle: "data-lightbox-title",
  lightboxCaption: "data-lightbox-caption",
  lightboxCounter: "data-lightbox-counter",
  lightboxPrev: "data-lightbox-prev",
  lightboxNext: "data-lightbox-next",
  lightboxClose: "data-lightbox-close",
  /** The dark area around the viewer's image: a click there closes the viewer. */
  lightboxStage: "data-lightbox-stage",
  /** What a thumbnail tells the viewer about its image. */
  imageSrc: "data-src",
  imageSrcset: "data-srcset",
  imageAlt: "data-alt",
  imageTitle: "data-title",
  imageCaption: "data-caption",
  /** Which of alt, title and caption are English on a Dhivehi page (space-separated): the viewer marks them lang="en". */
  imageEnglish: "data-english",
  /** The hero's background video and its pause/play button ("true" or "false" in playing while it plays or not). */
  heroVideo: "data-hero-video",
  heroVideoToggle: "data-hero-video-toggle",
  playing: "data-playing",
  /** The contact form, where the island posts it, and what the island replaces after an answer. */
  enquiryForm: ENQUIRY_FORM_ATTR,
  endpoint: "data-endpoint",
  fieldError: "data-field-error",
  formOutcome: "data-form-outcome",
  /** A label of the submit button, shown in one SEND_STATE. */
  when: "data-when",
  /**
   * On an inline script of a public page: the attribute of the markup it serves. The page cache drops the script
   * from a stored page that has no element with that attribute (app/.server/cache/island-scripts.ts).
   */
  islandFor: ISLAND_FOR_ATTR,
  /**
   * On a Dhivehi page, the texts the island writes (toasts, labels, counters) in the page's language, as JSON on the
   * element they serve; English pages carry none and the island keeps its English
   * (docs/decisions/0089-fixed-words-as-typed-catalogues.md).
   */
  messages: "data-messages",
  /** The admin's preview bar (styles only: site.css leaves room for it). */
  previewBar: "data-preview-bar",
} as const;

export type IslandAttribute = (typeof ATTR)[keyof typeof ATTR];

export const FADE = { static: "static", hidden: "hidden", shown: "shown" } as const;
export const AFTER_LCP_READY = "ready";
export const SEND_STATE = { idle: "idle", sending: "sending" } as const;

/** An attribute as a prop to spread: `<div {...dataAttr(ATTR.lightboxGroup)}>`. */
export function dataAttr<A extends IslandAttribute, V extends string = "">(name: A, value?: V): Record<A, V> {
  return { [name]: value ?? "" } as Record<A, V>;
}

/** The island's texts an element carries (ATTR.messages), each in place of the English one it names. */
export function pageTexts(element: Element | null | undefined): Record<string, string | undefined> {
  const raw = element?.getAttribute(ATTR.messages);
  if (!raw) return {};
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The CSS selector for elements with the attribute, e.g. `dialog[data-lightbox]`. */
export const withAttr = (name: IslandAttribute, tag = "") => `${tag}[${name}]`;
