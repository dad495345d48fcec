import { db } from "../db";
import type { LeadStage } from "~/validation/lead";
import { insertEvent, moveStage, type NewEvent } from "./lead-events";
import { type Author, listAssignableAdmins } from "./leads";
import { nowIso } from "./rows";

// The details form of a lead (docs/product.md "Leads"): stage, assignee, follow-up and estimated value saved
// together, each one only when it differs from what is stored, with a timeline entry per field that changed.

export interface LeadDetailsInput {
  stage: LeadStage;
  lost_reason: string | null;
  assignee_id: string | null;
  follow_up_on: string | null;
  estimated_value: number | null;
}

export type LeadDetailsField = "stage" | "assignee_id" | "follow_up_on" | "estimated_value";

export type SaveLeadResult = { status: "saved"; changed: LeadDetailsField[] } | { status: "no-lead" } | { status: "not-admin" };

/** Money as stored by both engines (Postgres numeric comes back as a string). */
const sameValue = (stored: unknown, next: number | null) => (stored === null || stored === undefined ? next === null : next !== null && Number(stored) === next);

export async function saveLeadDetails(id: string, input: LeadDetailsInput, author: Author): Promise<SaveLeadResult> {
  let assigneeName: string | null = null;
  if (input.assignee_id) {
    const admin = (await listAssignableAdmins()).find((a) => a.id === input.assignee_id);
    if (!admin) return { status: "not-admin" };
    assigneeName = admin.name;
  }
  return db()
    .transaction()
    .execute(async (trx): Promise<SaveLeadResult> => {
      const current = await trx
        .selectFrom("enquiries")
        .select(["stage", "lost_reason", "assignee_id", "follow_up_on", "estimated_value"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!current) return { status: "no-lead" };
      const changed: LeadDetailsField[] = [];
      const events: NewEvent[] = [];
      const stageEvent = await moveStage(trx, id, { stage: current.stage as LeadStage, lost_reason: current.lost_reason }, input.stage, input.lost_reason);
      if (stageEvent) {
        changed.push("stage");
        events.push(stageEvent);
      }
      const set: { assignee_id?: string | null; follow_up_on?: string | null; estimated_value?: number | null } = {};
      if ((current.assignee_id ?? null) !== input.assignee_id) {
        set.assignee_id = input.assignee_id;
        changed.push("assignee_id");
        events.push({ kind: "assignee", body: assigneeName });
      }
      if ((current.follow_up_on ?? null) !== input.follow_up_on) {
        set.follow_up_on = input.follow_up_on;
        changed.push("follow_up_on");
        events.push({ kind: "follow_up", body: input.follow_up_on });
      }
      if (!sameValue(current.estimated_value, input.estimated_value)) {
        set.estimated_value = input.estimated_value;
        changed.push("estimated_value");
        events.push({ kind: "value", body: input.estimated_value === null ? null : input.estimated_value.toFixed(2) });
      }
      if (Object.keys(set).length > 0) await trx.updateTable("enquiries").set({ ...set, updated_at: nowIso() }).where("id", "=", id).execute();
      for (const event of events) await insertEvent(trx, id, author, event);
      return { status: "saved", changed };
    });
}
