import { recordSecurityActivity } from "../activity/activity";
import { INVALID_INVITE } from "~/content/staff";
import { sendInviteEmail, sendPasswordChangedEmail } from "../mail/account-emails";
import { auth, SITE_ORIGIN } from "./auth";
import { logger } from "../logger";
import { claimInvite, createInvite, findPendingInvite, renewInvite, setInviteMail, unclaimInvite } from "../models/invites";
import { type FirstTry, waitForFirstTry } from "../mail/mail-queue";
import { getProfile } from "../models/profiles";
import { changeRole, grantRole, type RoleChange } from "../models/team";
import { type Role, ROLE_LABELS, roleOf } from "~/lib/permissions";
import { ensureUser, setPassword } from "../models/users";
import { hitRateLimit } from "../models/rate-limits";
import { clientIp } from "./sign-in";

// Staff accounts (docs/product.md#staff-accounts; docs/decisions/0014-staff-accounts-and-two-factor.md): invites,
// removing access, password recovery and change. Routes call these; queries stay in the models.

export const inviteLink = (token: string) => `${SITE_ORIGIN}/admin/accept-invite?token=${encodeURIComponent(token)}`;

/**
 * An invite made: its link (shown to copy when it was not emailed), and what became of its email's first try, or
 * null when no SMTP server is configured.
 */
export type InviteOutcome = { ok: true; link: string; email: FirstTry | null } | { ok: false; message: string };

/**
 * Invites an address to a role; the link is emailed when SMTP is configured and always returned (shown to copy
 * without SMTP).
 */
export async function inviteStaff(email: string, role: Role, inviter: { id: string; name: string | null }): Promise<InviteOutcome> {
  const ctx = await auth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing && roleOf((await getProfile(existing.user.id))?.role)) return { ok: false, message: "This person is already on the team" };
  const { id, token } = await createInvite(email, inviter.id, role);
  return emailInvite(id, email, inviteLink(token), inviter);
}

/** A fresh link (and 72 hours) for a pending invite, emailed again. */
export async function resendInvite(id: string, inviter: { name: string | null }): Promise<InviteOutcome> {
  const renewed = await renewInvite(id);
  if (!renewed) return { ok: false, message: "This invitation is no longer pending" };
  return emailInvite(id, renewed.email, inviteLink(renewed.token), inviter);
}

/**
 * Queues the invitation email, names it on the invite (the Team page shows its delivery) and waits for its first
 * try, so the admin learns at once whether the mail server took it (docs/decisions/0058-lead-replies-through-the-mail-queue.md).
 */
async function emailInvite(id: string, email: string, link: string, inviter: { name: string | null }): Promise<InviteOutcome> {
  const mailId = await sendInviteEmail(email, link, inviter.name);
  await setInviteMail(id, mailId);
  return { ok: true, link, email: mailId ? await waitForFirstTry(mailId) : null };
}


/** The address a still-valid invite link is for (the accept page shows it), or null. */
export async function inviteForToken(token: string) {
  return findPendingInvite(token);
}

/**
 * Accepts an invite: the link is used up first (atomically), then the account is created, or an existing
 * account without a role at that address gets the new name and password, and the invite's role. The address is
 * always the invite's own: the form cannot name another account.
 */
export async function acceptInvite(request: Request, input: { token: string; full_name: string; password: string }): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const invite = await claimInvite(input.token);
  if (!invite) return { ok: false, message: INVALID_INVITE };
  try {
    const ctx = await auth().$context;
    const existing = await ctx.internalAdapter.findUserByEmail(invite.email);
    if (existing) {
      await setPassword(invite.email, input.password);
      await ctx.internalAdapter.updateUser(existing.user.id, { name: input.full_name });
      await grantRole(existing.user.id, invite.role, input.full_name);
    } else {
      const user = await ensureUser({ email: invite.email, password: input.password, name: input.full_name, role: invite.role });
      await grantRole(user.id, invite.role, input.full_name);
    }
    logger.info({ inviteId: invite.id }, "invite accepted");
    await recordSecurityActivity(request, { action: "team.invite-accepted", actorEmail: invite.email });
    return { ok: true, email: invite.email };
  } catch (error) {
    await unclaimInvite(invite.id);
    throw error;
  }
}

/**
 * The Activity entry of a role change (docs/product.md#staff-accounts): whose role, from, to; the actor is the
 * caller's (the signed-in Owner, or the command line).
 */
export function roleChangeEntry(userId: string, change: Extract<RoleChange, { outcome: "changed" }>) {
  const to = change.to ? ROLE_LABELS[change.to] : "no role";
  return {
    action: change.to ? "team.set-role" : "team.remove-access",
    entity: "user",
    entityId: userId,
    entityName: change.email,
    fields: ["role"],
    detail: `${ROLE_LABELS[change.from]} to ${to}`,
  };
}

/** "Remove access": takes the role away and ends every session of the person at once; never the last Owner. */
export async function removeAccess(userId: string): Promise<RoleChange> {
  const result = await changeRole(userId, null);
  if (result.outcome === "changed") logger.info({ userId }, "staff access removed");
  return result;
}


/** Per IP: 5 requests in 15 minutes; per address: 3 an hour (whether or not it exists). */
export const RESET_IP_LIMIT = [5, 15 * 60_000] as const;
export const RESET_ADDRESS_LIMIT = [3, 60 * 60_000] as const;

export async function requestPasswordReset(request: Request, email: string): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const ip = await hitRateLimit(`reset-ip:${clientIp(request)}`, ...RESET_IP_LIMIT);
  if (!ip.allowed) return { ok: false, retryAfter: ip.retryAfter };
  const address = await hitRateLimit(`reset-email:${email.toLowerCase()}`, ...RESET_ADDRESS_LIMIT);
  if (!address.allowed) return { ok: false, retryAfter: address.retryAfter };
  await auth().api.requestPasswordReset({ body: { email }, headers: request.headers });
  await recordSecurityActivity(request, { action: "password.reset-requested", actorEmail: email });
  return { ok: true };
}


/** Sets the new password with a reset link's token; better-auth uses the token up and ends every session. */
export async function resetPassword(request: Request, token: string, password: string): Promise<boolean> {
  try {
    await auth().api.resetPassword({ body: { token, newPassword: password } });
    await recordSecurityActivity(request, { action: "password.reset" });
    return true;
  } catch (error) {
    logger.info({ err: error }, "password reset refused");
    return false;
  }
}

/**
 * Changes the signed-in user's password (the current one is required) and ends their other sessions.
 * Returns the Set-Cookie headers of the session that replaces the current one.
 */
export async function changePassword(
  request: Request,
  user: { id: string; email: string; name: string | null },
  input: { current_password: string; new_password: string },
): Promise<{ ok: true; headers: Headers } | { ok: false; field: "current_password" | "new_password"; message: string }> {
  const response = await auth().api.changePassword({
    body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (body?.code === "INVALID_PASSWORD") return { ok: false, field: "current_password", message: "Current password is incorrect" };
    return { ok: false, field: "new_password", message: body?.message || "The password could not be changed" };
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  await sendPasswordChangedEmail(user.email, user.name, `${SITE_ORIGIN}/admin/login`);
  return { ok: true, headers };
}
