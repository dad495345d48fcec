import { sql } from "kysely";
import { db } from "../db";

// Named counters shared by every instance (site_counters): the public content version (app/.server/cache/cache.ts)
// and claims that only one instance may win (the daily lead digest).

/** The counter's value, 0 when it has no row yet. */
export async function readCounter(name: string): Promise<number> {
  const row = await db().selectFrom("site_counters").select("value").where("name", "=", name).executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Adds one to an existing counter, in the database, so concurrent instances never lose a bump. */
export async function incrementCounter(name: string): Promise<void> {
  await db()
    .updateTable("site_counters")
    .set({ value: sql`value + 1` })
    .where("name", "=", name)
    .execute();
}

/**
 * Moves the counter forward to `value`; true when this call moved it. Atomic, so of several instances
 * claiming the same value only one succeeds.
 */
export async function advanceCounter(name: string, value: number): Promise<boolean> {
  await db().insertInto("site_counters").values({ name, value: 0 }).onConflict((oc) => oc.column("name").doNothing()).execute();
  const result = await db()
    .updateTable("site_counters")
    .set({ value })
    .where("name", "=", name)
    .where(sql`value`, "<", value)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
