import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { wrapIndex } from "~/lib/wrap-index";
import { ResponsiveImage } from "./responsive-image";

export interface LightboxImage {
  src: string;
  alt: string;
  title: string;
  category?: string;
}

const controlClass =
  "grid size-12 place-items-center rounded-full bg-white/10 text-white backdrop-blur-sm transition-colors hover:bg-white/25 focus-visible:ring-[3px] focus-visible:ring-white/80 focus-visible:outline-none";

/**
 * A full-screen image viewer (a modal dialog): close, previous and next buttons, wrapping at both
 * ends; Escape closes and the arrow keys navigate. Radix traps focus inside and returns it on close.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly LightboxImage[];
  /** The open image, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && images.length > 0;
  const current = open ? images[wrapIndex(index, images.length)] : undefined;
  const position = open ? wrapIndex(index, images.length) : 0;
  const go = (step: number) => onIndexChange(wrapIndex(position + step, images.length));

  // Radix returns focus to a DialogTrigger; the viewer is opened by plain buttons, so remember
  // what had focus (the clicked image) before Radix moves it into the dialog, and go back there.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && !opener.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {current ? (
        <DialogContent
          showCloseButton={false}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
            opener.current = null;
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowLeft") {
              event.preventDefault();
              go(-1);
            } else if (event.key === "ArrowRight") {
              event.preventDefault();
              go(1);
            }
          }}
          className="top-0 left-0 flex h-dvh w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-black/95 p-0 text-white shadow-none sm:max-w-none"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <p className="text-sm font-medium text-white/80" aria-live="polite">
              {position + 1} / {images.length}
            </p>
            <DialogClose className={controlClass}>
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Close</span>
            </DialogClose>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-20">
            <ResponsiveImage
              key={current.src}
              src={current.src}
              alt={current.alt}
              sizes="100vw"
              avif={false}
              loading="eager"
              className="max-h-full max-w-full rounded-md object-contain"
            />
            <button type="button" onClick={() => go(-1)} className={`${controlClass} absolute top-1/2 left-2 -translate-y-1/2 sm:left-6`}>
              <ChevronLeft aria-hidden="true" className="size-7" />
              <span className="sr-only">Previous image</span>
            </button>
            <button type="button" onClick={() => go(1)} className={`${controlClass} absolute top-1/2 right-2 -translate-y-1/2 sm:right-6`}>
              <ChevronRight aria-hidden="true" className="size-7" />
              <span className="sr-only">Next image</span>
            </button>
          </div>
          <div className="px-4 py-5 text-center sm:px-6">
            <DialogTitle className="text-lg font-semibold text-white">{current.title}</DialogTitle>
            <DialogDescription className="mt-1 text-sm text-white/75">
              {current.category ?? `Image ${position + 1} of ${images.length}`}
            </DialogDescription>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
