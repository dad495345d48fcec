import { Link } from "react-router";
import type { Route } from "./+types/insight";
import { requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { insightCounter } from "~/.server/insight/insight";
import { addDays, dayOf } from "~/.server/insight/view-facts";
import { getInsightReport, type ConversionRow, type Ranked } from "~/.server/models/insight-reads";
import { getChatClicks } from "~/.server/models/insight-chats";
import { CHAT_LABELS } from "~/lib/chat-links";
import { ConversionChart, TrafficChart } from "~/components/admin/insight-charts";
import { PageIntro } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { INSIGHT_PERIODS, insightPeriod } from "~/validation/insight";

// Insight (docs/product.md#insight): cookie-free visitor statistics and enquiry conversion, counted on the server
// (docs/decisions/0023-insight-counted-on-the-server.md); what is kept is in docs/privacy.md.

/** Who may open this (docs/product.md#access). */
export const permissions = { loader: "insight.view" } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const period = insightPeriod(new URL(request.url).searchParams);
  // This instance's last few seconds of counts first, so an admin checking a visit just made sees it.
  await insightCounter().flush();
  const to = dayOf(new Date());
  const from = addDays(to, -(period - 1));
  const dayList = Array.from({ length: period }, (_, i) => addDays(from, i));
  const [report, chats] = await Promise.all([getInsightReport(from, to, dayList), getChatClicks(from, to)]);
  // WhatsApp and Viber clicks, conversions beside enquiries (docs/decisions/0068-chat-links-through-a-counting-redirect.md).
  return {
    period,
    report,
    chatChannels: chats.total === 0 ? [] : chats.channels.map((c) => ({ key: c.channel, label: CHAT_LABELS[c.channel], count: c.clicks })),
    chatSources: chats.sources.map((s) => ({ key: s.source, label: s.source, count: s.clicks })),
  };
}

const number = new Intl.NumberFormat("en-US");
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export default function InsightPage({ loaderData }: Route.ComponentProps) {
  const { period, report, chatChannels, chatSources } = loaderData;
  const { totals } = report;
  const stats = [
    { label: "Visitors", value: number.format(totals.visitors) },
    { label: "Page views", value: number.format(totals.pageviews) },
    { label: "Enquiries", value: number.format(totals.enquiries) },
    { label: "Conversion", value: percent(totals.rate) },
  ];
  return (
    <>
      <title>Insight | Admin</title>
      <PageIntro title="Insight" description="Visitors, pages and enquiries, counted without cookies or personal data.">
        <nav aria-label="Period" className="flex gap-2">
          {INSIGHT_PERIODS.map((p) => (
            <Button key={p} asChild size="sm" variant={p === period ? "default" : "outline"}>
              <Link to={`?days=${p}`} aria-current={p === period ? "page" : undefined}>
                Last {p} days
              </Link>
            </Button>
          ))}
        </nav>
      </PageIntro>

      <section aria-labelledby="insight-totals" className="grid gap-4">
        <h2 id="insight-totals" className="sr-only">
          Totals for the last {period} days
        </h2>
        <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          {stats.map((s) => (
            <li key={s.label}>
              <Card className="gap-2 py-4">
                <CardHeader className="px-5">
                  <CardTitle className="text-sm font-medium text-muted-foreground">{s.label}</CardTitle>
                </CardHeader>
                <CardContent className="px-5">
                  <p className="text-2xl font-bold tracking-tight" data-testid={`insight-${s.label.toLowerCase().replace(/\s+/g, "-")}`}>
                    {s.value}
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Visitors and page views</h2>
          </CardTitle>
          <CardDescription>
            Per day, {report.from} to {report.to} (Maldives time)
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TrafficChart
            days={report.days}
            label={`Line chart: ${number.format(totals.visitors)} visitors and ${number.format(totals.pageviews)} page views over the last ${period} days`}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Conversion</h2>
          </CardTitle>
          <CardDescription>Enquiries per visitor, per day</CardDescription>
        </CardHeader>
        <CardContent>
          <ConversionChart
            days={report.days}
            label={`Bar chart: ${number.format(totals.enquiries)} enquiries from ${number.format(totals.visitors)} visitors (${percent(totals.rate)}) over the last ${period} days`}
          />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TopList title="Sources" column="Source" description="Where visitors came from: campaign source, referring site or direct" rows={report.sources} figures={CONVERSION} />
        <TopList title="Landing pages" column="Landing page" description="The first page a visitor saw that day" rows={report.landingPages} figures={CONVERSION} />
        <TopList title="Chat clicks" column="App" description="Clicks on WhatsApp and Viber links: conversions, like enquiries" rows={chatChannels} figures={CLICKS} />
        <TopList title="Chat clicks by source" column="Source" description="Where the visitors who clicked them came from" rows={chatSources} figures={CLICKS} />
        <TopList title="Top pages" column="Page" description="Page views" rows={report.topPages} figures={VIEWS} />
        <TopList title="Services" column="Service" description="Service page views" rows={report.topServices} figures={VIEWS} />
        <TopList title="Projects" column="Project" description="Project page views" rows={report.topProjects} figures={VIEWS} />
        <TopList title="Campaigns" column="Campaign" description="Visitors per utm_campaign" rows={report.campaigns} figures={VISITORS} />
        <TopList title="Devices" column="Device" description="Visitors per device class" rows={report.devices} figures={VISITORS} />
        <TopList title="Browsers" column="Browser" description="Visitors per browser family" rows={report.browsers} figures={VISITORS} />
      </div>
    </>
  );
}

/** A figure column of a top list, after the column of labels. */
interface Figure<R> {
  header: string;
  value: (row: R) => string;
}

const VIEWS: Array<Figure<Ranked>> = [{ header: "Views", value: (r) => number.format(r.count) }];
const VISITORS: Array<Figure<Ranked>> = [{ header: "Visitors", value: (r) => number.format(r.count) }];
const CLICKS: Array<Figure<Ranked>> = [{ header: "Clicks", value: (r) => number.format(r.count) }];
const CONVERSION: Array<Figure<ConversionRow>> = [
  { header: "Visitors", value: (r) => number.format(r.count) },
  { header: "Enquiries", value: (r) => number.format(r.enquiries) },
  { header: "Rate", value: (r) => percent(r.rate) },
];

/** One top list (pages, sources, devices...): a card with a table of labels and their figures, or "Nothing counted yet." */
function TopList<R extends Ranked>({ title, column, description, rows, figures }: { title: string; column: string; description: string; rows: R[]; figures: Array<Figure<R>> }) {
  // More figures leave less room for the label.
  const labelWidth = figures.length > 1 ? "max-w-24 sm:max-w-48" : "max-w-48 sm:max-w-72";
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing counted yet.</p>
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHead>{column}</TableHead>
                {figures.map((f) => (
                  <TableHead key={f.header} className="text-right">
                    {f.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell title={r.label === r.key ? r.key : `${r.label} (${r.key})`}>
                    {r.href ? (
                      <a href={r.href} className={`block truncate underline underline-offset-4 hover:text-primary ${labelWidth}`}>
                        {r.label}
                      </a>
                    ) : (
                      <span className={`block truncate ${labelWidth}`}>{r.label}</span>
                    )}
                  </TableCell>
                  {figures.map((f) => (
                    <TableCell key={f.header} className="text-right tabular-nums">
                      {f.value(r)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
