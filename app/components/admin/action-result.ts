import type { FlashToast } from "~/lib/flash";
import { toast } from "~/components/ui/sonner";
import { useOnNewValue } from "./use-new-value";

// The admin's two ways to show a message (docs/decisions/0028-one-message-mechanism.md): a fetcher's result
// (useActionToast) and a message after a redirect (useFlashToast, from the root loader). Both use the one toaster.

/**
 * What every admin action answers: `{ ok: true, message }` or, with a 4xx status,
 * `{ ok: false, message, fieldErrors }`. `title` is set where docs/product.md gives the toast a
 * separate title (contact details: 'Success' / 'Error' above the message).
 */
export interface ActionResult {
  ok: boolean;
  intent: string;
  message: string;
  title?: string;
  /** A reason shown under the message (say, that the record no longer exists). */
  detail?: string;
  /** Done, but not all of it yet (a reply still in the mail queue): a warning toast rather than a success. */
  pending?: boolean;
  fieldErrors?: Record<string, string>;
  /** The record the action created or changed, when the page needs it (say, a new category). */
  id?: string;
  name?: string;
}

export function showResultToast(result: Pick<ActionResult, "ok" | "message" | "title" | "detail" | "pending">) {
  const show = !result.ok ? toast.error : result.pending ? toast.warning : toast.success;
  if (result.title) show(result.title, { description: result.detail ? `${result.message}: ${result.detail}` : result.message });
  else show(result.message, result.detail ? { description: result.detail } : undefined);
}

/**
 * Shows the toast of each new action result once (not again on re-render or revalidation) and
 * hands the result to `onResult`. See useOnNewValue for why this is not an effect keyed on `result`.
 */
export function useActionToast(result: ActionResult | undefined, onResult?: (result: ActionResult) => void) {
  useOnNewValue(result, (value) => {
    if (!value) return;
    showResultToast(value);
    onResult?.(value);
  });
}

/**
 * Shows the message a redirect left for this page (app/.server/http/flash.ts) once. The root loader reads and clears
 * the cookie, so a revalidation brings null, and the toast's own id keeps it from showing twice.
 */
export function useFlashToast(flash: FlashToast | null | undefined) {
  useOnNewValue(flash, (value) => {
    if (!value) return;
    const show = value.type === "success" ? toast.success : value.type === "error" ? toast.error : toast;
    show(value.title, { id: value.id, description: value.description });
  });
}
