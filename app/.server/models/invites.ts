import crypto from "node:crypto";
import { db } from "../db";
import { newId, nowIso, toIso } from "./rows";
import { type Role, roleOf } from "~/lib/permissions";

// Admin invites (docs/product.md#staff-accounts): a single-use link valid 72 hours. Only a hash of the token is stored,
// so a copy of the database does not hold usable links.

export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;

export interface PendingInvite {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  /** The latest invitation email's delivery: null when none was queued (no SMTP: the link was copied). */
  emailDelivery: { status: "pending" | "sending" | "sent" | "failed"; error: string | null } | null;
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");
const newToken = () => crypto.randomBytes(32).toString("base64url");

/** A new invite, or a fresh link for the same address (any older pending invite for it is revoked). */
export async function createInvite(email: string, invitedBy: string | null, role: Role = "editor", now = Date.now()): Promise<{ id: string; token: string }> {
  const address = email.trim().toLowerCase();
  const token = newToken();
  const id = newId();
  await db().transaction().execute(async (trx) => {
    await trx
      .updateTable("invites")
      .set({ revoked_at: nowIso() })
      .where("email", "=", address)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await trx
      .insertInto("invites")
      .values({ id, email: address, token_hash: hashToken(token), invited_by: invitedBy, role, expires_at: now + INVITE_TTL_MS, created_at: nowIso() })
      .execute();
  });
  return { id, token };
}

/** Pending: not accepted, not revoked, not expired. Newest first. */
export async function listPendingInvites(now = Date.now()): Promise<PendingInvite[]> {
  const rows = await db()
    .selectFrom("invites")
    .leftJoin("user", "user.id", "invites.invited_by")
    .leftJoin("mail_outbox", "mail_outbox.id", "invites.mail_id")
    .select([
      "invites.id",
      "invites.email",
      "invites.role",
      "user.email as invited_by_email",
      "invites.created_at",
      "invites.expires_at",
      "mail_outbox.status as mail_status",
      "mail_outbox.error as mail_error",
    ])
    .where("invites.accepted_at", "is", null)
    .where("invites.revoked_at", "is", null)
    .where("invites.expires_at", ">", now)
    .orderBy("invites.created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: inviteRole(r.role),
    invitedBy: r.invited_by_email ?? null,
    createdAt: toIso(r.created_at),
    expiresAt: new Date(Number(r.expires_at)).toISOString(),
    emailDelivery: r.mail_status ? { status: r.mail_status as NonNullable<PendingInvite["emailDelivery"]>["status"], error: r.mail_error ?? null } : null,
  }));
}

/** Names the invitation email just queued for an invite (the Team page follows its delivery). */
export async function setInviteMail(id: string, mailId: string | null): Promise<void> {
  await db().updateTable("invites").set({ mail_id: mailId }).where("id", "=", id).execute();
}

/** A new token and 72 hours more for a pending invite (the old link stops working). Null when not pending. */
export async function renewInvite(id: string, now = Date.now()): Promise<{ email: string; token: string } | null> {
  const token = newToken();
  const row = await db()
    .updateTable("invites")
    .set({ token_hash: hashToken(token), expires_at: now + INVITE_TTL_MS })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .returning(["email"])
    .executeTakeFirst();
  return row ? { email: row.email, token } : null;
}

export async function revokeInvite(id: string): Promise<boolean> {
  const result = await db()
    .updateTable("invites")
    .set({ revoked_at: nowIso() })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The pending invite a link names, or null (unknown, used, revoked or expired). */
export async function findPendingInvite(token: string, now = Date.now()): Promise<{ id: string; email: string } | null> {
  if (!token || token.length > 200) return null;
  const row = await db()
    .selectFrom("invites")
    .select(["id", "email"])
    .where("token_hash", "=", hashToken(token))
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ?? null;
}

/** An invite's role; one made before roles existed gives what every account was then: Owner. */
const inviteRole = (value: string | null) => roleOf(value) ?? "admin";

/** Uses up a link: one atomic update, so two people opening the same link cannot both accept it. */
export async function claimInvite(token: string, now = Date.now()): Promise<{ id: string; email: string; role: Role } | null> {
  if (!token || token.length > 200) return null;
  const row = await db()
    .updateTable("invites")
    .set({ accepted_at: nowIso() })
    .where("token_hash", "=", hashToken(token))
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["id", "email", "role"])
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, role: inviteRole(row.role) } : null;
}

/** Gives a claimed invite back when accepting failed after the claim (say, the database hiccuped). */
export async function unclaimInvite(id: string): Promise<void> {
  await db().updateTable("invites").set({ accepted_at: null }).where("id", "=", id).execute();
}
