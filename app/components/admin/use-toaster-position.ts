import { useEffect, useState } from "react";

export interface ToasterPlacement {
  position: "top-center" | "top-left";
  /** Sonner's distance from the window's edges, in px (`offset` above 600 px, `mobileOffset` up to it). */
  offset: { top: number; left?: number };
  /** A narrower toast, to fit the room left of a dialog (px); sonner's own 356 px otherwise. */
  width: number | null;
  /** A dialog fills the window: the toast is narrowed to end left of the dialog's close button. */
  besideDialogClose: boolean;
}

/** The open dialog in front (an alert dialog opened from a dialog is the last one in the page). */
const openDialog = () => {
  const open = document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return open.length > 0 ? open[open.length - 1] : null;
};

/** Inside the 64 px admin header: one toast of one line (about 54 px) fits between the window's top and the page. */
const TOP = 6;
/** Room above a dialog for a toast of up to two lines. */
const ROOM_ABOVE = 90;
/** The narrowest toast placed beside a dialog, and its margin on each side. */
const NARROWEST = 200;
const MARGIN = 16;
const SONNER_WIDTH = 356;

function placementFor(dialog: HTMLElement | null): ToasterPlacement {
  if (!dialog) return { position: "top-center", offset: { top: TOP }, width: null, besideDialogClose: false };
  const rect = dialog.getBoundingClientRect();
  // A small dialog (a confirmation) leaves the top of the window free: the toast goes there, over the overlay.
  if (rect.top >= ROOM_ABOVE) return { position: "top-center", offset: { top: TOP }, width: null, besideDialogClose: false };
  // A tall dialog on a wide window: the toast fits in the margin left of it, clear of its title.
  if (rect.left >= NARROWEST + 2 * MARGIN) {
    return { position: "top-left", offset: { top: MARGIN, left: MARGIN }, width: Math.min(SONNER_WIDTH, Math.floor(rect.left) - 2 * MARGIN), besideDialogClose: false };
  }
  // The dialog fills the window (a phone): over its title, left of its close button, never over its fields or buttons.
  return { position: "top-left", offset: { top: MARGIN }, width: null, besideDialogClose: true };
}

const same = (a: ToasterPlacement, b: ToasterPlacement) =>
  a.position === b.position && a.offset.top === b.offset.top && a.offset.left === b.offset.left && a.width === b.width && a.besideDialogClose === b.besideDialogClose;

/**
 * Where admin toasts go (docs/decisions/0070-toasts-leave-on-their-own-and-stay-off-the-controls.md): at the top of
 * the window, over the admin header, because the controls that make toasts are below it (row buttons, the bars
 * of Save / Preview / Publish that sit at the bottom on a phone, the bulk bar under the header). While a dialog is
 * open they go above it, else left of it, else (a phone, where the dialog fills the window) over its title.
 * Measured again when a dialog opens or closes, its opening animation ends, or the window changes size.
 */
export function useToasterPosition(): ToasterPlacement {
  const [placement, setPlacement] = useState<ToasterPlacement>(() => placementFor(null));
  useEffect(() => {
    const update = () => {
      const next = placementFor(openDialog());
      setPlacement((current) => (same(current, next) ? current : next));
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state"], childList: true });
    // A dialog zooms in from 95%: its box is measured again once it has its full size.
    document.addEventListener("animationend", update, true);
    window.addEventListener("resize", update);
    update();
    return () => {
      observer.disconnect();
      document.removeEventListener("animationend", update, true);
      window.removeEventListener("resize", update);
    };
  }, []);
  return placement;
}
