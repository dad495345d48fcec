import { sql, type Transaction } from "kysely";
import { db, type Engine, getDatabase } from "../db";
import type { DB } from "../db/schema";
import { conversionRate } from "~/validation/insight";
import { rolledDayTotals, rolledVisitorsBy, splitRange } from "./insight-rollups";

// Visitor statistics (docs/product.md#insight, docs/privacy.md): every query on the insight_* tables.
// Days are site-time-zone calendar days as "YYYY-MM-DD" text, so text order is day order on both engines.

export interface VisitorRow {
  day: string;
  visitor: string;
  landing_path: string;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string;
  browser: string;
  pageviews: number;
}

export interface PageRow {
  day: string;
  path: string;
  pageviews: number;
}

const VISITOR_COLUMNS = ["day", "visitor", "landing_path", "source", "utm_source", "utm_medium", "utm_campaign", "device", "browser", "pageviews"] as const;
const PAGE_COLUMNS = ["day", "path", "pageviews"] as const;

/**
 * One upsert of any number of rows, sent as a single JSON parameter that the database unpacks (`json_each` on
 * SQLite, `json_array_elements` on Postgres). Against multi-row VALUES this halves the CPU of a flush: no query
 * builder work per row, no statement of thousands of placeholders to prepare (docs/performance.md#insight-counting).
 */
async function upsertJsonRows<C extends string>(
  trx: Transaction<DB>,
  engine: Engine,
  table: "insight_visitors" | "insight_pages",
  columns: readonly C[],
  keys: readonly C[],
  rows: Array<Record<C, string | number | null>>,
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((row) => columns.map((column) => row[column])));
  const elements = engine === "postgres" ? sql`json_array_elements(${json}::json)` : sql`json_each(${json})`;
  const values = columns.map((column, i) => (column === "pageviews" ? sql`cast(value->>${sql.lit(i)} as integer)` : sql`value->>${sql.lit(i)}`));
  // "where true": SQLite needs it to read "on conflict" as the upsert clause after a select.
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(values)} from ${elements} where true
    on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do update set pageviews = ${sql.ref(`${table}.pageviews`)} + excluded.pageviews`.execute(trx);
}

/**
 * Adds buffered counts. An upsert that adds to what is there, so several instances flushing the same
 * visitor or page add up; a visitor already stored keeps the landing page and source of their first view.
 */
export async function addInsightCounts(visitors: VisitorRow[], pages: PageRow[]): Promise<void> {
  const { engine } = getDatabase();
  await db()
    .transaction()
    .execute(async (trx) => {
      await upsertJsonRows(trx, engine, "insight_visitors", VISITOR_COLUMNS, ["day", "visitor"], visitors);
      await upsertJsonRows(trx, engine, "insight_pages", PAGE_COLUMNS, ["day", "path"], pages);
    });
}

/** The salt of `day`: the one another instance already made, or `fresh`. */
export async function getOrCreateSalt(day: string, fresh: string): Promise<string> {
  await db()
    .insertInto("insight_salts")
    .values({ day, salt: fresh })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db().selectFrom("insight_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts of days before `today`: past visitor hashes can no longer be recomputed. */
export async function deleteSaltsBefore(today: string): Promise<number> {
  const result = await db().deleteFrom("insight_salts").where("day", "<", today).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Where a stored visitor of `day` landed and came from, or null. */
export async function getVisitorOrigin(day: string, visitor: string) {
  return (
    (await db()
      .selectFrom("insight_visitors")
      .select(["landing_path", "source", "utm_source", "utm_medium", "utm_campaign"])
      .where("day", "=", day)
      .where("visitor", "=", visitor)
      .executeTakeFirst()) ?? null
  );
}

export interface Conversion {
  enquiry_id: string;
  day: string;
  landing_path: string | null;
  source: string | null;
  utm_campaign: string | null;
}

export async function recordConversion(conversion: Conversion): Promise<void> {
  await db()
    .insertInto("insight_conversions")
    .values(conversion)
    .onConflict((oc) => oc.column("enquiry_id").doNothing())
    .execute();
}

/**
 * Rolls the detail of days before `cutoff` up into daily totals and deletes it (docs/privacy.md#how-long).
 * Runs in one transaction, so two instances doing it at once cannot count a day twice.
 */
export async function rollUpBefore(cutoff: string): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const visitors = await trx
        .selectFrom("insight_visitors")
        .select(["day", sql<number>`count(*)`.as("visitors"), sql<number>`sum(pageviews)`.as("pageviews")])
        .where("day", "<", cutoff)
        .groupBy("day")
        .execute();
      const enquiries = await trx
        .selectFrom("insight_conversions")
        .select(["day", sql<number>`count(*)`.as("enquiries")])
        .where("day", "<", cutoff)
        .groupBy("day")
        .execute();
      const days = new Map<string, { visitors: number; pageviews: number; enquiries: number }>();
      for (const v of visitors) days.set(v.day, { visitors: Number(v.visitors), pageviews: Number(v.pageviews), enquiries: 0 });
      for (const e of enquiries) {
        const d = days.get(e.day) ?? { visitors: 0, pageviews: 0, enquiries: 0 };
        d.enquiries = Number(e.enquiries);
        days.set(e.day, d);
      }
      for (const [day, totals] of days) {
        await trx
          .insertInto("insight_daily")
          .values({ day, ...totals })
          .onConflict((oc) =>
            oc.column("day").doUpdateSet({
              visitors: sql`insight_daily.visitors + excluded.visitors`,
              pageviews: sql`insight_daily.pageviews + excluded.pageviews`,
              enquiries: sql`insight_daily.enquiries + excluded.enquiries`,
            }),
          )
          .execute();
      }
      await trx.deleteFrom("insight_visitors").where("day", "<", cutoff).execute();
      await trx.deleteFrom("insight_pages").where("day", "<", cutoff).execute();
      await trx.deleteFrom("insight_conversions").where("day", "<", cutoff).execute();
      await trx.deleteFrom("insight_rollups").where("day", "<", cutoff).execute();
      return days.size;
    });
}

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

const WEEKLY_REPORT_COUNTER = "insight_weekly_report";

/**
 * Claims the weekly report of the week labelled `week` (a day number) for this instance: true for exactly one
 * caller across instances, however many ask at once.
 */
export async function claimWeeklyReport(week: number): Promise<boolean> {
  await db()
    .insertInto("site_counters")
    .values({ name: WEEKLY_REPORT_COUNTER, value: 0 })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const result = await db()
    .updateTable("site_counters")
    .set({ value: week })
    .where("name", "=", WEEKLY_REPORT_COUNTER)
    .where("value", "<", week)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a claimed week back (its email could not be sent), so that a later try sends it. */
export async function releaseWeeklyReport(week: number): Promise<void> {
  await db()
    .updateTable("site_counters")
    .set({ value: week - 1 })
    .where("name", "=", WEEKLY_REPORT_COUNTER)
    .where("value", "=", week)
    .execute();
}
