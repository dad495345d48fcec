import { Eye, History, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** What the Services and Projects lists give each card besides its record. */
export interface RecordCardProps {
  onEdit: () => void;
  onDelete: () => void;
  /** The first card of the list: its image loads first. */
  priority?: boolean;
}

interface RecordCardActionsProps extends Omit<RecordCardProps, "priority"> {
  kind: "service" | "project";
  id: string;
  /** The buttons' layout classes in the card's own action area (a column on service cards, a grid on project cards). */
  className?: string;
}

/** Preview, History, Edit and Delete of a service or project card, in the card's own action area. */
export function RecordCardActions({ kind, id, onEdit, onDelete, className }: RecordCardActionsProps) {
  return (
    <>
      {/* Shows an inactive service's or a private project's page to signed-in admins only (docs/decisions/0013-versions-and-trash.md). */}
      <Button asChild variant="outline" size="sm" className={className}>
        <a href={`/${kind}/${id}?preview=1`} target="_blank" rel="noopener">
          <Eye aria-hidden="true" />
          Preview
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <Button asChild variant="outline" size="sm" className={className}>
        <Link to={`/admin/${kind}s/${id}/history`}>
          <History aria-hidden="true" />
          History
        </Link>
      </Button>
      <Button type="button" variant="outline" size="sm" className={className} onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button type="button" variant="outline" size="sm" className={cn(className, "text-destructive hover:text-destructive")} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}
