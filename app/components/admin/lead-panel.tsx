import { FileText, Paperclip } from "lucide-react";
import { formatBudget, formatFileSize } from "~/lib/format";
import type { LeadStage } from "~/validation/lead";
import { LeadDetailsForm } from "./lead-details-form";
import { Section } from "./lead-form";
import { LeadReply } from "./lead-reply";
import { LeadTimeline } from "./lead-timeline";
import { useRevalidateWhile } from "./use-revalidate-while";

// The lead part of an opened enquiry (docs/decisions/0017-leads-pipeline.md): its details (stage, assignee,
// follow-up, value) in one form, source, attachments, a reply with templates, and the timeline with notes.
// Every form is a plain post too: it works before (or without) the page's JavaScript.

export interface LeadDetails {
  id: string;
  name: string;
  email: string;
  subject: string;
  stage: LeadStage;
  lost_reason: string | null;
  assignee_id: string | null;
  follow_up_on: string | null;
  estimated_value: number | null;
  source_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  landing_page: string | null;
}

export interface TimelineEvent {
  id: string;
  kind: "note" | "stage" | "email" | "assignee" | "follow_up" | "value";
  author_name: string | null;
  body: string | null;
  from_stage: LeadStage | null;
  to_stage: LeadStage | null;
  email_to: string | null;
  email_subject: string | null;
  email_status: "queued" | "sent" | "failed" | "external" | null;
  email_error: string | null;
  created_at: string;
}

export interface AttachmentInfo {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}

interface Props {
  lead: LeadDetails;
  events: TimelineEvent[];
  attachments: AttachmentInfo[];
  admins: Array<{ id: string; name: string }>;
  templates: Array<{ id: string; name: string; subject: string; body: string }>;
  mailReady: boolean;
  company: string;
}

const formatSize = formatFileSize;

/** The page a visit began on (docs/product.md#insight): its kind, and its path where that says more. */
function landingLabel(page: string | null): string {
  if (page === null) return "Not known";
  const label = sourceLabel(page);
  return label === page || page === "/" ? label : `${label} (${page})`;
}

export function sourceLabel(page: string | null): string {
  if (!page || page === "/") return "Home page";
  if (page.startsWith("/service/")) return "A service page";
  if (page.startsWith("/project/")) return "A project page";
  return page;
}

export function LeadPanel({ lead, events, attachments, admins, templates, mailReady, company }: Props) {
  // A reply still in the mail queue: its timeline entry turns to "Delivered to mail server" or "Not sent" by itself.
  useRevalidateWhile(events.some((e) => e.email_status === "queued"));
  return (
    <div className="@container grid gap-4">
      <LeadDetailsForm lead={lead} admins={admins} />

      <Section title="Source" icon={FileText}>
        <dl className="grid gap-2 text-sm @xl:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Sent from</dt>
            <dd>
              {lead.source_page && lead.source_page !== "/" ? (
                <a className="font-medium text-primary underline-offset-4 hover:underline" href={lead.source_page} target="_blank" rel="noreferrer">
                  {sourceLabel(lead.source_page)} ({lead.source_page})
                </a>
              ) : (
                sourceLabel(lead.source_page)
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Landing page</dt>
            <dd>{landingLabel(lead.landing_page)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Referring site</dt>
            <dd>{lead.referrer ?? "Direct or unknown"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Campaign (UTM)</dt>
            <dd>{[lead.utm_campaign, lead.utm_source, lead.utm_medium].filter(Boolean).join(" · ") || "None"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Estimated value</dt>
            <dd>{lead.estimated_value === null ? "Not set" : formatBudget(lead.estimated_value)}</dd>
          </div>
        </dl>
      </Section>

      {attachments.length > 0 ? (
        <Section title={`Attachments (${attachments.length})`} icon={Paperclip}>
          <ul className="grid gap-2 text-sm">
            {attachments.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <a
                  href={`/admin/enquiries/${lead.id}/attachments/${a.id}`}
                  download={a.file_name}
                  className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
                >
                  {a.file_name}
                </a>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {a.content_type === "application/pdf" ? "PDF" : "Image"} · {formatSize(a.size)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <LeadReply lead={lead} templates={templates} mailReady={mailReady} company={company} />

      <LeadTimeline leadId={lead.id} events={events} />
    </div>
  );
}
