import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "./use-hydrated";
import { conversionRate } from "~/validation/insight";

// The Insight page's charts (docs/product.md#insight), drawn with recharts in the browser only: the admin
// hydrates, and an SVG measured on the server would have no width. The numbers are also in tables on the page.

export interface DayPoint {
  day: string;
  visitors: number;
  pageviews: number;
  enquiries: number;
  /** Enquiries whose visit was counted. */
  converted: number;
}

const shortDay = (day: string) => {
  const [, m, d] = day.split("-").map(Number);
  return `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${d}`;
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * The conversion axis: 0 and four even steps up to at least `max` (a share, and 5% at least), each step 1, 2,
 * 2.5 or 5 times a power of ten. recharts' own ticks for a domain ending at the data's maximum can be uneven (0%,
 * 1.5%, 3.0%, 5.0%).
 */
export function shareTicks(max: number): number[] {
  const raw = Math.max(max, 0.05) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw * (1 - 1e-9)) ?? raw;
  return [0, 1, 2, 3, 4].map((i) => Math.round(i * step * 1e6) / 1e6);
}

const axis = { fontSize: 12, fill: "var(--muted-foreground)" };

/**
 * A chart as one image with its label; drawn once the page is hydrated (Recharts measures the browser's layout).
 * `chart` draws it on a grid of days: `grid` is the grid and the days' axis.
 */
function DayChart({ label, testId, className, chart }: { label: string; testId: string; className: string; chart: (grid: React.ReactNode) => React.ReactNode }) {
  const mounted = useHydrated();
  return (
    <figure role="img" aria-label={label} data-testid={testId} className={className}>
      {mounted
        ? chart([
            <CartesianGrid key="grid" strokeDasharray="3 3" stroke="var(--border)" vertical={false} />,
            <XAxis key="x" dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={24} />,
          ])
        : null}
    </figure>
  );
}

/** Visitors and page views per day. */
export function TrafficChart({ days, label }: { days: DayPoint[]; label: string }) {
  return (
    <DayChart
      label={label}
      testId="traffic-chart"
      className="h-72 w-full"
      chart={(grid) => (
        <LineChart responsive data={days} style={{ width: "100%", height: "100%" }} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          {grid}
          <YAxis allowDecimals={false} tick={axis} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend />
          <Line type="linear" dataKey="pageviews" name="Page views" stroke="var(--brand-teal)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="linear" dataKey="visitors" name="Visitors" stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      )}
    />
  );
}

/** Enquiries per visitor per day. */
export function ConversionChart({ days, label }: { days: DayPoint[]; label: string }) {
  const data = days.map((d) => ({ day: d.day, rate: conversionRate(d.converted, d.visitors), enquiries: d.enquiries }));
  const ticks = shareTicks(Math.max(0, ...data.map((d) => d.rate)));
  return (
    <DayChart
      label={label}
      testId="conversion-chart"
      className="h-56 w-full"
      chart={(grid) => (
        <BarChart responsive data={data} style={{ width: "100%", height: "100%" }} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
          {grid}
          <YAxis tickFormatter={(v: number) => percent(v)} tick={axis} domain={[0, ticks[ticks.length - 1]]} ticks={ticks} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => percent(Number(v))} />
          <Bar dataKey="rate" name="Enquiries per visitor" fill="var(--brand-amber)" isAnimationActive={false} />
        </BarChart>
      )}
    />
  );
}
