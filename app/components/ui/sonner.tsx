import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

// Toasts without sonner in the first page load (docs/decisions/0033-admin-on-a-phone.md): the toaster's code
// (about 10 KiB compressed) loads on the admin's first press of a key or pointer, or on the first toast,
// whichever comes first. `toast` keeps sonner's calls; `<Toaster>` takes sonner's props.

const SonnerToaster = lazy(() => import("./sonner-toaster"));

let wanted = false;
const listeners = new Set<() => void>();
let mounted: () => void = () => {};
/** Settles once the toaster (and with it its live region) is in the page. */
const toasterMounted = new Promise<void>((resolve) => {
  mounted = resolve;
});

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Tells the gate that the real toaster has mounted. */
function MountedSignal() {
  useEffect(() => mounted(), []);
  return null;
}

/**
 * Renders nothing until a toast is wanted or the admin first interacts with the page, then sonner's toaster.
 * The server renders nothing either, so hydration agrees.
 */
export function Toaster(props: ToasterProps) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (wanted) return;
    const events = ["pointerdown", "keydown"] as const;
    const onFirst = () => want();
    for (const event of events) window.addEventListener(event, onFirst, { capture: true, passive: true, once: true });
    return () => {
      for (const event of events) window.removeEventListener(event, onFirst, { capture: true });
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
      <MountedSignal />
    </Suspense>
  );
}

type Message = Parameters<typeof import("sonner").toast.success>[0];
type Kind = "success" | "error" | "info" | "warning" | "message";

/** How long a toast that is not an error stays (sonner's own default). */
export const TOAST_MS = 4000;

/**
 * Shows the toast once sonner is loaded and its toaster has mounted: a screen reader then hears the toast in
 * the live region that was already there. The toaster lists every toast sent before it subscribed.
 * Sonner stops its timer while the pointer is over any toast (and has no option to keep it running), so a
 * "Draft saved" under a resting pointer never left. Its own timer is switched off here and the toast is
 * dismissed after TOAST_MS, pointer or not; an error stays until its close button is pressed
 * (docs/decisions/0070-toasts-leave-on-their-own-and-stay-off-the-controls.md).
 */
function show(kind: Kind | null, message: Message, data?: ExternalToast) {
  want();
  void Promise.all([import("sonner"), toasterMounted]).then(([{ toast: sonner }]) => {
    const options: ExternalToast = { ...data, duration: Infinity };
    const id = kind ? sonner[kind](message, options) : sonner(message as Parameters<typeof sonner>[0], options);
    if (kind !== "error") setTimeout(() => sonner.dismiss(id), data?.duration ?? TOAST_MS);
  });
}

export const toast = Object.assign((message: Parameters<typeof import("sonner").toast>[0], data?: ExternalToast) => show(null, message, data), {
  success: (message: Message, data?: ExternalToast) => show("success", message, data),
  error: (message: Message, data?: ExternalToast) => show("error", message, data),
  info: (message: Message, data?: ExternalToast) => show("info", message, data),
  warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
  message: (message: Message, data?: ExternalToast) => show("message", message, data),
  dismiss: (id?: string | number) => void import("sonner").then(({ toast: sonner }) => sonner.dismiss(id)),
});
