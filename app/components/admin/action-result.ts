import { toast } from "~/components/ui/sonner";
import { useOnNewValue } from "./use-new-value";

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
  fieldErrors?: Record<string, string>;
  /** The record the action created or changed, when the page needs it (say, a new category). */
  id?: string;
  name?: string;
}

export function showResultToast(result: Pick<ActionResult, "ok" | "message" | "title" | "detail">) {
  const show = result.ok ? toast.success : toast.error;
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
