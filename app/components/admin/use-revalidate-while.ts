import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** How often a page asks again while an email it shows is still in the mail queue (the queue looks every 15 s). */
export const PENDING_MAIL_POLL_MS = 15_000;
/**
 * When it stops asking: the queue's five tries, 30 s apart and doubling (docs/decisions/0058-lead-replies-through-the-mail-queue.md),
 * are over in under 8 minutes, so a page left open on a message that never leaves does not ask forever.
 */
export const PENDING_MAIL_POLL_LIMIT_MS = 10 * 60_000;

/**
 * Reloads the page's data every `intervalMs` while `pending` is true and the tab is visible, for at most `limitMs`:
 * a reply or invitation that leaves on a later try then shows "Delivered to mail server" without a reload.
 * Typed text survives: a revalidation re-renders with new loader data and keeps the form's state and inputs.
 */
export function useRevalidateWhile(pending: boolean, intervalMs = PENDING_MAIL_POLL_MS, limitMs = PENDING_MAIL_POLL_LIMIT_MS): void {
  // `revalidate` is stable; a call while one is in flight replaces it, and 15 s apart they rarely meet.
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > limitMs) {
        window.clearInterval(timer);
        return;
      }
      if (document.visibilityState === "visible") void revalidate();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [pending, intervalMs, limitMs, revalidate]);
}
