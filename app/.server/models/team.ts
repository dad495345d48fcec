import { db, getDatabase } from "../db";
import { nowIso, toBool, toIso } from "./rows";
import { ROLES, type Role, roleOf } from "~/lib/permissions";

// The staff ("Team": Owners, Editors and Sales) and what the Team page, sign-in notices and the admin command need of them.

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  lastSignInAt: string | null;
  twoFactorEnabled: boolean;
}

/** Everyone with a staff role (docs/decisions/0076-staff-roles-design.md), by address. */
export async function listStaff(): Promise<TeamMember[]> {
  const rows = await db()
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.id")
    .select(["profiles.id", "profiles.full_name", "profiles.role", "user.name", "user.email", "profiles.last_sign_in_at", "user.twoFactorEnabled"])
    .where("profiles.role", "in", [...ROLES])
    .orderBy("user.email", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.full_name || r.name || "",
    email: r.email,
    role: roleOf(r.role) ?? "editor",
    lastSignInAt: r.last_sign_in_at ? toIso(r.last_sign_in_at) : null,
    twoFactorEnabled: toBool(r.twoFactorEnabled),
  }));
}

export async function countAdmins(): Promise<number> {
  const row = await db().selectFrom("profiles").select((eb) => eb.fn.countAll<number | string>().as("n")).where("role", "=", "admin").executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type RoleChange = { outcome: "changed"; from: Role; to: Role | null; email: string | null } | { outcome: "unchanged"; role: Role } | { outcome: "last-owner" } | { outcome: "not-staff" };

/**
 * Gives a staff member another role, or none (`null`: "Remove access", which also ends every session of the person
 * in the same transaction). There is always at least one Owner (docs/product.md#staff-accounts): the change is one
 * conditional update that leaves a last Owner as they are, for the Team page and the command line alike. On Postgres
 * the Owners' rows are locked first: under read committed, two Owners demoting each other at once would each still
 * see the other in the update's own check and both succeed (docs/decisions/0082-staff-roles-as-built.md).
 */
export async function changeRole(userId: string, to: Role | null): Promise<RoleChange> {
  const engine = getDatabase().engine;
  return db()
    .transaction()
    .execute(async (trx) => {
      if (engine === "postgres") await trx.selectFrom("profiles").select("id").where("role", "=", "admin").forUpdate().execute();
      const profile = await trx.selectFrom("profiles").select(["role", "email"]).where("id", "=", userId).executeTakeFirst();
      const before = roleOf(profile?.role);
      if (!before) return { outcome: "not-staff" } as const;
      if (before === to) return { outcome: "unchanged", role: before } as const;
      const result = await trx
        .updateTable("profiles")
        .set({ role: to, updated_at: nowIso() })
        .where("id", "=", userId)
        .where("role", "=", before)
        .where((eb) =>
          eb.or([
            eb("role", "<>", "admin"),
            eb.exists(eb.selectFrom("profiles as other").select("other.id").where("other.role", "=", "admin").where("other.id", "<>", userId)),
          ]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { outcome: "last-owner" } as const;
      if (to === null) await trx.deleteFrom("session").where("userId", "=", userId).execute();
      return { outcome: "changed", from: before, to, email: profile?.email ?? null } as const;
    });
}

/** Gives an account a staff role with the name it chose (an accepted invite). */
export async function grantRole(userId: string, role: Role, fullName: string): Promise<void> {
  await db().updateTable("profiles").set({ role, full_name: fullName, updated_at: nowIso() }).where("id", "=", userId).execute();
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
