import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { db } from "../db";
import type { DB } from "../db/schema";
import { nowIso } from "./rows";

// The one condition every public read of services and projects adds to its Active/Public switch
// (docs/decisions/0087-show-from-and-hide-from.md): a record counts for visitors from its show-from moment and no
// longer from its hide-from moment, judged when the query runs. Both are stored UTC (timestamptz on Postgres, ISO
// text on SQLite, where ISO strings of one format compare in time order). The admin's badges use the same rule
// (visibilityAt in app/lib/site-time.ts).

type Scheduled = "services" | "projects";

/** `where(shownAt())`: show_from unset or passed, and hide_from unset or still ahead, at `now`. */
export function shownAt<T extends Scheduled>(now = nowIso()) {
  return (eb: ExpressionBuilder<DB, T>): Expression<SqlBool> => {
    // Both tables have the two columns; Kysely cannot name a column of a table union, so services' stand for both.
    const e = eb as unknown as ExpressionBuilder<DB, "services">;
    return e.and([e.or([e("show_from", "is", null), e("show_from", "<=", now)]), e.or([e("hide_from", "is", null), e("hide_from", ">", now)])]);
  };
}

/** Whether a show-from or hide-from moment of a record outside the Trash lies in (after, until]. */
export async function visibilityChangedBetween(after: string, until: string): Promise<boolean> {
  for (const table of ["services", "projects"] as const) {
    for (const column of ["show_from", "hide_from"] as const) {
      const row = await db()
        .selectFrom(table as "services")
        .select("id")
        .where(column, ">", after)
        .where(column, "<=", until)
        .where("deleted_at", "is", null)
        .limit(1)
        .executeTakeFirst();
      if (row) return true;
    }
  }
  return false;
}
