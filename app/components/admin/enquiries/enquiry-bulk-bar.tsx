import { Archive, type LucideIcon, Mail, MailOpen, ShieldAlert, Trash2, Undo2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/lib/utils";
import type { EnquiryFolder, EnquiryStatus } from "~/validation/enquiry";

// The inbox's bulk actions (docs/product.md#enquiries): above the list, a box that ticks every enquiry of the page,
// and, once some are ticked, what can be done to all of them at once. The buttons are those the opened enquiry
// offers, as they apply to the folder shown: no 'Archive' in Archived, 'Not spam' in Spam
// (docs/decisions/0063-bulk-actions-on-enquiries.md).

/** The status buttons for the folder shown: the status each sets, its words and its icon. */
function statusActions(folder: EnquiryFolder): Array<[EnquiryStatus, string, LucideIcon]> {
  const actions: Array<[EnquiryStatus, string, LucideIcon]> = [];
  if (folder === "inbox" || folder === "new") actions.push(["read", "Mark as read", MailOpen]);
  if (folder === "inbox" || folder === "read") actions.push(["new", "Mark as new", Mail]);
  if (folder === "archived" || folder === "spam") actions.push(["read", folder === "spam" ? "Not spam" : "Move to inbox", Undo2]);
  else actions.push(["archived", "Archive", Archive]);
  if (folder !== "spam") actions.push(["spam", "Spam", ShieldAlert]);
  return actions;
}

interface EnquiryBulkBarProps {
  folder: EnquiryFolder;
  /** Enquiries on this page, and how many of them are ticked. */
  shown: number;
  ticked: number;
  busy: boolean;
  onTickAll: (tick: boolean) => void;
  onStatus: (status: EnquiryStatus) => void;
  onDelete: () => void;
}

export function EnquiryBulkBar({ folder, shown, ticked, busy, onTickAll, onStatus, onDelete }: EnquiryBulkBarProps) {
  const all = ticked > 0 && ticked === shown;
  const some = ticked > 0;
  return (
    // Once some are ticked it stays under the header while the list scrolls, so the actions are in reach of the last one.
    <div
      className={cn(
        "flex min-h-12 flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-3 py-2",
        some && "sticky top-[calc(4rem+1px)] z-10 shadow-md",
      )}
    >
      <label className="flex cursor-pointer items-center gap-2.5 py-1 text-sm font-medium">
        <Checkbox
          className="size-5"
          checked={all ? true : some ? "indeterminate" : false}
          onCheckedChange={() => onTickAll(!all)}
          // The name holds the words shown beside the box ('Select all'), so a voice command that reads them finds it.
          aria-label="Select all enquiries on this page"
        />
        <span aria-live="polite">{some ? `${ticked} selected` : "Select all"}</span>
      </label>
      {some ? (
        <div className="flex flex-wrap gap-1.5" aria-label="Actions on the selected enquiries" role="group">
          {statusActions(folder).map(([status, label, Icon]) => (
            <Button key={label} size="sm" variant="outline" disabled={busy} onClick={() => onStatus(status)}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
          <Button size="sm" variant="destructive" disabled={busy} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      ) : null}
    </div>
  );
}
