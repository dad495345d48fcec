import { db } from "../db";
import type { LeadAttachment } from "~/lib/lead-records";
import { newId, nowIso, toIso } from "./rows";

// The files sent with an enquiry (docs/product.md#enquiries): their rows; the bytes are in storage, written and
// deleted by app/.server/enquiries/attachments.ts.

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
