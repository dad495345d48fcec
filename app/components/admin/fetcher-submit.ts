import type { FetcherWithComponents } from "react-router";

type Submit = FetcherWithComponents<unknown>["submit"];

/**
 * Submits with a fetcher without waiting for it. React Router aborts a fetcher's request when the same fetcher
 * submits again (the newer submit wins) or the page leaves, and the older submit's promise then rejects with an
 * AbortError: expected, not an error, but unhandled it shows in the console as "signal is aborted without reason".
 * Every other rejection still surfaces. Actions that may run side by side (two switches on one card) each need a
 * fetcher of their own, or the second cancels the first.
 */
export function submitFetcher(fetcher: { submit: Submit }, target: Parameters<Submit>[0], options?: Parameters<Submit>[1]): void {
  fetcher.submit(target, options).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === "AbortError") return;
    throw error;
  });
}
