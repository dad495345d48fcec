import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { buttonVariants } from "~/components/ui/button";

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

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The button that keeps things as they are (default 'Cancel'). */
  cancelLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** The question before a step that cannot be taken back (delete, discard, remove access): the confirming button is red. */
export function ConfirmDialog({ open, onOpenChange, title, description, cancelLabel = "Cancel", confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
