import { ChevronLeft, ChevronRight, CalendarClock, UserRound } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { formatBudget, formatDate } from "~/lib/format";
import type { LeadCard } from "~/lib/lead-records";
import { cn } from "~/lib/utils";
import { LEAD_STAGES, type LeadStage, PIPELINE, STAGE_LABELS, StageSchema } from "~/validation/lead";
import { type ActionResult, useActionToast } from "./action-result";
import { submitFetcher } from "./fetcher-submit";
import { schemaFormErrors } from "./use-schema-form";

// The pipeline as a board (docs/decisions/0017-leads-pipeline.md): a column per stage with its count.
// Cards move with their buttons (keyboard: Tab to a card's button, Enter); each button is a plain
// form post too. Lost needs a reason, so it is chosen on the lead itself.

/** What a card shows of a lead. */
export type BoardCard = Omit<LeadCard, "created_at">;

function neighbours(stage: LeadStage): { back: LeadStage | null; forward: LeadStage | null } {
  if (stage === "lost") return { back: "new", forward: null };
  const i = PIPELINE.indexOf(stage);
  return { back: i > 0 ? PIPELINE[i - 1] : null, forward: i < PIPELINE.length - 1 ? PIPELINE[i + 1] : null };
}

// Each card's moves are one plain form (the stage is the pressed button's value) and the whole board shares one
// fetcher: the board draws up to 250 cards (decision 0057), and a fetcher, a form component and a button component
// per move took 60 of the 150 ms its server render cost at that size (docs/performance.md "At scale"). While a move
// is on its way every move button waits, since a second submit on the same fetcher would drop the first's answer.
const MOVE_BUTTON =
  "inline-flex h-8 items-center gap-1 whitespace-nowrap rounded-md border bg-background px-2 text-xs font-medium shadow-xs outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 dark:border-input dark:bg-input/30 [&_svg]:size-4 [&_svg]:shrink-0";

function MoveButton({ card, to, direction, busy }: { card: BoardCard; to: LeadStage; direction: "back" | "forward"; busy: boolean }) {
  const Icon = direction === "back" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="submit"
      name="stage"
      value={to}
      disabled={busy}
      aria-label={`Move ${card.name} to ${STAGE_LABELS[to]}`}
      title={`Move to ${STAGE_LABELS[to]}`}
      className={MOVE_BUTTON}
    >
      {direction === "back" ? <Icon aria-hidden="true" /> : null}
      <span>{STAGE_LABELS[to]}</span>
      {direction === "forward" ? <Icon aria-hidden="true" /> : null}
    </button>
  );
}

interface LeadBoardProps {
  /** The newest open leads of each stage, at most a column's worth (docs/decisions/0057-lead-board-columns-and-stage-filter.md). */
  cards: BoardCard[];
  /** Every open lead of each stage, shown or not. */
  counts: Record<LeadStage, number>;
  today: string;
  openHref: (id: string) => string;
  /** The list of one stage's leads, for a column with more than it shows. */
  allHref: (stage: LeadStage) => string;
}

export function LeadBoard({ cards, counts, today, openHref, allHref }: LeadBoardProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  // The moves' forms post themselves until the page has hydrated; then this sends them through the one fetcher, with
  // the same check of StageSchema as the lead's own stage form.
  const onSubmit = (event: React.FormEvent<HTMLOListElement>) => {
    const form = event.target as HTMLFormElement;
    const data = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    event.preventDefault();
    if (busy || schemaFormErrors(StageSchema, data)) return;
    submitFetcher(fetcher, data, { method: "post" });
  };
  return (
    <div className="-mx-1 max-w-[calc(100vw-2rem)] overflow-x-auto pb-2 lg:max-w-none">
      <ol
        aria-label="Lead board"
        onSubmit={onSubmit}
        className="grid min-w-max auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-3 px-1 lg:min-w-0 lg:auto-cols-[minmax(10rem,1fr)]"
      >
        {LEAD_STAGES.map((stage) => {
          const column = cards.filter((c) => c.stage === stage);
          const count = Math.max(counts[stage], column.length);
          return (
            <li key={stage} className="flex min-h-40 flex-col gap-2 rounded-xl border bg-muted/40 p-2" aria-labelledby={`column-${stage}`}>
              <h2 id={`column-${stage}`} className="flex items-center justify-between px-1 pt-1 text-sm font-semibold">
                {STAGE_LABELS[stage]}
                <span className="rounded-full bg-background px-2 text-xs tabular-nums text-muted-foreground" aria-label={`${count} leads`}>
                  {count}
                </span>
              </h2>
              <ul className="grid gap-2" aria-label={`${STAGE_LABELS[stage]} leads`}>
                {column.map((card) => {
                  const { back, forward } = neighbours(card.stage);
                  const overdue = card.follow_up_on !== null && card.follow_up_on < today;
                  return (
                    <li key={card.id} className="grid gap-2 rounded-lg border bg-card p-3 shadow-xs">
                      <Link to={openHref(card.id)} className="grid gap-0.5 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
                        <span className={cn("truncate", card.status === "new" ? "font-semibold" : "font-medium")} dir="auto">
                          {card.name}
                        </span>
                        <span className="truncate text-sm text-muted-foreground">{card.subject}</span>
                      </Link>
                      <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                        {card.assignee_name ? (
                          <span className="inline-flex items-center gap-1">
                            <UserRound aria-hidden="true" className="size-3" />
                            {card.assignee_name}
                          </span>
                        ) : null}
                        {card.follow_up_on ? (
                          <span className={cn("inline-flex items-center gap-1", overdue && "font-medium text-destructive")}>
                            <CalendarClock aria-hidden="true" className="size-3" />
                            {overdue ? "Overdue: " : ""}
                            {formatDate(`${card.follow_up_on}T12:00:00Z`)}
                          </span>
                        ) : null}
                        {card.estimated_value !== null ? <span>{formatBudget(card.estimated_value)}</span> : null}
                      </div>
                      {back || forward ? (
                        <form method="post" className="flex flex-wrap justify-between gap-2">
                          <input type="hidden" name="intent" value="set-stage" />
                          <input type="hidden" name="id" value={card.id} />
                          {back ? <MoveButton card={card} to={back} direction="back" busy={busy} /> : <span />}
                          {forward ? <MoveButton card={card} to={forward} direction="forward" busy={busy} /> : null}
                        </form>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {count > column.length ? (
                <Button asChild variant="ghost" size="sm" className="mt-auto">
                  <Link to={allHref(stage)}>
                    View all {count}
                    <ChevronRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
