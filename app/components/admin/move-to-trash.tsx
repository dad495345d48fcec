import { lazy, Suspense, useState } from "react";
import { useFetcher } from "react-router";
import { type ActionResult, useActionToast } from "./action-result";
import { submitFetcher } from "./fetcher-submit";

// The confirmation loads on the first Delete, not with the list: its dialog code is most of what the list would
// load besides (docs/decisions/0039-admin-chunks-by-page.md).
const ConfirmDeleteDialog = lazy(() => import("./confirm-delete-dialog").then((m) => ({ default: m.ConfirmDeleteDialog })));

/**
 * Delete on the services and projects lists: asks first, then posts `delete` to the page's action (the record moves
 * to the Trash) and shows its toast. While the request is on its way the card is hidden (`removingId`).
 */
export function useMoveToTrash<T extends { id: string; title: string }>(noun: "service" | "project") {
  const [state, setState] = useState<{ open: boolean; loaded: boolean; record: T | null }>({ open: false, loaded: false, record: null });
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const removingId = fetcher.state !== "idle" ? fetcher.formData?.get("id") : null;
  const dialog = state.loaded ? (
    <Suspense fallback={null}>
      <ConfirmDeleteDialog
        open={state.open}
        onOpenChange={(open) => setState((s) => ({ ...s, open }))}
        question={`Are you sure you want to delete this ${noun}?`}
        outcome="will move to the Trash, where it is kept for 30 days and can be restored."
        itemName={state.record?.title}
        onConfirm={() => {
          if (state.record) submitFetcher(fetcher, { intent: "delete", id: state.record.id }, { method: "post" });
        }}
      />
    </Suspense>
  ) : null;
  return { removingId, ask: (record: T) => setState({ open: true, loaded: true, record }), dialog };
}
