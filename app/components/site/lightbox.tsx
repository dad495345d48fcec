import { Icon } from "~/components/site/icon";
import { en } from "~/i18n/en";
import { useMessages } from "~/i18n/messages";
import { useId } from "react";
import { ATTR, dataAttr } from "~/islands/attributes";
import { responsiveSources } from "~/lib/images";

export interface LightboxImage {
  src: string;
  alt: string;
  title: string;
  category?: string;
  /** Which of its texts are in English on a Dhivehi page: the viewer marks them lang="en" when it shows them. */
  english?: readonly LightboxText[];
}

/** The viewer's texts of an image: the picture's alt, its title, its caption (a gallery image's category). */
export type LightboxText = "alt" | "title" | "caption";

/** What a thumbnail button carries for the viewer (read by app/islands/site.ts). */
export function lightboxData(image: LightboxImage) {
  return {
    ...dataAttr(ATTR.lightboxOpen),
    [ATTR.imageSrc]: image.src,
    [ATTR.imageSrcset]: responsiveSources(image.src)?.webp,
    [ATTR.imageAlt]: image.alt,
    [ATTR.imageTitle]: image.title,
    [ATTR.imageCaption]: image.category,
    // Only where something fell back: an English page, or a translated image, carries nothing more.
    [ATTR.imageEnglish]: image.english?.length ? image.english.join(" ") : undefined,
    "aria-haspopup": "dialog" as const,
  };
}

/**
 * The full-screen image viewer of a gallery (a modal <dialog>): close, previous and next buttons,
 * wrapping at both ends; Escape closes and the arrow keys navigate. Rendered empty and closed;
 * app/islands/site.ts fills it from the clicked thumbnail's group (`ATTR.lightboxGroup`), opens
 * it with showModal() (the page behind becomes inert) and returns focus to the thumbnail on close. A click
 * on the backdrop around the image closes it; a swipe moves on touch screens.
 */
export function Lightbox() {
  const id = useId();
  const m = useMessages();
  // A Dhivehi page's counter for the island, "{n}" and "{count}" left for it to fill (English pages carry none).
  const texts = m.imageCounter === en.imageCounter ? {} : dataAttr(ATTR.messages, JSON.stringify({ imageCounter: m.imageCounter("{n}", "{count}") }));
  return (
    <dialog {...dataAttr(ATTR.lightbox)} {...texts} aria-labelledby={`${id}-title`} aria-describedby={`${id}-caption`} className="lightbox">
      <div className="lightbox-bar">
        <p {...dataAttr(ATTR.lightboxCounter)} aria-live="polite" />
        {/* autoFocus: showModal() puts focus here, where Escape and Tab start. */}
        <button type="button" {...dataAttr(ATTR.lightboxClose)} autoFocus>
          <Icon name="x" />
          <span className="sr-text">{m.closeViewer}</span>
        </button>
      </div>
      <div {...dataAttr(ATTR.lightboxStage)} className="lightbox-stage">
        <img {...dataAttr(ATTR.lightboxImage)} alt="" sizes="100vw" decoding="async" />
        <button type="button" {...dataAttr(ATTR.lightboxPrev)} className="lightbox-prev">
          <Icon name="chevron-left" />
          <span className="sr-text">{m.previousImage}</span>
        </button>
        <button type="button" {...dataAttr(ATTR.lightboxNext)} className="lightbox-next">
          <Icon name="chevron-right" />
          <span className="sr-text">{m.nextImage}</span>
        </button>
      </div>
      <div className="lightbox-caption">
        <h2 id={`${id}-title`} {...dataAttr(ATTR.lightboxTitle)} dir="auto" />
        <p id={`${id}-caption`} {...dataAttr(ATTR.lightboxCaption)} />
      </div>
    </dialog>
  );
}
