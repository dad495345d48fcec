import { Paperclip } from "lucide-react";
import { formatFileSize } from "~/lib/format";
import type { LeadAttachment } from "~/lib/lead-records";
import { Section } from "./lead-form";

// The files sent with an enquiry (docs/product.md#enquiries), each a download through the admin route that
// checks the session; nothing shown when there are none.

/** What the page is sent of an attachment: not where it is stored. */
export type AttachmentInfo = Pick<LeadAttachment, "id" | "file_name" | "content_type" | "size">;

export function LeadAttachments({ leadId, attachments }: { leadId: string; attachments: AttachmentInfo[] }) {
  if (attachments.length === 0) return null;
  return (
    <Section title={`Attachments (${attachments.length})`} icon={Paperclip}>
      <ul className="grid gap-2 text-sm">
        {attachments.map((a) => (
          <li key={a.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
            <a
              href={`/admin/enquiries/${leadId}/attachments/${a.id}`}
              download={a.file_name}
              className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
            >
              {a.file_name}
            </a>
            <span className="shrink-0 text-xs text-muted-foreground">
              {a.content_type === "application/pdf" ? "PDF" : "Image"} · {formatFileSize(a.size)}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
