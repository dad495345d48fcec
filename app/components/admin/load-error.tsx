import { RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";

/**
 * A list that could not be loaded (docs/product.md#messages: 'Failed to fetch services' and friends): the
 * toast once, and a notice in place of the list with a way to try again.
 */
export function LoadError({ message, title }: { message: string; title?: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (title) toast.error(title, { description: message });
    else toast.error(message);
  }, [message, title]);
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
