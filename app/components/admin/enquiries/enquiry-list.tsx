import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Checkbox } from "~/components/ui/checkbox";
import { formatDateTime } from "~/lib/format";
import type { Lead } from "~/lib/lead-records";
import { cn } from "~/lib/utils";
import { LanguageBadge } from "../lead-source";

// The inbox's list (docs/product.md#enquiries): a page of enquiries, newest first, each a link that opens it and a
// box beside the link that ticks it for a bulk action (docs/decisions/0063-bulk-actions-on-enquiries.md).

export type EnquiryRow = Pick<Lead, "id" | "name" | "subject" | "message" | "status" | "created_at" | "language">;

interface EnquiryListProps {
  enquiries: EnquiryRow[];
  selectedId: string | null;
  ticked: string[];
  onTick: (id: string, on: boolean) => void;
  /** The address that opens an enquiry, keeping the folder, search and page. */
  href: (id: string) => string;
}

export function EnquiryList({ enquiries, selectedId, ticked, onTick, href }: EnquiryListProps) {
  return (
    <ul aria-label="Enquiries" className="grid content-start gap-2">
      {enquiries.map((e) => (
        <li key={e.id} className="relative">
          {/* Beside the link, not in it: ticking an enquiry does not open it. The label is the 44 px target. */}
          <label className="absolute top-2 left-1.5 grid size-11 cursor-pointer place-items-center">
            <Checkbox
              className="size-5 bg-card"
              checked={ticked.includes(e.id)}
              onCheckedChange={(on) => onTick(e.id, on === true)}
              aria-label={`Select the enquiry from ${e.name}`}
            />
          </label>
          <Link
            to={href(e.id)}
            aria-current={selectedId === e.id ? "true" : undefined}
            className={cn(
              "block rounded-lg border bg-card py-4 pr-4 pl-13 transition-colors hover:border-primary/40 hover:bg-muted/40",
              selectedId === e.id && "border-primary ring-1 ring-primary",
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <p className={cn("truncate", e.status === "new" ? "font-semibold" : "font-medium")} dir="auto">
                {e.name}
              </p>
              <time dateTime={e.created_at} className="shrink-0 text-xs text-muted-foreground">
                {formatDateTime(e.created_at)}
              </time>
            </div>
            <p className="truncate text-sm text-muted-foreground" dir="auto">
              {e.subject}
            </p>
            <p className="mt-1 line-clamp-1 text-sm text-muted-foreground" dir="auto">
              {e.message}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {e.status === "new" ? <Badge>New</Badge> : null}
              {e.status === "spam" ? <Badge variant="destructive">Spam</Badge> : null}
              {e.status === "archived" ? <Badge variant="secondary">Archived</Badge> : null}
              {e.language === "dv" ? <LanguageBadge language="dv" /> : null}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
