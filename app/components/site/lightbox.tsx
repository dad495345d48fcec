import { Icon } from "~/components/site/icon";
import { useId } from "react";
import { ATTR, dataAttr } from "~/islands/attributes";
import { responsiveSources } from "~/lib/images";

export interface LightboxImage {
  src: string;
  alt: string;
  title: string;
  category?: string;
}

const controlClass =
  "grid size-12 place-items-center rounded-full bg-white/10 text-white backdrop-blur-sm transition-colors hover:bg-white/25 focus-visible:ring-[3px] focus-visible:ring-white/80 focus-visible:outline-none";

/** What a thumbnail button carries for the viewer (read by app/islands/site.ts). */
export function lightboxData(image: LightboxImage) {
  return {
    ...dataAttr(ATTR.lightboxOpen),
    [ATTR.imageSrc]: image.src,
    [ATTR.imageSrcset]: responsiveSources(image.src)?.webp,
    [ATTR.imageAlt]: image.alt,
    [ATTR.imageTitle]: image.title,
    [ATTR.imageCaption]: image.category,
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
  return (
    <dialog
      {...dataAttr(ATTR.lightbox)}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-caption`}
      className="m-0 h-dvh max-h-none w-screen max-w-none flex-col bg-black/95 p-0 text-white open:flex"
    >
      <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <p {...dataAttr(ATTR.lightboxCounter)} className="text-sm font-medium text-white/80" aria-live="polite" />
        {/* autoFocus: showModal() puts focus here, where Escape and Tab start. */}
        <button type="button" {...dataAttr(ATTR.lightboxClose)} autoFocus className={controlClass}>
          <Icon name="x" className="size-6" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div {...dataAttr(ATTR.lightboxStage)} className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-20">
        <img {...dataAttr(ATTR.lightboxImage)} alt="" sizes="100vw" decoding="async" className="max-h-full max-w-full rounded-md object-contain" />
        <button type="button" {...dataAttr(ATTR.lightboxPrev)} className={`${controlClass} absolute top-1/2 left-2 -translate-y-1/2 sm:left-6`}>
          <Icon name="chevron-left" className="size-7" />
          <span className="sr-only">Previous image</span>
        </button>
        <button type="button" {...dataAttr(ATTR.lightboxNext)} className={`${controlClass} absolute top-1/2 right-2 -translate-y-1/2 sm:right-6`}>
          <Icon name="chevron-right" className="size-7" />
          <span className="sr-only">Next image</span>
        </button>
      </div>
      <div className="px-4 py-5 text-center sm:px-6">
        <h2 id={`${id}-title`} {...dataAttr(ATTR.lightboxTitle)} className="text-lg font-semibold text-white" />
        <p id={`${id}-caption`} {...dataAttr(ATTR.lightboxCaption)} className="mt-1 text-sm text-white/75" />
      </div>
    </dialog>
  );
}
