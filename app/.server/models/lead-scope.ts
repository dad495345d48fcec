import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { SessionUser } from "../auth/access";
import { db } from "../db";
import { logger } from "../logger";
import { getPublicSettings } from "./settings";

// "Sales see only the leads assigned to them or to no one" (Settings, docs/product.md#access): the one scope every
// lead query of a Sales member goes through: the list, search and CSV export (by enquiryFilterCondition), the board,
// the lead panel and attachment downloads.

/** The id whose leads (and the unassigned ones) this member may see, or null: every lead. */
export async function leadScopeOf(user: Pick<SessionUser, "id" | "role">): Promise<string | null> {
  if (user.role !== "sales") return null;
  try {
    return (await getPublicSettings()).sales_own_leads_only === "true" ? user.id : null;
  } catch (error) {
    // Fails closed: a setting that cannot be read narrows Sales to their own leads.
    logger.error({ err: error }, "sales lead scope could not be read");
    return user.id;
  }
}

/** The WHERE condition of a scope over `table` (a name or alias of enquiries). */
export function leadScopeCondition(scope: string | null | undefined, table = "enquiries"): RawBuilder<SqlBool> {
  if (!scope) return sql<SqlBool>`1 = 1`;
  const assignee = sql.ref(`${table}.assignee_id`);
  return sql<SqlBool>`(${assignee} = ${scope} or ${assignee} is null)`;
}

/**
 * Whether any of these enquiries lies outside a scope: a write names its enquiries by id, and an id from outside the
 * member's leads (a colleague's link, a guessed id) is answered as if it did not exist.
 */
export async function anyOutsideScope(ids: readonly string[], scope: string | null): Promise<boolean> {
  if (!scope || ids.length === 0) return false;
  const row = await db()
    .selectFrom("enquiries")
    .select("id")
    .where("id", "in", [...ids])
    .where(sql<SqlBool>`not ${leadScopeCondition(scope)}`)
    .executeTakeFirst();
  return row !== undefined;
}
