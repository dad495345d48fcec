import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { NEEDS_DHIVEHI_PARAM } from "~/validation/translatable-fields";

// How much of a record or a Site Content section is translated (docs/decisions/0077-dhivehi-design.md): one badge on the
// service and project cards, in their dialogs and on each section, so that "Dhivehi: 9 of 12" looks the same
// everywhere. A file of its own: the list pages show it without loading the dialogs' fields.

/** "Dhivehi: N of M", the texts with a Dhivehi value out of those with an English one; amber while some are missing. */
export function DhivehiProgress({ translated, total, className }: { translated: number; total: number; className?: string }) {
  const done = translated >= total;
  return (
    <span className={cn("inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium", done ? "border-emerald-600/30 text-emerald-700 dark:text-emerald-400" : "border-amber-600/40 text-amber-800 dark:text-amber-300", className)}>
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
