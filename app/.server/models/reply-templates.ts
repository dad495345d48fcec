import { db } from "../db";
import type { ReplyTemplate } from "~/lib/lead-records";
import type { ReplyTemplateInput } from "~/validation/lead";
import { newId, nowIso } from "./rows";

// Reply templates (docs/product.md#leads): a subject and body an admin starts a lead's reply from.

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
