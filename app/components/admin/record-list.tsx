import { type LucideIcon, Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { DhivehiFilter } from "./dhivehi-progress";
import { EmptyState } from "./empty-state";
import { LoadError } from "./load-error";
import { PageIntro } from "./page-header";

// The Services and Projects screens (docs/product.md#services, #projects): a list of cards, each edited in a dialog,
// with the "Needs Dhivehi" filter (docs/decisions/0077-dhivehi-design.md). What differs is the card and the dialog.

type Noun = "service" | "project";

interface RecordListPageProps<T extends { id: string }> {
  noun: Noun;
  icon: LucideIcon;
  /** Under the page's heading: which records the website shows. */
  description: string;
  /** The empty list's invitation, when the filter is off. */
  emptyDescription: string;
  loadError: string | null;
  /** Whether the "Needs Dhivehi" filter is on. */
  needed: boolean;
  records: readonly T[];
  onNew: () => void;
  /** The list's grid. */
  className: string;
  card: (record: T, index: number) => React.ReactNode;
}

/** The page's heading with its "Add" button, the filter and the cards (or the load error, or the empty list). */
export function RecordListPage<T extends { id: string }>({ noun, icon, description, emptyDescription, loadError, needed, records, onNew, className, card }: RecordListPageProps<T>) {
  const one = noun === "service" ? "Service" : "Project";
  const many = `${one}s`;
  const plural = `${noun}s`;
  const add = (label: string) => (
    <Button onClick={onNew}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
  return (
    <>
      <title>{`${many} | Admin`}</title>
      <PageIntro title={`Manage ${many}`} description={description}>
        {add(`Add ${one}`)}
      </PageIntro>

      {loadError ? null : <DhivehiFilter needed={needed} noun={plural} />}
      {loadError ? (
        <LoadError message={loadError} />
      ) : records.length === 0 && needed ? (
        <EmptyState icon={icon} title={`Every ${noun} is in Dhivehi`} description={`Each ${noun}'s texts with an English value have a Dhivehi one too.`} />
      ) : records.length === 0 ? (
        <EmptyState icon={icon} title={`No ${plural} found`} description={emptyDescription}>
          {add(`Create Your First ${one}`)}
        </EmptyState>
      ) : (
        <section aria-label={many} className={className}>
          {records.map(card)}
        </section>
      )}
    </>
  );
}

/**
 * The edit dialog's state: `loaded` once it has been opened, so it stays mounted (and animates closed) from then on.
 * `opening`: the record the address opens the dialog on (`?edit=<id>`), null for a new one (`?new=1`), undefined for
 * none. Closing it takes `params` (those that opened it) out of the address.
 */
export function useRecordDialog<T>(opening: (searchParams: URLSearchParams) => T | null | undefined, params: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ open: boolean; loaded: boolean; record: T | null }>(() => {
    const record = opening(searchParams);
    return { open: record !== undefined, loaded: record !== undefined, record: record ?? null };
  });
  const onOpenChange = (open: boolean) => {
    setDialog((d) => ({ ...d, open }));
    if (!open && params.some((name) => searchParams.has(name))) {
      setSearchParams(
        (next) => {
          for (const name of params) next.delete(name);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  return { ...dialog, onOpenChange, edit: (record: T | null) => setDialog({ open: true, loaded: true, record }) };
}
