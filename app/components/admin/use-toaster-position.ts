import { useEffect, useState } from "react";

type Position = "bottom-right" | "top-left";

const dialogOpen = () => document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;

/**
 * Where admin toasts go (docs/decisions/0019-admin-toasts-and-hero-media.md): bottom right, away from the page's
 * own controls; while a dialog is open on a wide screen, top left, beside its title: a dialog keeps its close
 * button at the top right and its Save/Cancel buttons at the bottom right, and neither may be covered. On a phone
 * a toast spans the width at the bottom, over the dialog's footer for a few seconds, never over its close button.
 */
export function useToasterPosition(): Position {
  const [position, setPosition] = useState<Position>("bottom-right");
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 640px)");
    const update = () => setPosition(wide.matches && dialogOpen() ? "top-left" : "bottom-right");
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state"], childList: true });
    wide.addEventListener("change", update);
    update();
    return () => {
      observer.disconnect();
      wide.removeEventListener("change", update);
    };
  }, []);
  return position;
}
