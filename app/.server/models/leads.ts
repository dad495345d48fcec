import { sql } from "kysely";
import { leadScopeCondition } from "./lead-scope";
import { db } from "../db";
import type { Lead, LeadCard } from "~/lib/lead-records";
import type { EnquiryStatus } from "~/validation/enquiry";
import { LEAD_STAGES, type LeadStage } from "~/validation/lead";
import { type EnquiryFilter, enquiryFilterCondition } from "./enquiries";
import { newestFirstPages, toIso, toNumberOrNull } from "./rows";

// Leads (docs/decisions/0017-leads-pipeline.md): an enquiry's stage, owner, follow-up, value and
// source. Enquiries in the Spam and Archived folders are out of the pipeline. Beside this module: the
// timeline and the changes that write it (lead-events.ts), the dashboard's follow-ups and funnel
// (lead-follow-ups.ts), the details form (lead-details.ts), reply templates (reply-templates.ts) and the
// files sent with an enquiry (lead-attachments.ts).

export interface Author {
  id: string;
  name: string;
}

/** A lead's columns with its assignee's name: what every lead read starts from. */
export function leadQuery() {
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
      "e.language",
      "e.spam_reason",
      "e.email_status",
      "e.email_error",
      "e.created_at",
    ])
    .select((eb) => eb.fn.coalesce("p.full_name", "u.name", "u.email").as("assignee_name"));
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof leadQuery>["executeTakeFirstOrThrow"]>>;

export function toLead(row: LeadRow): Lead {
  return {
    ...row,
    status: row.status as EnquiryStatus,
    stage: row.stage as LeadStage,
    language: row.language === "dv" ? "dv" : "en",
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
