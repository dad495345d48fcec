import type { Language } from "~/i18n/language";
import type { EnquiryStatus } from "~/validation/enquiry";
import type { LeadStage } from "~/validation/lead-stages";

// A lead's records as plain data (docs/decisions/0017-leads-pipeline.md): what the lead models
// (app/.server/models/leads.ts and its neighbours) return and the lead components show. They live here, outside
// app/.server, so a component can name them, or a part of them, without importing server code
// (app/components/README.md).

/**
 * What the contact form sent, as an enquiry keeps it: the enquiries table's own columns (app/.server/db/schema.ts),
 * and the start of every record made of one (a lead here, an enquiry in app/.server/models/enquiries.ts).
 */
export interface EnquiryFields {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  source_page: string | null;
  spam_reason: string | null;
  email_error: string | null;
}

export interface Lead extends EnquiryFields {
  status: EnquiryStatus;
  stage: LeadStage;
  lost_reason: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  follow_up_on: string | null;
  estimated_value: number | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  landing_page: string | null;
  /** The language of the page the form was sent from (docs/decisions/0077-dhivehi-design.md). */
  language: Language;
  email_status: string;
  created_at: string;
}

/** A card of the board. */
export type LeadCard = Pick<
  Lead,
  "id" | "name" | "subject" | "stage" | "status" | "assignee_name" | "follow_up_on" | "estimated_value" | "created_at"
>;

export type LeadEventKind = "note" | "stage" | "email" | "assignee" | "follow_up" | "value";

/** "external": written here and sent by the admin from their own email app (no mail server is set up). */
export type ReplyStatus = "queued" | "sent" | "failed" | "external";

/** An entry of a lead's timeline. */
export interface LeadEvent {
  id: string;
  kind: LeadEventKind;
  author_name: string | null;
  body: string | null;
  from_stage: LeadStage | null;
  to_stage: LeadStage | null;
  email_to: string | null;
  email_subject: string | null;
  /**
   * A reply's delivery: "queued" while the outgoing-mail queue holds it (email_error then says why the last try
   * failed, if one did), "sent" once the mail server took it, "failed" when it was refused for good.
   */
  email_status: ReplyStatus | null;
  email_error: string | null;
  created_at: string;
}

export interface LeadAttachment {
  id: string;
  enquiry_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
}

export interface ReplyTemplate {
  id: string;
  name: string;
  subject: string;
  body: string;
  /** The Dhivehi version, used for a lead written in Dhivehi (docs/decisions/0077-dhivehi-design.md); null when none. */
  subject_dv: string | null;
  body_dv: string | null;
}

/** An open lead with a follow-up due (the dashboard). */
export interface FollowUpItem {
  id: string;
  name: string;
  subject: string;
  stage: LeadStage;
  follow_up_on: string;
  assignee_id: string | null;
  assignee_name: string | null;
}

/** How far the leads of a period got (the dashboard's funnel). */
export interface Funnel {
  enquiries: number;
  contacted: number;
  quoted: number;
  won: number;
  lost: number;
  valueWon: number;
}
