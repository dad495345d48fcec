import { sql } from "kysely";
import { db } from "../db";
import { advanceCounter, readCounter } from "./counters";

// Insight's lists per ended day (docs/decisions/0065-insight-daily-rollups.md). A day's visitor rows stop changing
// once it has ended and the last buffered counts are written; from then on its lists (visitors per source, campaign,
// device, browser and landing page, and its totals) are read from a few rows here instead of its 1,000 visitor rows.
// Days up to a watermark (site_counters) are rolled; later days are read from the detail as before.

export const ROLLUP_COLUMNS = ["source", "utm_campaign", "device", "browser", "landing_path"] as const;
export type RollupColumn = (typeof ROLLUP_COLUMNS)[number];

const WATERMARK = "insight_rolled_through";

const dayNumber = (day: string) => Number(day.replaceAll("-", ""));
const dayText = (n: number) => (n > 0 ? `${String(n).slice(0, 4)}-${String(n).slice(4, 6)}-${String(n).slice(6, 8)}` : "");

/** The last day whose lists are rolled up ("" for none). */
export async function rolledThrough(): Promise<string> {
  return dayText(await readCounter(WATERMARK));
}

/**
 * Rolls up every day after the watermark up to `through` (inclusive) and moves the watermark. Several instances
 * may do it at once: they write the same rows (`on conflict do nothing`), and the watermark only moves forward.
 */
export async function rollUpEndedDays(through: string): Promise<boolean> {
  const after = await rolledThrough();
  if (after >= through) return false;
  await db()
    .transaction()
    .execute(async (trx) => {
      const range = sql`day > ${after} and day <= ${through}`;
      for (const column of ROLLUP_COLUMNS) {
        await sql`insert into insight_rollups (day, dimension, key, visitors, pageviews)
          select day, ${sql.lit(column)}, ${sql.ref(column)}, count(*), sum(pageviews) from insight_visitors
          where ${range} and ${sql.ref(column)} is not null group by day, ${sql.ref(column)}
          on conflict (day, dimension, key) do nothing`.execute(trx);
      }
      await sql`insert into insight_rollups (day, dimension, key, visitors, pageviews)
        select day, 'total', '', count(*), sum(pageviews) from insight_visitors where ${range} group by day
        on conflict (day, dimension, key) do nothing`.execute(trx);
    });
  return advanceCounter(WATERMARK, dayNumber(through));
}

const dayAfter = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The rolled part of `from`..`to` and the first day after it that is read from the detail. */
export async function splitRange(from: string, to: string) {
  const through = await rolledThrough();
  const rolledTo = through < to ? through : to;
  const detailFrom = through >= from ? dayAfter(through) : from;
  return { rolled: rolledTo >= from ? { from, to: rolledTo } : null, detailFrom };
}

/** Visitors per value of `column` on rolled days from `from` to `to`. */
export async function rolledVisitorsBy(column: RollupColumn, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db()
    .selectFrom("insight_rollups")
    .select(["key", sql<number>`sum(visitors)`.as("visitors")])
    .where("dimension", "=", column)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("key")
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.visitors)]));
}

/** Visitors and page views of each rolled day from `from` to `to`. */
export async function rolledDayTotals(from: string, to: string) {
  const rows = await db()
    .selectFrom("insight_rollups")
    .select(["day", "visitors", "pageviews"])
    .where("dimension", "=", "total")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  return rows.map((r) => ({ day: r.day, visitors: Number(r.visitors), pageviews: Number(r.pageviews) }));
}
