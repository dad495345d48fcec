import { leadScopeCondition } from "../enquiries/lead-scope";
import { type Transaction, sql } from "kysely";
import type { DB } from "../db/schema";
import { db } from "../db";
import type { EnquiryStatus } from "~/validation/enquiry";
import { LEAD_STAGES, type LeadStage, type ReplyTemplateInput, PIPELINE } from "~/validation/lead";
import { type EnquiryFilter, enquiryFilterCondition } from "./enquiries";
import { newestFirstPages, newId, nowIso, toIso, toNumberOrNull } from "./rows";

// Leads (docs/decisions/0017-leads-pipeline.md): an enquiry's stage, owner, follow-up, value and
// source, and its timeline. Enquiries in the Spam and Archived folders are out of the pipeline.

export interface Author {
  id: string;
  name: string;
}

export interface Lead {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: EnquiryStatus;
  stage: LeadStage;
  lost_reason: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  follow_up_on: string | null;
  estimated_value: number | null;
  source_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  landing_page: string | null;
  spam_reason: string | null;
  email_status: string;
  email_error: string | null;
  created_at: string;
}

export type LeadCard = Pick<
  Lead,
  "id" | "name" | "subject" | "stage" | "status" | "assignee_name" | "follow_up_on" | "estimated_value" | "created_at"
>;

function leadQuery() {
  return db()
    .selectFrom("enquiries as e")
    .leftJoin("profiles as p", "p.id", "e.assignee_id")
    .leftJoin("user as u", "u.id", "e.assignee_id")
    .select([
      "e.id",
      "e.name",
      "e.email",
      "e.phone",
      "e.subject",
      "e.message",
      "e.status",
      "e.stage",
      "e.lost_reason",
      "e.assignee_id",
      "e.follow_up_on",
      "e.estimated_value",
      "e.source_page",
      "e.referrer",
      "e.utm_source",
      "e.utm_medium",
      "e.utm_campaign",
      "e.landing_page",
      "e.spam_reason",
      "e.email_status",
      "e.email_error",
      "e.created_at",
    ])
    .select((eb) => eb.fn.coalesce("p.full_name", "u.name", "u.email").as("assignee_name"));
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof leadQuery>["executeTakeFirstOrThrow"]>>;

function toLead(row: LeadRow): Lead {
  return {
    ...row,
    status: row.status as EnquiryStatus,
    stage: row.stage as LeadStage,
    assignee_name: row.assignee_name ?? null,
    estimated_value: toNumberOrNull(row.estimated_value),
    created_at: toIso(row.created_at),
  };
}

export async function getLead(id: string, visibleTo: string | null = null): Promise<Lead | null> {
  const row = await leadQuery().where("e.id", "=", id).where(leadScopeCondition(visibleTo, "e")).executeTakeFirst();
  return row ? toLead(row) : null;
}

/** Rows per query of a CSV export: what the server holds at once while it streams the file. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every lead of a folder and search, newest first, with its stage, assignee, value and source: the CSV export,
 * a page at a time, up to `limit` in all. Pages follow on from the last row's (created_at, id) rather than an
 * offset, so an enquiry arriving meanwhile neither repeats nor skips a row; the timestamp is carried as the
 * database's own text of it (a JavaScript Date would drop Postgres' microseconds and lose rows at a page edge).
 */
export async function* pagesOfLeadsForExport(
  filter: EnquiryFilter,
  { limit = 100_000, pageSize = EXPORT_PAGE_SIZE }: { limit?: number; pageSize?: number } = {},
): AsyncGenerator<Lead[]> {
  const pages = newestFirstPages(
    (after, size) => {
      let query = leadQuery()
        .select(sql<string>`cast(e.created_at as text)`.as("cursor_at"))
        .where(enquiryFilterCondition(filter, "e"));
      if (after) {
        const { at, id } = after;
        query = query.where((eb) => eb.or([eb("e.created_at", "<", at), eb.and([eb("e.created_at", "=", at), eb("e.id", "<", id)])]));
      }
      return query.orderBy("e.created_at", "desc").orderBy("e.id", "desc").limit(size).execute();
    },
    limit,
    pageSize,
  );
  for await (const rows of pages) yield rows.map(({ cursor_at: _, ...row }) => toLead(row));
}

/** Cards a board column shows; the rest of the stage is a "View all" away (the list, filtered by stage). */
export const BOARD_COLUMN_SIZE = 50;

/**
 * The board (docs/decisions/0057-lead-board-columns-and-stage-filter.md): for each stage, its open leads (the inbox:
 * not archived, not spam) newest first, at most `perStage` of them, and how many it has in all.
 */
export async function listBoardLeads(perStage = BOARD_COLUMN_SIZE, visibleTo: string | null = null): Promise<{ cards: LeadCard[]; counts: Record<LeadStage, number> }> {
  const open = () => leadQuery().where("e.status", "in", ["new", "read"]).where(leadScopeCondition(visibleTo, "e"));
  const [columns, totals] = await Promise.all([
    Promise.all(LEAD_STAGES.map((stage) => open().where("e.stage", "=", stage).orderBy("e.created_at", "desc").orderBy("e.id", "desc").limit(perStage).execute())),
    db()
      .selectFrom("enquiries")
      .select((eb) => ["stage", eb.fn.countAll<number>().as("count")])
      .where("status", "in", ["new", "read"])
      .where(leadScopeCondition(visibleTo))
      .groupBy("stage")
      .execute(),
  ]);
  const counts = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, Number(totals.find((t) => t.stage === stage)?.count ?? 0)])) as Record<LeadStage, number>;
  return { cards: columns.flat().map(toCard), counts };
}

function toCard(row: LeadRow): LeadCard {
  const { id, name, subject, stage, status, assignee_name, follow_up_on, estimated_value, created_at } = toLead(row);
  return {
    id,
    name,
    subject,
    stage,
    status,
    assignee_name,
    follow_up_on,
    estimated_value,
    created_at,
  };
}

// --- the timeline -------------------------------------------------------------------------------

export type LeadEventKind = "note" | "stage" | "email" | "assignee" | "follow_up" | "value";

export interface LeadEvent {
  id: string;
  kind: LeadEventKind;
  author_name: string | null;
  body: string | null;
  from_stage: LeadStage | null;
  to_stage: LeadStage | null;
  email_to: string | null;
  email_subject: string | null;
  /**
   * A reply's delivery: "queued" while the outgoing-mail queue holds it (email_error then says why the last try
   * failed, if one did), "sent" once the mail server took it, "failed" when it was refused for good.
   */
  email_status: ReplyStatus | null;
  email_error: string | null;
  created_at: string;
}

/** "external": written here and sent by the admin from their own email app (no mail server is set up). */
export type ReplyStatus = "queued" | "sent" | "failed" | "external";

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

/** Who a lead may be assigned to, by name: Owners and Sales, the roles that work the enquiries (docs/product.md#access). */
export async function listAssignableAdmins(): Promise<Array<{ id: string; name: string; email: string }>> {
  const rows = await db()
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.id")
    .select(["p.id", "p.full_name", "u.name", "u.email"])
    .where("p.role", "in", ["admin", "sales"])
    .orderBy("u.email")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.full_name || r.name || r.email, email: r.email }));
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

// --- follow-ups and the funnel (the dashboard) --------------------------------------------------

export interface FollowUpItem {
  id: string;
  name: string;
  subject: string;
  stage: LeadStage;
  follow_up_on: string;
  assignee_id: string | null;
  assignee_name: string | null;
}

/** Open leads (not won or lost, not archived or spam) with a follow-up on or before `today` (YYYY-MM-DD). */
export async function listDueFollowUps(today: string, assigneeId?: string): Promise<{ overdue: FollowUpItem[]; dueToday: FollowUpItem[] }> {
  let query = leadQuery()
    .where("e.status", "in", ["new", "read"])
    .where("e.stage", "not in", ["won", "lost"])
    .where("e.follow_up_on", "is not", null)
    .where("e.follow_up_on", "<=", today);
  if (assigneeId) query = query.where("e.assignee_id", "=", assigneeId);
  const rows = (await query.orderBy("e.follow_up_on", "asc").orderBy("e.created_at", "asc").limit(200).execute()).map(toLead);
  const items = rows.map((l) => ({
    id: l.id,
    name: l.name,
    subject: l.subject,
    stage: l.stage,
    follow_up_on: l.follow_up_on!,
    assignee_id: l.assignee_id,
    assignee_name: l.assignee_name,
  }));
  return { overdue: items.filter((i) => i.follow_up_on < today), dueToday: items.filter((i) => i.follow_up_on === today) };
}

export interface AssigneeDigest {
  id: string;
  name: string;
  email: string;
  followUps: FollowUpItem[];
  newLeads: Array<Pick<Lead, "id" | "name" | "subject" | "stage" | "follow_up_on">>;
}

/** Per assigned admin: open leads with a follow-up due by `today`, and their leads still in New. */
export async function listAssigneeDigests(today: string): Promise<AssigneeDigest[]> {
  const admins = await listAssignableAdmins();
  const rows = (
    await leadQuery()
      .where("e.status", "in", ["new", "read"])
      .where("e.assignee_id", "is not", null)
      .where((eb) => eb.or([eb("e.stage", "=", "new"), eb.and([eb("e.stage", "not in", ["won", "lost"]), eb("e.follow_up_on", "<=", today)])]))
      .orderBy("e.follow_up_on", "asc")
      .orderBy("e.created_at", "asc")
      .limit(1000)
      .execute()
  ).map(toLead);
  return admins
    .map((admin) => {
      const mine = rows.filter((r) => r.assignee_id === admin.id);
      const due = mine.filter((r) => r.follow_up_on !== null && r.follow_up_on <= today);
      return {
        ...admin,
        followUps: due.map((l) => ({ ...l, follow_up_on: l.follow_up_on! })),
        newLeads: mine.filter((r) => r.stage === "new" && !due.includes(r)),
      };
    })
    .filter((d) => d.followUps.length > 0 || d.newLeads.length > 0);
}

export interface Funnel {
  enquiries: number;
  contacted: number;
  quoted: number;
  won: number;
  lost: number;
  valueWon: number;
}

/** Leads received since `sinceIso` (spam left out) and how far they got. */
export async function leadFunnel(sinceIso: string): Promise<Funnel> {
  const count = (col: "contacted_at" | "quoted_at" | "won_at") => sql<number>`sum(case when ${sql.ref(col)} is not null then 1 else 0 end)`;
  const row = await db()
    .selectFrom("enquiries")
    .select((eb) => [
      eb.fn.countAll<number>().as("enquiries"),
      count("contacted_at").as("contacted"),
      count("quoted_at").as("quoted"),
      count("won_at").as("won"),
      sql<number>`sum(case when stage = 'lost' then 1 else 0 end)`.as("lost"),
      sql<number | string>`sum(case when stage = 'won' then coalesce(estimated_value, 0) else 0 end)`.as("value_won"),
    ])
    .where("status", "!=", "spam")
    .where("created_at", ">=", sinceIso)
    .executeTakeFirstOrThrow();
  return {
    enquiries: Number(row.enquiries ?? 0),
    contacted: Number(row.contacted ?? 0),
    quoted: Number(row.quoted ?? 0),
    won: Number(row.won ?? 0),
    lost: Number(row.lost ?? 0),
    valueWon: Number(row.value_won ?? 0),
  };
}

// --- reply templates ----------------------------------------------------------------------------

export interface ReplyTemplate {
  id: string;
  name: string;
  subject: string;
  body: string;
}

export async function listReplyTemplates(): Promise<ReplyTemplate[]> {
  return db().selectFrom("reply_templates").select(["id", "name", "subject", "body"]).orderBy("name").execute();
}

export async function getReplyTemplate(id: string): Promise<ReplyTemplate | null> {
  return (await db().selectFrom("reply_templates").select(["id", "name", "subject", "body"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function createReplyTemplate(input: ReplyTemplateInput): Promise<ReplyTemplate> {
  const id = newId();
  const now = nowIso();
  await db()
    .insertInto("reply_templates")
    .values({ id, ...input, created_at: now, updated_at: now })
    .execute();
  return { id, ...input };
}

export async function updateReplyTemplate(id: string, input: ReplyTemplateInput): Promise<boolean> {
  const result = await db()
    .updateTable("reply_templates")
    .set({ ...input, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteReplyTemplate(id: string): Promise<boolean> {
  const result = await db().deleteFrom("reply_templates").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// --- attachments ----------------------------------------------------------------------------------

export interface LeadAttachment {
  id: string;
  enquiry_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
}

export async function addLeadAttachments(enquiryId: string, files: Array<Omit<LeadAttachment, "id" | "enquiry_id" | "created_at">>): Promise<void> {
  if (files.length === 0) return;
  const now = nowIso();
  await db()
    .insertInto("enquiry_attachments")
    .values(files.map((f) => ({ id: newId(), enquiry_id: enquiryId, ...f, created_at: now })))
    .execute();
}

export async function listLeadAttachments(enquiryId: string): Promise<LeadAttachment[]> {
  const rows = await db()
    .selectFrom("enquiry_attachments")
    .selectAll()
    .where("enquiry_id", "=", enquiryId)
    .orderBy("created_at")
    .orderBy("file_name")
    .execute();
  return rows.map((r) => ({ ...r, size: Number(r.size), created_at: toIso(r.created_at) }));
}

export async function getLeadAttachment(enquiryId: string, attachmentId: string): Promise<LeadAttachment | null> {
  const row = await db()
    .selectFrom("enquiry_attachments")
    .selectAll()
    .where("enquiry_id", "=", enquiryId)
    .where("id", "=", attachmentId)
    .executeTakeFirst();
  return row ? { ...row, size: Number(row.size), created_at: toIso(row.created_at) } : null;
}
