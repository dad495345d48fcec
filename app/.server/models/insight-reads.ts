import { sql } from "kysely";
import { db } from "../db";
import { conversionRate } from "~/validation/insight";
import { rolledDayTotals, rolledVisitorsBy, splitRange } from "./insight-rollups";

// What the Insight page reads (docs/product.md#insight): daily totals, the most viewed pages and records, visitors
// by source, campaign, device, browser and landing page, and the enquiries each brought, over a range of days.
// Detail days are read from insight_visitors and insight_pages, ended days from their roll-ups (insight-rollups.ts).
// The writes (counts, salts, conversions, roll-up of old detail) are insight.ts.

export interface DayTotals {
  day: string;
  visitors: number;
  pageviews: number;
  enquiries: number;
  /** Enquiries whose visit was counted (found by the visitor hash): what a conversion rate sets against visitors. */
  converted: number;
}

/** Visitors, page views and enquiries of each day from `from` to `to` (inclusive), detail and rolled-up days alike. */
export async function listDailyTotals(from: string, to: string): Promise<DayTotals[]> {
  const range = await splitRange(from, to);
  const [detail, ended, enquiries, rolled] = await Promise.all([
    range.detailFrom <= to
      ? db()
          .selectFrom("insight_visitors")
          .select(["day", sql<number>`count(*)`.as("visitors"), sql<number>`sum(pageviews)`.as("pageviews")])
          .where("day", ">=", range.detailFrom)
          .where("day", "<=", to)
          .groupBy("day")
          .execute()
      : [],
    range.rolled ? rolledDayTotals(range.rolled.from, range.rolled.to) : [],
    db()
      .selectFrom("insight_conversions")
      .select(["day", sql<number>`count(*)`.as("enquiries"), sql<number>`count(landing_path)`.as("converted")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("day")
      .execute(),
    db().selectFrom("insight_daily").selectAll().where("day", ">=", from).where("day", "<=", to).execute(),
  ]);
  const days = new Map<string, DayTotals>();
  const get = (day: string) => {
    let d = days.get(day);
    if (!d) {
      d = { day, visitors: 0, pageviews: 0, enquiries: 0, converted: 0 };
      days.set(day, d);
    }
    return d;
  };
  for (const r of rolled) {
    const d = get(r.day);
    d.visitors += Number(r.visitors);
    d.pageviews += Number(r.pageviews);
    d.enquiries += Number(r.enquiries);
    // Rolled-up days kept no visitor hashes; conversionRate caps what they give.
    d.converted += Number(r.enquiries);
  }
  for (const v of [...detail, ...ended]) {
    const d = get(v.day);
    d.visitors += Number(v.visitors);
    d.pageviews += Number(v.pageviews);
  }
  for (const e of enquiries) {
    const d = get(e.day);
    d.enquiries += Number(e.enquiries);
    d.converted += Number(e.converted);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export interface Ranked {
  key: string;
  label: string;
  count: number;
  /** The public page the row is about, for a page's row while it is public. */
  href?: string | null;
}

/** The most viewed pages between `from` and `to`. */
export async function listTopPages(from: string, to: string, limit = 10): Promise<Ranked[]> {
  const rows = await db()
    .selectFrom("insight_pages")
    .select(["path", sql<number>`sum(pageviews)`.as("views")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("path")
    .orderBy(sql`sum(pageviews)`, "desc")
    .orderBy("path")
    .limit(limit)
    .execute();
  return withPageLabels(rows.map((r) => ({ key: r.path, label: r.path, count: Number(r.views) })));
}

/** The most viewed pages under `prefix` ("/service/", "/project/") between `from` and `to`, by path. */
async function listTopPagesUnder(prefix: string, from: string, to: string, limit: number) {
  return db()
    .selectFrom("insight_pages")
    .select(["path", sql<number>`sum(pageviews)`.as("views")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where("path", "like", `${prefix}%`)
    .groupBy("path")
    .orderBy(sql`sum(pageviews)`, "desc")
    .orderBy("path")
    .limit(limit)
    .execute();
}

const PAGE_NAMES: Record<string, string> = { "/": "Home page", "/projects": "Portfolio" };

/**
 * What each of a few counted paths shows: the page's name or the service's or project's title, and a link to the
 * public page while there is one (docs/product.md#insight). Titles are read by id for the paths listed, never
 * joined on a built string (that read every record for every page row: seconds with 10,000 projects,
 * docs/performance.md "At scale").
 */
export async function describePaths(paths: string[]): Promise<Map<string, { label: string; href: string | null }>> {
  const idsUnder = (prefix: string) => paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  const [serviceIds, projectIds] = [idsUnder("/service/"), idsUnder("/project/")];
  const [services, projects] = await Promise.all([
    serviceIds.length ? db().selectFrom("services").select(["id", "title", "is_active", "deleted_at"]).where("id", "in", serviceIds).execute() : [],
    projectIds.length ? db().selectFrom("projects").select(["id", "title", "is_public", "deleted_at"]).where("id", "in", projectIds).execute() : [],
  ]);
  const found = new Map<string, { label: string; href: string | null }>();
  for (const s of services) found.set(`/service/${s.id}`, { label: s.title, href: s.is_active && !s.deleted_at ? `/service/${s.id}` : null });
  for (const p of projects) found.set(`/project/${p.id}`, { label: p.title, href: p.is_public && !p.deleted_at ? `/project/${p.id}` : null });
  return new Map(
    paths.map((path) => {
      const named = PAGE_NAMES[path];
      if (named) return [path, { label: named, href: path }];
      const record = found.get(path);
      if (record) return [path, record];
      return [path, { label: path.startsWith("/service/") ? "Deleted service" : path.startsWith("/project/") ? "Deleted project" : path, href: null }];
    }),
  );
}

/** Rows labelled with what their paths show (describePaths). */
async function withPageLabels<R extends Ranked>(rows: R[]): Promise<R[]> {
  const described = await describePaths(rows.map((r) => r.key));
  return rows.map((r) => ({ ...r, ...described.get(r.key) }));
}

/** The most viewed service or project pages, with their titles. */
async function listTopRecords(prefix: "/service/" | "/project/", from: string, to: string, limit: number): Promise<Ranked[]> {
  const rows = await listTopPagesUnder(prefix, from, to, limit);
  return withPageLabels(rows.map((r) => ({ key: r.path, label: r.path, count: Number(r.views) })));
}

/** The most viewed service pages, with the services' titles (a deleted service is "Deleted service"). */
export async function listTopServices(from: string, to: string, limit = 10): Promise<Ranked[]> {
  return listTopRecords("/service/", from, to, limit);
}

/** The most viewed project pages, with the projects' titles. */
export async function listTopProjects(from: string, to: string, limit = 10): Promise<Ranked[]> {
  return listTopRecords("/project/", from, to, limit);
}

type VisitorColumn = "source" | "utm_campaign" | "device" | "browser" | "landing_path";

/** Visitors between `from` and `to` grouped by one column, most first (empty values left out). */
export async function listVisitorsBy(column: VisitorColumn, from: string, to: string, limit = 10): Promise<Ranked[]> {
  // Ended days from their roll-ups, the last day or two from the detail (insight-rollups.ts).
  const { rolled, detailFrom } = await splitRange(from, to);
  const [counts, detail] = await Promise.all([
    rolled ? rolledVisitorsBy(column, rolled.from, rolled.to) : new Map<string, number>(),
    detailFrom <= to
      ? db()
          .selectFrom("insight_visitors")
          .select([sql<string>`${sql.ref(column)}`.as("key"), sql<number>`count(*)`.as("visitors")])
          .where("day", ">=", detailFrom)
          .where("day", "<=", to)
          .where(sql.ref(column), "is not", null)
          .groupBy(column)
          .execute()
      : [],
  ]);
  for (const r of detail) counts.set(r.key, (counts.get(r.key) ?? 0) + Number(r.visitors));
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([key, count]) => ({ key, label: key, count }));
}

/** Enquiries between `from` and `to` by the landing page or the source of the visitor who sent them. */
export async function countConversionsBy(column: "landing_path" | "source", from: string, to: string): Promise<Map<string, number>> {
  const rows = await db()
    .selectFrom("insight_conversions")
    .select([sql<string>`${sql.ref(column)}`.as("key"), sql<number>`count(*)`.as("enquiries")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where(sql.ref(column), "is not", null)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.enquiries)]));
}

export interface ConversionRow extends Ranked {
  enquiries: number;
  /** Enquiries per visitor, 0..1 (0 when nobody came that way). */
  rate: number;
}

export interface InsightReport {
  from: string;
  to: string;
  days: DayTotals[];
  totals: { visitors: number; pageviews: number; enquiries: number; rate: number };
  topPages: Ranked[];
  topServices: Ranked[];
  topProjects: Ranked[];
  sources: ConversionRow[];
  campaigns: Ranked[];
  devices: Ranked[];
  browsers: Ranked[];
  landingPages: ConversionRow[];
}

function withConversions(rows: Ranked[], conversions: Map<string, number>): ConversionRow[] {
  return rows.map((r) => {
    const enquiries = conversions.get(r.key) ?? 0;
    return { ...r, enquiries, rate: conversionRate(enquiries, r.count) };
  });
}

/** Everything the Insight page shows for the days `from`..`to` (docs/product.md#insight); `dayList` fills days with no visits. */
export async function getInsightReport(from: string, to: string, dayList: string[]): Promise<InsightReport> {
  const [daily, topPages, topServices, topProjects, sources, campaigns, devices, browsers, landing, bySource, byLanding] = await Promise.all([
    listDailyTotals(from, to),
    listTopPages(from, to),
    listTopServices(from, to),
    listTopProjects(from, to),
    listVisitorsBy("source", from, to),
    listVisitorsBy("utm_campaign", from, to),
    listVisitorsBy("device", from, to),
    listVisitorsBy("browser", from, to),
    listVisitorsBy("landing_path", from, to),
    countConversionsBy("source", from, to),
    countConversionsBy("landing_path", from, to),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days = dayList.map((day) => byDay.get(day) ?? { day, visitors: 0, pageviews: 0, enquiries: 0, converted: 0 });
  const sum = (key: "visitors" | "pageviews" | "enquiries" | "converted") => days.reduce((n, d) => n + d[key], 0);
  const totals = { visitors: sum("visitors"), pageviews: sum("pageviews"), enquiries: sum("enquiries"), rate: conversionRate(sum("converted"), sum("visitors")) };
  return {
    from,
    to,
    days,
    totals,
    topPages,
    topServices,
    topProjects,
    sources: withConversions(sources, bySource),
    campaigns,
    devices,
    browsers,
    landingPages: await withPageLabels(withConversions(landing, byLanding)),
  };
}
