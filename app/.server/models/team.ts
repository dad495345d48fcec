import { db, getDatabase } from "../db";
import { nowIso, toBool, toIso } from "./rows";

// The admins ("Team") and what the Team page, sign-in notices and the admin command need of them.

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  lastSignInAt: string | null;
  twoFactorEnabled: boolean;
}

/** Every admin (profile role 'admin'), by name. */
export async function listAdmins(): Promise<TeamMember[]> {
  const rows = await db()
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.id")
    .select(["profiles.id", "profiles.full_name", "user.name", "user.email", "profiles.last_sign_in_at", "user.twoFactorEnabled"])
    .where("profiles.role", "=", "admin")
    .orderBy("user.email", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.full_name || r.name || "",
    email: r.email,
    lastSignInAt: r.last_sign_in_at ? toIso(r.last_sign_in_at) : null,
    twoFactorEnabled: toBool(r.twoFactorEnabled),
  }));
}

export async function countAdmins(): Promise<number> {
  const row = await db().selectFrom("profiles").select((eb) => eb.fn.countAll<number | string>().as("n")).where("role", "=", "admin").executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type DemoteResult = "demoted" | "last-admin" | "not-admin";

/**
 * Removes the admin role, unless it is the last admin (docs/product.md#staff-accounts: the server refuses it, from the
 * admin page and the command line alike), and ends every session of the person in the same transaction.
 * On Postgres the admin rows are locked first, so two admins removing each other at once cannot both win.
 */
export async function demoteAdmin(userId: string): Promise<DemoteResult> {
  const engine = getDatabase().engine;
  return db()
    .transaction()
    .execute(async (trx) => {
      let admins = trx.selectFrom("profiles").select("id").where("role", "=", "admin");
      if (engine === "postgres") admins = admins.forUpdate();
      const ids = (await admins.execute()).map((r) => r.id);
      if (!ids.includes(userId)) return "not-admin";
      if (ids.length <= 1) return "last-admin";
      await trx.updateTable("profiles").set({ role: null, updated_at: nowIso() }).where("id", "=", userId).execute();
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      return "demoted";
    });
}

export async function promoteToAdmin(userId: string, fullName: string): Promise<void> {
  await db().updateTable("profiles").set({ role: "admin", full_name: fullName, updated_at: nowIso() }).where("id", "=", userId).execute();
}

export async function recordSignIn(userId: string): Promise<void> {
  await db().updateTable("profiles").set({ last_sign_in_at: nowIso() }).where("id", "=", userId).execute();
}

/**
 * Remembers a browser for a user. Returns "new" when this browser is new and the user had signed in from
 * another one before, "first" for a user's very first browser, "known" otherwise.
 */
export async function rememberBrowser(userId: string, fingerprint: string): Promise<"new" | "first" | "known"> {
  const inserted = await db()
    .insertInto("known_browsers")
    .values({ user_id: userId, fingerprint, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["user_id", "fingerprint"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (!inserted) return "known";
  const row = await db()
    .selectFrom("known_browsers")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 1 ? "new" : "first";
}

export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  lastActiveAt: string;
  createdAt: string;
}

/** The user's unexpired sessions, most recently active first. */
export async function listActiveSessions(userId: string): Promise<ActiveSession[]> {
  const rows = await db()
    .selectFrom("session")
    .select(["id", "userAgent", "ipAddress", "updatedAt", "createdAt", "expiresAt"])
    .where("userId", "=", userId)
    .orderBy("updatedAt", "desc")
    .execute();
  const now = Date.now();
  return rows
    .filter((r) => new Date(toIso(r.expiresAt)).getTime() > now)
    .map((r) => ({ id: r.id, userAgent: r.userAgent, ipAddress: r.ipAddress, lastActiveAt: toIso(r.updatedAt), createdAt: toIso(r.createdAt) }));
}

/** Ends every session of the user but one (the caller's own). Returns how many ended. */
export async function endOtherSessions(userId: string, keepSessionId: string): Promise<number> {
  const result = await db().deleteFrom("session").where("userId", "=", userId).where("id", "<>", keepSessionId).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0n);
}
