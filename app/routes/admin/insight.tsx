import { Link } from "react-router";
import type { Route } from "./+types/insight";
import { requireAdmin } from "~/.server/auth/access";
import { addDays, dayOf, insightCounter } from "~/.server/insight/insight";
import { getInsightReport, type ConversionRow, type Ranked } from "~/.server/models/insight";
import { ConversionChart, TrafficChart } from "~/components/admin/insight-charts";
import { PageIntro } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { INSIGHT_PERIODS, insightPeriod } from "~/validation/insight";

// Insight (docs/product.md#insight): cookie-free visitor statistics and enquiry conversion, counted on the server
// (docs/decisions/0023-insight-counted-on-the-server.md); what is kept is in docs/privacy.md.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = insightPeriod(new URL(request.url).searchParams);
  // This instance's last few seconds of counts first, so an admin checking a visit just made sees it.
  await insightCounter().flush();
  const to = dayOf(new Date());
  const from = addDays(to, -(period - 1));
  const dayList = Array.from({ length: period }, (_, i) => addDays(from, i));
  const report = await getInsightReport(from, to, dayList);
  return { period, report };
}

const number = new Intl.NumberFormat("en-US");
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export default function InsightPage({ loaderData }: Route.ComponentProps) {
  const { period, report } = loaderData;
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
        <ConversionTable title="Sources" description="Where visitors came from: campaign source, referring site or direct" rows={report.sources} />
        <ConversionTable title="Landing pages" description="The first page a visitor saw that day" rows={report.landingPages} />
        <RankedTable title="Top pages" column="Page" description="Page views" rows={report.topPages} unit="Views" />
        <RankedTable title="Services" column="Service" description="Service page views" rows={report.topServices} unit="Views" />
        <RankedTable title="Projects" column="Project" description="Project page views" rows={report.topProjects} unit="Views" />
        <RankedTable title="Campaigns" column="Campaign" description="Visitors per utm_campaign" rows={report.campaigns} unit="Visitors" />
        <RankedTable title="Devices" column="Device" description="Visitors per device class" rows={report.devices} unit="Visitors" />
        <RankedTable title="Browsers" column="Browser" description="Visitors per browser family" rows={report.browsers} unit="Visitors" />
      </div>
    </>
  );
}

function RankedTable({ title, column, description, rows, unit }: { title: string; column: string; description: string; rows: Ranked[]; unit: string }) {
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
                <TableHead className="text-right">{unit}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell title={r.key}>
                    <span className="block max-w-48 truncate sm:max-w-72">{r.label}</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{number.format(r.count)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function ConversionTable({ title, description, rows }: { title: string; description: string; rows: ConversionRow[] }) {
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
                <TableHead>{title.replace(/s$/, "")}</TableHead>
                <TableHead className="text-right">Visitors</TableHead>
                <TableHead className="text-right">Enquiries</TableHead>
                <TableHead className="text-right">Rate</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell title={r.key}>
                    <span className="block max-w-24 truncate sm:max-w-48">{r.label}</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{number.format(r.count)}</TableCell>
                  <TableCell className="text-right tabular-nums">{number.format(r.enquiries)}</TableCell>
                  <TableCell className="text-right tabular-nums">{percent(r.rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
