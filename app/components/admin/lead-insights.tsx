import { AlarmClock, CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatBudget, formatDate } from "~/lib/format";
import type { FollowUpItem, Funnel } from "~/lib/lead-records";
import { cn } from "~/lib/utils";
import { STAGE_LABELS } from "~/validation/lead-stages";

// The dashboard's lead panels (docs/decisions/0017-leads-pipeline.md): follow-ups due, and the
// funnel of the last 90 days as bars. The bars are plain elements sized on the server, not a chart
// library: the dashboard is the admin's first page on a phone, and recharts alone was over 100 KiB of
// its JavaScript (docs/decisions/0033-admin-on-a-phone.md).

export type FunnelData = Funnel;

/** What a follow-up's row shows. */
export type FollowUp = Omit<FollowUpItem, "assignee_id">;

const COLORS = ["var(--color-chart-1, #1e3a5f)", "var(--color-chart-2, #0f766e)", "var(--color-chart-3, #d97706)", "var(--color-chart-4, #15803d)"];

/** Won of the leads that were decided (won or lost); null before any was. */
export function winRate(f: Pick<FunnelData, "won" | "lost">): number | null {
  const decided = f.won + f.lost;
  return decided === 0 ? null : Math.round((f.won / decided) * 100);
}

/**
 * Horizontal bars, one per row, each as long as its share of the largest value (an empty bar at 0): what the
 * eye reads. Hidden from screen readers, which get the same numbers as text beside it.
 */
function Bars({ rows, labelWidth }: { rows: { label: string; count: number; color: string }[]; labelWidth: string }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ul className="grid gap-2" aria-hidden="true">
      {rows.map((r) => (
        <li key={r.label} className="grid items-center gap-2 text-sm" style={{ gridTemplateColumns: `${labelWidth} minmax(0, 1fr)` }}>
          <span className="truncate text-right text-muted-foreground">{r.label}</span>
          <span className="flex items-center gap-2">
            <span
              className="h-8 rounded"
              style={{ width: `calc((100% - 3rem) * ${r.count / max})`, minWidth: r.count > 0 ? "0.25rem" : 0, background: r.color }}
            />
            <span className="tabular-nums">{r.count}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function LeadFunnel({ funnel }: { funnel: FunnelData }) {
  const steps = [
    { step: "Enquiries", count: funnel.enquiries },
    { step: "Contacted", count: funnel.contacted },
    { step: "Quoted", count: funnel.quoted },
    { step: "Won", count: funnel.won },
  ];
  const rate = winRate(funnel);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Leads, last 90 days</h2>
        </CardTitle>
        <CardDescription>How far the enquiries of the last 90 days got (spam left out)</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="grid content-start gap-4">
          {funnel.enquiries > 0 ? (
            <Bars rows={steps.map((s, i) => ({ label: s.step, count: s.count, color: COLORS[i] }))} labelWidth="5.25rem" />
          ) : (
            // Four empty bars read as a broken chart; before the first enquiry, say what will be here.
            <p className="text-sm text-muted-foreground">No enquiries in the last 90 days yet. Each one that comes in is counted here, and so is how far it gets.</p>
          )}
          {/* The bars' numbers as text, for screen readers and for anyone who prefers a table. */}
          <figcaption>
            <dl className="grid grid-cols-4 gap-2 text-center text-sm" aria-label="Lead funnel, last 90 days">
              {steps.map((s) => (
                <div key={s.step} className="grid">
                  <dt className="text-xs text-muted-foreground">{s.step}</dt>
                  <dd className="font-semibold tabular-nums" data-testid={`funnel-${s.step.toLowerCase()}`}>
                    {s.count}
                  </dd>
                </div>
              ))}
            </dl>
          </figcaption>
        </figure>
        <div className="grid content-start gap-4">
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-lg border p-3">
              <p className="text-xs text-muted-foreground">Win rate</p>
              <p className="text-2xl font-bold tabular-nums" data-testid="win-rate">
                {rate === null ? "N/A" : `${rate}%`}
              </p>
              <p className="text-xs text-muted-foreground">
                {funnel.won} won of {funnel.won + funnel.lost} decided
              </p>
            </div>
            <div className="rounded-lg border p-3">
              <p className="text-xs text-muted-foreground">Value won</p>
              <p className="text-2xl font-bold tabular-nums" data-testid="value-won">
                {formatBudget(funnel.valueWon)}
              </p>
              <p className="text-xs text-muted-foreground">Estimated values of won leads</p>
            </div>
          </div>
          {funnel.won + funnel.lost > 0 ? (
            <Bars
              rows={[
                { label: "Won", count: funnel.won, color: COLORS[3] },
                { label: "Lost", count: funnel.lost, color: "var(--color-destructive, #dc2626)" },
              ]}
              labelWidth="2.5rem"
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function FollowUpList({ title, items, icon: Icon, tone }: { title: string; items: FollowUp[]; icon: typeof AlarmClock; tone: "overdue" | "today" }) {
  return (
    <section aria-label={title} className="grid content-start gap-2">
      <h3 className={cn("flex items-center gap-2 text-sm font-semibold", tone === "overdue" && items.length > 0 && "text-destructive")}>
        <Icon aria-hidden="true" className="size-4" />
        {title} <span className="text-muted-foreground tabular-nums">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing here.</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((i) => (
            <li key={i.id}>
              <Link to={`/admin/enquiries?id=${encodeURIComponent(i.id)}`} className="block rounded-md border p-3 text-sm hover:bg-muted/50">
                <span className="flex justify-between gap-2">
                  <span className="truncate font-medium">{i.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{STAGE_LABELS[i.stage]}</span>
                </span>
                <span className="block truncate text-muted-foreground">{i.subject}</span>
                <span className="block text-xs text-muted-foreground">
                  {tone === "overdue" ? `Due ${formatDate(`${i.follow_up_on}T12:00:00Z`)}` : "Due today"}
                  {i.assignee_name ? ` · ${i.assignee_name}` : " · Unassigned"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function FollowUps({ overdue, dueToday }: { overdue: FollowUp[]; dueToday: FollowUp[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Follow-ups</h2>
        </CardTitle>
        <CardDescription>Open leads to call back</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <FollowUpList title="Overdue" items={overdue} icon={AlarmClock} tone="overdue" />
        <FollowUpList title="Due today" items={dueToday} icon={CalendarCheck} tone="today" />
      </CardContent>
    </Card>
  );
}
