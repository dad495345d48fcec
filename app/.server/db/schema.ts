import type { ColumnType } from "kysely";
import type { EnquiryFields, LeadAttachment } from "~/lib/lead-records";
import type { Project, Service } from "~/lib/records";

// Row types as the drivers hand them back. SQLite returns 0/1 for booleans and
// text for JSON lists; Postgres returns booleans, strings for numeric and Dates
// for timestamptz. The model layer maps rows to the plain app types in
// app/.server/models/types.ts, so the rest of the app never sees the difference.
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type Timestamp = ColumnType<Date | string, string | undefined, string>;
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;
type JsonList = ColumnType<string, string | undefined, string>;
type Decimal = ColumnType<string | number | null, number | null | undefined, number | null>;

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The column a record's field is stored in: booleans as Bool, lists as JSON text, numbers with a default. */
type Column<T> = [T] extends [boolean] ? Bool : [T] extends [string[]] ? JsonList : [T] extends [number] ? Defaulted<number> : T;

/** What a record in the Trash has besides its fields (docs/decisions/0013-versions-and-trash.md). */
interface VersionedColumns {
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the record is in the Trash. */
  deleted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  deleted_by: string | null;
}

/**
 * A versioned record's table, derived from its record type (app/lib/records.ts), itself derived from its form's
 * schema: a new field is written once in a migration and once in the schema (docs/decisions/0080-one-source-for-each-shape.md).
 * `Own` names the columns whose driver type is not the field's (a numeric, a text with a default).
 */
type VersionedTable<R, Own = object> = { [K in Exclude<keyof R, keyof Own | keyof VersionedColumns>]: Column<R[K]> } & Own & VersionedColumns;

/** When visitors start and stop seeing a record, if set (migration 0018_schedules): timestamps, not the form's text. */
type ShowHide = { show_from: NullableTimestamp; hide_from: NullableTimestamp };

/** A record's Dhivehi values as JSON text (migration 0022_dhivehi_records), null when it has none. */
type DvColumn = { dv: ColumnType<string | null, string | null | undefined, string | null> };

export type ServicesTable = VersionedTable<Service, ShowHide & DvColumn>;

export type ProjectsTable = VersionedTable<Project, ShowHide & DvColumn & { budget: Decimal; status: Defaulted<string>; priority: Defaulted<string> }>;

/** One saved state of a service or project (service_versions, project_versions). */
export interface RecordVersionsTable {
  id: string;
  record_id: string;
  /** 1, 2, 3... per record, in save order. */
  version: number;
  /** create, update, status or restore. */
  action: string;
  /** The record's fields as JSON (app/.server/models/versions.ts). */
  snapshot: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** One stored upload in the media library (migration 0019_media, docs/decisions/0088-media-library.md). */
export interface MediaTable {
  key: string;
  url: string;
  file_name: string;
  /** image or video. */
  kind: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** The library's alt text: a field without its own alt shows this one ("" = none). */
  alt: ColumnType<string, string | undefined, string>;
  uploaded_by: string | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: string;
  name: string;
  /** The name on Dhivehi pages (migration 0022_dhivehi_records); null: the English name is shown. */
  name_dv: string | null;
  description: string | null;
  type: string;
  is_active: Bool;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ContactDetailsTable {
  id: string;
  type: string;
  label: string | null;
  value: string;
  icon: string | null;
  is_primary: Bool;
  is_public: Bool;
  display_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** Dhivehi label and (address, hours) text; null: not translated (migration 0023). */
  label_dv: ColumnType<string | null, string | null | undefined, string | null>;
  value_dv: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_sign_in_at?: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface SiteSettingsTable {
  setting_key: string;
  setting_value: string | null;
  updated_at: Timestamp;
}

/** The contact form's own columns are EnquiryFields, as the records made of an enquiry have them. */
export interface EnquiriesTable extends EnquiryFields {
  status: ColumnType<string, string | undefined, string>;
  ip: string | null;
  user_agent: string | null;
  email_status: ColumnType<string, string | undefined, string>;
  email_attempts: ColumnType<number, number | undefined, number>;
  email_next_attempt_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Leads (migration 0009_leads)
  stage: ColumnType<string, string | undefined, string>;
  lost_reason: string | null;
  follow_up_on: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  // Migration 0015_visit_origin: the path of the view that began the visit.
  landing_page: string | null;
  estimated_value: Decimal;
  assignee_id: string | null;
  contacted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  quoted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  won_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  stage_changed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  // Migration 0024_enquiry_language: 'en' or 'dv', the language of the page the form was sent from.
  language: ColumnType<string, string | undefined, string>;
}

export interface EnquiryEventsTable {
  id: string;
  enquiry_id: string;
  kind: string;
  author_id: string | null;
  author_name: string | null;
  body: string | null;
  from_stage: string | null;
  to_stage: string | null;
  email_to: string | null;
  email_subject: string | null;
  email_status: string | null;
  email_error: string | null;
  /** A reply's message in mail_outbox, whose delivery the event follows (null before migration 0013). */
  mail_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface ReplyTemplatesTable {
  id: string;
  name: string;
  subject: string;
  body: string;
  // Migration 0024_enquiry_language: the optional Dhivehi version, used for a lead written in Dhivehi.
  subject_dv: ColumnType<string | null, string | null | undefined, string | null>;
  body_dv: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An attachment's columns are the record's (LeadAttachment), its time as the driver gives it. */
export interface EnquiryAttachmentsTable extends Omit<LeadAttachment, "created_at"> {
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: ColumnType<number | string, number, number>;
}

/** The activity log (docs/decisions/0016-activity-log.md); `fields` is a JSON list of field names. */
export interface ActivityLogTable {
  id: string;
  created_at: Timestamp;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  kind: string;
  action: string;
  entity: string | null;
  entity_id: string | null;
  /** The record's name when the entry was written (null before migration 0014, or for records without one). */
  entity_name: string | null;
  fields: JsonList;
  detail: string | null;
}

export interface SiteContentTable {
  section: string;
  published: string | null;
  draft: string | null;
  revision: ColumnType<number, number | undefined, number>;
  draft_updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  draft_updated_by: string | null;
  published_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  published_by: string | null;
}

export interface SiteContentVersionsTable {
  id: string;
  section: string;
  version: number;
  content: string;
  created_by: string | null;
  created_at: Timestamp;
  /** The schedule that published it; null for a publish by hand (migration 0018_schedules). */
  schedule_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A publish of site content at a set moment (docs/decisions/0086-scheduled-publish.md). */
export interface ContentSchedulesTable {
  id: string;
  /** null: every section with a draft when it runs. */
  section: string | null;
  run_at: ColumnType<Date | string, string, string>;
  status: ColumnType<"pending" | "done" | "cancelled", "pending" | "done" | "cancelled" | undefined, "pending" | "done" | "cancelled">;
  created_by: string | null;
  created_at: Timestamp;
  ran_at: NullableTimestamp;
  outcome: string | null;
}

// better-auth's own tables (created by its migration API); only what we query directly.
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  twoFactorEnabled?: Bool | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

type Millis = ColumnType<number | string, number, number>;

export interface InvitesTable {
  id: string;
  email: string;
  token_hash: string;
  invited_by: string | null;
  expires_at: Millis;
  accepted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The invitation email last queued for it (mail_outbox), whose delivery the Team page shows. */
  mail_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The role the accepted account gets (docs/decisions/0076-staff-roles-design.md); null on invites made before roles: Owner. */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  /** The recipient's display name, the sender's (else the address alone) and extra headers as JSON (a reply's). */
  to_name: ColumnType<string | null, string | null | undefined, string | null>;
  from_name: ColumnType<string | null, string | null | undefined, string | null>;
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  error: string | null;
  next_attempt_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface KnownBrowsersTable {
  user_id: string;
  fingerprint: string;
  created_at: Timestamp;
}

// Visitor statistics (docs/product.md#insight): counts only, never an IP address or a user agent.
type Count = ColumnType<number | string, number | undefined, number>;
export interface InsightTables {
  insight_salts: { day: string; salt: string };
  insight_visitors: {
    day: string;
    visitor: string;
    landing_path: string;
    source: string;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    device: string;
    browser: string;
    pageviews: Count;
  };
  insight_pages: { day: string; path: string; pageviews: Count };
  // Migration 0015_visit_origin: WhatsApp and Viber clicks (docs/decisions/0068-chat-links-through-a-counting-redirect.md).
  insight_chat_clicks: { day: string; channel: string; landing_path: string; source: string; clicks: Count };
  insight_conversions: { enquiry_id: string; day: string; landing_path: string | null; source: string | null; utm_campaign: string | null };
  insight_daily: { day: string; visitors: Count; pageviews: Count; enquiries: Count };
  /** Per ended day: visitors per value of one list's column; dimension "total" (key "") holds the day's visitors and page views. */
  insight_rollups: { day: string; dimension: string; key: string; visitors: Count; pageviews: Count };
}

export interface DB extends InsightTables {
  services: ServicesTable;
  projects: ProjectsTable;
  categories: CategoriesTable;
  media: MediaTable;
  contact_details: ContactDetailsTable;
  profiles: ProfilesTable;
  site_settings: SiteSettingsTable;
  rate_limits: RateLimitsTable;
  enquiries: EnquiriesTable;
  activity_log: ActivityLogTable;
  service_versions: RecordVersionsTable;
  project_versions: RecordVersionsTable;
  site_content: SiteContentTable;
  site_content_versions: SiteContentVersionsTable;
  content_schedules: ContentSchedulesTable;
  enquiry_events: EnquiryEventsTable;
  reply_templates: ReplyTemplatesTable;
  enquiry_attachments: EnquiryAttachmentsTable;
  site_counters: { name: string; value: ColumnType<number | string, number, number> };
  invites: InvitesTable;
  mail_outbox: MailOutboxTable;
  known_browsers: KnownBrowsersTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  twoFactor: { id: string; userId: string; verified: Bool };
  kysely_migration: { name: string; timestamp: string };
}

