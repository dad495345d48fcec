import type { Selectable } from "kysely";
import { db } from "../db";
import type { MailOutboxTable } from "../db/schema";
import { newId, nowIso } from "./rows";

// The outgoing-mail queue (docs/decisions/0015-outgoing-mail-queue.md): a message is stored first and
// sent by the background loop, with the same retry rules as enquiry notifications.

export interface OutgoingMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  /** The recipient's and the sender's display names, and extra headers (a lead reply's X-Enquiry-Id). */
  toName: string | null;
  fromName: string | null;
  headers: Record<string, string> | null;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  error: string | null;
}

export const MAX_MAIL_ATTEMPTS = 5;
/** 30 s, 1 min, 2 min, 4 min between tries. */
export const mailRetryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);
/** A claimed message whose sender died is tried again after this long. */
const LEASE_MS = 5 * 60_000;

const COLUMNS = ["id", "kind", "to_address", "subject", "text_body", "html_body", "reply_to", "to_name", "from_name", "headers", "status", "attempts", "error"] as const;

/** A message as the queries below select it: the table's own types (app/.server/db/schema.ts), not a copy. */
type Row = Pick<Selectable<MailOutboxTable>, (typeof COLUMNS)[number]>;

/** Stored headers: a JSON object of strings (anything else, which this code never writes, is none). */
function parseHeaders(value: string | null): Record<string, string> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}

const toMail = (row: Row): OutgoingMail => ({
  id: row.id,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  replyTo: row.reply_to,
  toName: row.to_name,
  fromName: row.from_name,
  headers: parseHeaders(row.headers),
  status: row.status as OutgoingMail["status"],
  attempts: Number(row.attempts),
  error: row.error,
});


export interface NewOutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  toName?: string | null;
  fromName?: string | null;
  headers?: Record<string, string> | null;
  /** The message's id, when the caller records it elsewhere first (a reply's timeline event); else a new one. */
  id?: string;
}

export async function insertOutgoingMail(input: NewOutgoingMail): Promise<string> {
  const id = input.id ?? newId();
  await db()
    .insertInto("mail_outbox")
    .values({
      id,
      kind: input.kind,
      to_address: input.to,
      subject: input.subject,
      text_body: input.text,
      html_body: input.html ?? null,
      reply_to: input.replyTo ?? null,
      to_name: input.toName ?? null,
      from_name: input.fromName ?? null,
      headers: input.headers ? JSON.stringify(input.headers) : null,
      status: "pending",
      attempts: 0,
      next_attempt_at: Date.now(),
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** Takes the next due message (a lease, so two instances never send the same one); null when none is due. */
export async function claimDueMail(now = Date.now()): Promise<OutgoingMail | null> {
  for (;;) {
    const due = await db()
      .selectFrom("mail_outbox")
      .select(["id", "next_attempt_at"])
      .where("status", "in", ["pending", "sending"])
      .where("next_attempt_at", "<=", now)
      .orderBy("next_attempt_at", "asc")
      .limit(1)
      .executeTakeFirst();
    if (!due) return null;
    const claimed = await db()
      .updateTable("mail_outbox")
      .set({ status: "sending", next_attempt_at: now + LEASE_MS })
      .where("id", "=", due.id)
      .where("next_attempt_at", "=", Number(due.next_attempt_at))
      .returning(COLUMNS)
      .executeTakeFirst();
    if (claimed) return toMail(claimed);
  }
}

export async function recordMailSent(id: string): Promise<void> {
  await db()
    .updateTable("mail_outbox")
    .set((eb) => ({ status: "sent", error: null, next_attempt_at: null, sent_at: nowIso(), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/**
 * A failed try: tried again after mailRetryDelayMs, or given up after MAX_MAIL_ATTEMPTS or at once when the mail
 * server refused it for good (`permanent`: a 5xx answer). Returns whether it was given up.
 */
export async function recordMailFailed(id: string, attemptsBefore: number, reason: string, now = Date.now(), permanent = false): Promise<boolean> {
  const attempts = attemptsBefore + 1;
  const final = permanent || attempts >= MAX_MAIL_ATTEMPTS;
  await db()
    .updateTable("mail_outbox")
    .set({ status: final ? "failed" : "pending", attempts, error: reason.slice(0, 500), next_attempt_at: final ? null : now + mailRetryDelayMs(attempts) })
    .where("id", "=", id)
    .execute();
  return final;
}

/** One message's delivery so far, or null when there is no such message (pruned, or never stored). */
export async function getMailDelivery(id: string): Promise<Pick<OutgoingMail, "status" | "attempts" | "error"> | null> {
  const row = await db().selectFrom("mail_outbox").select(["status", "attempts", "error"]).where("id", "=", id).executeTakeFirst();
  return row ? { status: row.status as OutgoingMail["status"], attempts: Number(row.attempts), error: row.error } : null;
}

/** Newest first; for tests and the operator. */
export async function listOutgoingMail(limit = 50): Promise<OutgoingMail[]> {
  const rows = await db().selectFrom("mail_outbox").select(COLUMNS).orderBy("created_at", "desc").limit(limit).execute();
  return rows.map(toMail);
}

/**
 * Deletes delivered messages created before `sentBefore` and given-up ones created before `failedBefore`; messages
 * still waiting are kept whatever their age. Bodies hold invite and reset links, so they are not kept for ever.
 */
export async function pruneOutgoingMail(sentBefore: Date, failedBefore: Date): Promise<number> {
  const result = await db()
    .deleteFrom("mail_outbox")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "sent"), eb("created_at", "<", sentBefore.toISOString())]),
        eb.and([eb("status", "=", "failed"), eb("created_at", "<", failedBefore.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
