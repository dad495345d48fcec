import { RefreshCw, TriangleAlert } from "lucide-react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { showResultToast } from "./action-result";
import { useOnNewValue } from "./use-new-value";

/**
 * A list that could not be loaded (docs/product.md#messages: 'Failed to fetch services' and friends): the one
 * display of a loader's failure (docs/decisions/0028-one-message-mechanism.md). The toast once, as an action's
 * failure shows, and a notice in place of the list with a way to try again. A retry that fails with the same
 * message does not toast again: the notice is still there.
 */
export function LoadError({ message, title }: { message: string; title?: string }) {
  const revalidator = useRevalidator();
  useOnNewValue(title ? `${title}\n${message}` : message, () => showResultToast({ ok: false, title, message }));
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center">
      <TriangleAlert aria-hidden="true" className="size-6 text-destructive" />
      <p className="font-medium text-destructive">{message}</p>
      <Button variant="outline" disabled={revalidator.state !== "idle"} onClick={() => void revalidator.revalidate()}>
        <RefreshCw aria-hidden="true" className={revalidator.state !== "idle" ? "animate-spin" : undefined} />
        Try again
      </Button>
    </div>
  );
}
