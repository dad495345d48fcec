import { ConfirmDialog } from "./confirm-dialog";

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The exact question of docs/product.md, e.g. 'Are you sure you want to delete this service?' */
  question: string;
  /** What is being deleted, shown under the question. */
  itemName?: string;
  /** What happens to it, after the name; by default it is removed for good. */
  outcome?: string;
  /** The confirming button's text (default 'Delete'). */
  confirmLabel?: string;
  onConfirm: () => void;
}

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  question,
  itemName,
  outcome,
  confirmLabel = "Delete",
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={question}
      description={
        itemName ? (
          <>
            <span className="font-medium text-foreground">{itemName}</span> {outcome ?? "will be removed for good. This cannot be undone."}
          </>
        ) : (
          (outcome ?? "This cannot be undone.").replace(/^./, (c) => c.toUpperCase())
        )
      }
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
    />
  );
}
