import type { Transaction } from "kysely";
import type { DB } from "../db/schema";
import { db } from "../db";
import type { LeadEvent, LeadEventKind, ReplyStatus } from "~/lib/lead-records";
import { type LeadStage, PIPELINE } from "~/validation/lead";
import type { Author } from "./leads";
import { newId, nowIso, toIso } from "./rows";

// A lead's timeline (docs/decisions/0017-leads-pipeline.md): notes, stage moves, replies and the details form's
// changes, each written in the transaction of the change it records.

export type NewEvent = Omit<Partial<LeadEvent>, "id" | "created_at" | "author_name"> & { kind: LeadEventKind; mail_id?: string | null };

export async function insertEvent(trx: Transaction<DB> | ReturnType<typeof db>, enquiryId: string, author: Author | null, event: NewEvent) {
  await trx
    .insertInto("enquiry_events")
    .values({
      id: newId(),
      enquiry_id: enquiryId,
      kind: event.kind,
      author_id: author?.id ?? null,
      author_name: author?.name ?? null,
      body: event.body ?? null,
      from_stage: event.from_stage ?? null,
      to_stage: event.to_stage ?? null,
      email_to: event.email_to ?? null,
      email_subject: event.email_subject ?? null,
      email_status: event.email_status ?? null,
      email_error: event.email_error ?? null,
      mail_id: event.mail_id ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** Oldest first: the lead's story in the order it happened. */
export async function listLeadEvents(enquiryId: string): Promise<LeadEvent[]> {
  const rows = await db()
    .selectFrom("enquiry_events")
    .select(["id", "kind", "author_name", "body", "from_stage", "to_stage", "email_to", "email_subject", "email_status", "email_error", "created_at"])
    .where("enquiry_id", "=", enquiryId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((r) => ({
    ...r,
    kind: r.kind as LeadEventKind,
    from_stage: r.from_stage as LeadStage | null,
    to_stage: r.to_stage as LeadStage | null,
    email_status: r.email_status as LeadEvent["email_status"],
    created_at: toIso(r.created_at),
  }));
}

/** Runs `change` on an existing lead and records its event, in one transaction; false when there is no such lead. */
async function changeLead(
  id: string,
  author: Author | null,
  change: (trx: Transaction<DB>, current: { stage: LeadStage; lost_reason: string | null }) => Promise<NewEvent | null>,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("enquiries").select(["stage", "lost_reason"]).where("id", "=", id).executeTakeFirst();
      if (!current) return false;
      const event = await change(trx, { stage: current.stage as LeadStage, lost_reason: current.lost_reason });
      if (event) await insertEvent(trx, id, author, event);
      return true;
    });
}

/**
 * Moves a lead to a stage. Reaching a stage of the pipeline also marks the steps before it as reached
 * (a job won straight from New was contacted and quoted), which is what the dashboard's funnel counts.
 */
export async function setLeadStage(id: string, stage: LeadStage, lostReason: string | null, author: Author | null): Promise<boolean> {
  return changeLead(id, author, (trx, current) => moveStage(trx, id, current, stage, lostReason));
}

/**
 * The stage part of a lead's change, inside the caller's transaction; its timeline entry, or null when neither the
 * stage nor (for a lost lead) the reason changed: saving what is already there adds nothing to the timeline.
 */
export async function moveStage(
  trx: Transaction<DB>,
  id: string,
  current: { stage: LeadStage; lost_reason?: string | null },
  stage: LeadStage,
  lostReason: string | null,
): Promise<NewEvent | null> {
  const reason = stage === "lost" ? lostReason : null;
  if (current.stage === stage && (stage !== "lost" || current.lost_reason === reason)) return null;
  const now = nowIso();
  const reached = PIPELINE.slice(1, PIPELINE.indexOf(stage) + 1);
  await trx
    .updateTable("enquiries")
    .set((eb) => ({
      stage,
      lost_reason: reason,
      stage_changed_at: now,
      updated_at: now,
      // A lead someone works on has been read.
      status: eb.case().when("status", "=", "new").then("read").else(eb.ref("status")).end(),
    }))
    .where("id", "=", id)
    .execute();
  const marks = [
    ...(reached.includes("contacted") ? (["contacted_at"] as const) : []),
    ...(reached.includes("quoted") ? (["quoted_at"] as const) : []),
    ...(stage === "won" ? (["won_at"] as const) : []),
  ];
  for (const column of marks) {
    await trx
      .updateTable("enquiries")
      .set({ [column]: now })
      .where("id", "=", id)
      .where(column, "is", null)
      .execute();
  }
  return { kind: "stage", from_stage: current.stage, to_stage: stage, body: reason };
}

export async function addLeadNote(id: string, body: string, author: Author): Promise<boolean> {
  return changeLead(id, author, async () => ({ kind: "note", body }));
}

/** A reply sent (or not) from the lead: the message and its delivery status join the timeline. */
export async function recordLeadReply(
  id: string,
  author: Author,
  reply: { to: string; subject: string; body: string; status: ReplyStatus; error: string | null; mailId?: string | null },
): Promise<boolean> {
  return changeLead(id, author, async () => ({
    kind: "email",
    email_to: reply.to,
    email_subject: reply.subject,
    body: reply.body,
    email_status: reply.status,
    email_error: reply.error?.slice(0, 500) ?? null,
    mail_id: reply.mailId ?? null,
  }));
}

/**
 * The outgoing-mail queue's word on a reply's message (docs/decisions/0058-lead-replies-through-the-mail-queue.md):
 * sent, failed for good, or still queued after a failed try (its reason kept to show).
 */
export async function setReplyDelivery(mailId: string, status: ReplyStatus, error: string | null): Promise<void> {
  await db()
    .updateTable("enquiry_events")
    .set({ email_status: status, email_error: error?.slice(0, 500) ?? null })
    .where("mail_id", "=", mailId)
    .execute();
}
