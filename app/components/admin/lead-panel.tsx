import type { Lead, LeadEvent, ReplyTemplate } from "~/lib/lead-records";
import { type AttachmentInfo, LeadAttachments } from "./lead-attachments";
import { LeadDetailsForm } from "./lead-details-form";
import { LeadReply } from "./lead-reply";
import { LeadSource } from "./lead-source";
import { LeadTimeline } from "./lead-timeline";
import { useRevalidateWhile } from "./use-revalidate-while";

// The lead part of an opened enquiry (docs/decisions/0017-leads-pipeline.md): its details (stage, assignee,
// follow-up, value) in one form, source, attachments, a reply with templates, and the timeline with notes.
// Every form is a plain post too: it works before (or without) the page's JavaScript.

/** What the panel shows of a lead. */
export type LeadDetails = Pick<
  Lead,
  | "id"
  | "name"
  | "email"
  | "subject"
  | "stage"
  | "lost_reason"
  | "assignee_id"
  | "follow_up_on"
  | "estimated_value"
  | "source_page"
  | "referrer"
  | "utm_source"
  | "utm_medium"
  | "utm_campaign"
  | "landing_page"
  | "language"
>;

interface Props {
  lead: LeadDetails;
  events: LeadEvent[];
  attachments: AttachmentInfo[];
  admins: Array<{ id: string; name: string }>;
  templates: ReplyTemplate[];
  mailReady: boolean;
  company: string;
}

export function LeadPanel({ lead, events, attachments, admins, templates, mailReady, company }: Props) {
  // A reply still in the mail queue: its timeline entry turns to "Delivered to mail server" or "Not sent" by itself.
  useRevalidateWhile(events.some((e) => e.email_status === "queued"));
  return (
    <div className="@container grid gap-4">
      <LeadDetailsForm lead={lead} admins={admins} />

      <LeadSource lead={lead} />

      <LeadAttachments leadId={lead.id} attachments={attachments} />

      <LeadReply lead={lead} templates={templates} mailReady={mailReady} company={company} />

      <LeadTimeline leadId={lead.id} events={events} />
    </div>
  );
}
