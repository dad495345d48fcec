import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { NEEDS_DHIVEHI_PARAM } from "~/validation/translatable-fields";

// A service's or project's translation count (docs/decisions/0077-dhivehi-design.md), on its admin card and in its
// dialog. A file of its own: the list pages show it without loading the dialogs' fields.

/** "Dhivehi: N of M", a record's translated fields out of those with an English value. */
export function DhivehiProgress({ translated, total, className }: { translated: number; total: number; className?: string }) {
  const done = translated >= total;
  return (
    <span className={cn("inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium", done ? "border-emerald-600/30 text-emerald-700 dark:text-emerald-400" : "text-muted-foreground", className)}>
      Dhivehi: {translated} of {total}
    </span>
  );
}

/**
 * The list filter: every record, or those that need Dhivehi (fewer translated fields than English ones). Plain links,
 * so the filtered list has an address of its own and works before the page's script has loaded.
 */
export function DhivehiFilter({ needed, noun }: { needed: boolean; noun: string }) {
  const link = (on: boolean, label: string) => (
    <Link
      to={on ? `?${NEEDS_DHIVEHI_PARAM}=needed` : "?"}
      aria-current={needed === on ? "page" : undefined}
      className={cn("rounded-md px-3 py-1.5 text-sm font-medium", needed === on ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground")}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={`Filter ${noun}`} className="mb-4 flex w-fit gap-1 rounded-lg bg-muted p-1">
      {link(false, `All ${noun}`)}
      {link(true, "Needs Dhivehi")}
    </nav>
  );
}
