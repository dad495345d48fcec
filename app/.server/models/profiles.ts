import type { ProfileInput } from "~/validation/profile";
import { db } from "../db";
import { nowIso } from "./rows";

export interface Profile {
  id: string;
  full_name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string | null;
}

/** docs/product.md#access: an administrator is exactly a profile whose role is 'admin'. */
export const isAdminProfile = (profile: Pick<Profile, "role"> | null | undefined) => profile?.role === "admin";

export async function getProfile(userId: string): Promise<Profile | null> {
  const row = await db()
    .selectFrom("profiles")
    .select(["id", "full_name", "email", "avatar_url", "role"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Called when a user is created; no role unless one is given. */
export async function createProfile(profile: { id: string; email: string; full_name?: string | null; role?: string | null }) {
  const now = nowIso();
  await db()
    .insertInto("profiles")
    .values({
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name?.trim() || null,
      avatar_url: null,
      role: profile.role ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** A user edits only their own full_name and avatar_url. */
export async function updateProfile(userId: string, input: ProfileInput): Promise<Profile | null> {
  const result = await db()
    .updateTable("profiles")
    .set({ full_name: input.full_name, avatar_url: input.avatar_url, updated_at: nowIso() })
    .where("id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? getProfile(userId) : null;
}

/** Only the command line and the start-up admin bootstrap set roles. */
export async function setProfileRole(userId: string, role: string | null): Promise<void> {
  await db().updateTable("profiles").set({ role, updated_at: nowIso() }).where("id", "=", userId).execute();
}

/** Whether any account has the admin role (start-up makes one on a new database that has none). */
export async function hasAdmin(): Promise<boolean> {
  return Boolean(await db().selectFrom("profiles").select("id").where("role", "=", "admin").executeTakeFirst());
}
