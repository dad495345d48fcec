import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

// Previous / Next under a paged admin list (docs/decisions/0056-paged-admin-lists.md): plain links, so paging
// works before the admin's scripts have loaded, and the page is in the URL for the back button and a shared link.

interface PagerProps {
  /** The navigation landmark's name, e.g. "Project pages". */
  label: string;
  page: number;
  pageCount: number;
  total: number;
  first: number;
  last: number;
  /** The link to another page of the same list, its filters kept ("?" for none). */
  href: (page: number) => string;
  className?: string;
}

export function Pager({ label, page, pageCount, total, first, last, href, className }: PagerProps) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-3 text-sm", className)}>
      <p className="text-muted-foreground">
        Showing {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-2">
        <PageLink to={page > 1 ? href(page - 1) : null} label="Previous page">
          <ChevronLeft aria-hidden="true" />
          Previous
        </PageLink>
        <span className="px-2 tabular-nums">
          Page {page} of {pageCount}
        </span>
        <PageLink to={page < pageCount ? href(page + 1) : null} label="Next page">
          Next
          <ChevronRight aria-hidden="true" />
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ to, label, children }: { to: string | null; label: string; children: React.ReactNode }) {
  if (to === null) {
    return (
      <Button variant="outline" size="sm" disabled aria-label={label}>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}
