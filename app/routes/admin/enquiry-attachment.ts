import { Readable } from "node:stream";
import type { Route } from "./+types/enquiry-attachment";
import { requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { leadScopeOf } from "~/.server/models/lead-scope";
import { getAttachmentStorage } from "~/.server/enquiries/attachments";
import { logger } from "~/.server/logger";
import { getLeadAttachment } from "~/.server/models/lead-attachments";
import { getLead } from "~/.server/models/leads";

// GET /admin/enquiries/:id/attachments/:attachmentId: a file sent with the contact form, for a signed-in
// admin only (docs/decisions/0018-enquiry-attachments.md). The key comes from the database row of that
// enquiry, never from the URL, so no path can reach another file.

const ID = /^[A-Za-z0-9-]{1,100}$/;
const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });

/** Who may open this (docs/product.md#access). */
export const permissions = { loader: "leads.view" } satisfies RoutePermissions;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  if (!ID.test(params.id) || !ID.test(params.attachmentId)) return notFound();
  // A lead outside a Sales member's scope has no files for them (docs/product.md#access).
  if (!(await getLead(params.id, await leadScopeOf(user)))) return notFound();
  const attachment = await getLeadAttachment(params.id, params.attachmentId);
  if (!attachment) return notFound();
  const stream = await getAttachmentStorage().stream(attachment.storage_key);
  if (!stream) {
    logger.error({ enquiryId: params.id, attachmentId: attachment.id }, "attachment file missing");
    return notFound();
  }
  logger.info({ userId: user.id, enquiryId: params.id, attachmentId: attachment.id }, "attachment downloaded");
  const inline = new URL(request.url).searchParams.get("inline") === "1" && attachment.content_type.startsWith("image/");
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": attachment.content_type,
      "Content-Length": String(attachment.size),
      // Downloaded, not opened as a page of this site (a PDF viewer has scripts of its own).
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${attachment.file_name.replace(/["\\]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
