import { sql } from "kysely";
import { db } from "../db";
import type { FollowUpItem, Funnel, Lead } from "~/lib/lead-records";
import { leadScopeCondition } from "./lead-scope";
import { leadQuery, listAssignableAdmins, toLead } from "./leads";

// Follow-ups and the funnel (docs/decisions/0017-leads-pipeline.md): the dashboard's lead panels and the daily
// digest each assigned admin is mailed.

/** Open leads (not won or lost, not archived or spam) with a follow-up on or before `today` (YYYY-MM-DD). */
export async function listDueFollowUps(today: string, assigneeId?: string, visibleTo: string | null = null): Promise<{ overdue: FollowUpItem[]; dueToday: FollowUpItem[] }> {
  let query = leadQuery()
    .where(leadScopeCondition(visibleTo, "e"))
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

/** Leads received since `sinceIso` (spam left out) and how far they got; `visibleTo`: a Sales member's scope. */
export async function leadFunnel(sinceIso: string, visibleTo: string | null = null): Promise<Funnel> {
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
    .where(leadScopeCondition(visibleTo))
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
