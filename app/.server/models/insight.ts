import { type Selectable, sql, type Transaction } from "kysely";
import { db, type Engine, getDatabase } from "../db";
import type { DB, InsightTables } from "../db/schema";

// Visitor statistics (docs/product.md#insight, docs/privacy.md): the writes on the insight_* tables (buffered
// counts, day salts, conversions, the roll-up of old detail) and the weekly report's claim. What the Insight page
// reads is insight-reads.ts; the daily roll-ups insight-rollups.ts.
// Days are site-time-zone calendar days as "YYYY-MM-DD" text, so text order is day order on both engines.

/** A visitor-day or page-day count as buffered and written: the tables' own columns, with a plain number of pageviews. */
type Counted<T> = Omit<Selectable<T>, "pageviews"> & { pageviews: number };
export type VisitorRow = Counted<InsightTables["insight_visitors"]>;
export type PageRow = Counted<InsightTables["insight_pages"]>;

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
