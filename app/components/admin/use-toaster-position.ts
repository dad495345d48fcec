import { useEffect, useState } from "react";

export interface ToasterPlacement {
  position: "bottom-right" | "top-left";
  /** A dialog is open on a phone: one toast at a time, narrowed to end left of the dialog's close button. */
  besideDialogClose: boolean;
}

const dialogOpen = () => document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;

// Sonner lays toasts out for phones up to 600 px wide (full width, its own offsets); above that they are 356 px.
const PHONE = "(max-width: 600px)";

/**
 * Where admin toasts go (docs/decisions/0025-focal-points-and-toasts-on-phones.md, which refines 0019): bottom
 * right, away from the page's own controls. While a dialog is open they move to the top left, over the dialog's
 * title: a dialog keeps its close button at the top right, its fields in the middle and its Save/Cancel buttons
 * at the bottom, and none of them may be covered. On a phone the dialog fills the screen, so the one toast shown
 * there is narrowed to end left of the close button and sits over the title and description.
 */
export function useToasterPosition(): ToasterPlacement {
  const [placement, setPlacement] = useState<ToasterPlacement>({ position: "bottom-right", besideDialogClose: false });
  useEffect(() => {
    const phone = window.matchMedia(PHONE);
    const update = () => {
      const open = dialogOpen();
      const next: ToasterPlacement = { position: open ? "top-left" : "bottom-right", besideDialogClose: open && phone.matches };
      setPlacement((current) => (current.position === next.position && current.besideDialogClose === next.besideDialogClose ? current : next));
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state"], childList: true });
    phone.addEventListener("change", update);
    update();
    return () => {
      observer.disconnect();
      phone.removeEventListener("change", update);
    };
  }, []);
  return placement;
}
