import { db } from "../db";
import type { ReplyTemplate } from "~/lib/lead-records";
import type { ReplyTemplateInput } from "~/validation/lead";
import { newId, nowIso } from "./rows";

// Reply templates (docs/product.md#leads): a subject and body an admin starts a lead's reply from, with an optional
// Dhivehi version for leads written in Dhivehi (docs/decisions/0077-dhivehi-design.md).

const COLUMNS = ["id", "name", "subject", "body", "subject_dv", "body_dv"] as const;

export async function listReplyTemplates(): Promise<ReplyTemplate[]> {
  return db().selectFrom("reply_templates").select(COLUMNS).orderBy("name").execute();
}

export async function getReplyTemplate(id: string): Promise<ReplyTemplate | null> {
  return (await db().selectFrom("reply_templates").select(COLUMNS).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** A template as the form saves it; without a Dhivehi version when its fields are left out. */
type TemplateFields = Omit<ReplyTemplateInput, "subject_dv" | "body_dv"> & Partial<Pick<ReplyTemplateInput, "subject_dv" | "body_dv">>;

export async function createReplyTemplate(input: TemplateFields): Promise<ReplyTemplate> {
  const id = newId();
  const now = nowIso();
  const template = { id, ...input, subject_dv: input.subject_dv ?? null, body_dv: input.body_dv ?? null };
  await db()
    .insertInto("reply_templates")
    .values({ ...template, created_at: now, updated_at: now })
    .execute();
  return template;
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
