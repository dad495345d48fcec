import { type Role, roleOf } from "~/lib/permissions";
import { auth } from "../auth/auth";
import { getProfile, setProfileRole } from "./profiles";
import { newPasswordProblem } from "~/validation/password-policy";

export interface CreatedUser {
  id: string;
  email: string;
  created: boolean;
}

/**
 * Creates a user with a password (or finds the existing one) and optionally makes it an admin.
 * Used by start-up bootstrap (ADMIN_EMAIL/ADMIN_PASSWORD), `npm run admin` and tests; works while public
 * sign-up is off because it goes through better-auth's internal adapter, not its sign-up endpoint.
 */
export async function ensureUser(input: { email: string; password: string; name?: string; role?: Role | null }): Promise<CreatedUser> {
  const ctx = await auth().$context;
  const email = input.email.trim().toLowerCase();
  requireAllowedPassword(input.password);
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) {
    if (input.role !== undefined) await setProfileRole(existing.user.id, input.role);
    return { id: existing.user.id, email, created: false };
  }
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name?.trim() ?? "", emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  if (input.role !== undefined) await setProfileRole(user.id, input.role);
  return { id: user.id, email, created: true };
}

/** The one password policy (docs/decisions/0073-one-password-policy.md): the admin command, ADMIN_PASSWORD and invites pass here. */
function requireAllowedPassword(password: string): void {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
}

export async function setPassword(email: string, password: string): Promise<boolean> {
  requireAllowedPassword(password);
  const ctx = await auth().$context;
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return false;
  await ctx.internalAdapter.updatePassword(found.user.id, await ctx.password.hash(password));
  await ctx.internalAdapter.deleteUserSessions(found.user.id);
  return true;
}

/** Whether the user has a staff role (Owner, Editor or Sales): only they may sign in to the admin (docs/product.md#access). */
export async function isStaffUser(userId: string): Promise<boolean> {
  return roleOf((await getProfile(userId))?.role) !== null;
}
