import type { ColumnType } from "kysely";

// Row types as the drivers hand them back. SQLite returns 0/1 for booleans and
// text for JSON lists; Postgres returns booleans, strings for numeric and Dates
// for timestamptz. The model layer maps rows to the plain app types in
// app/.server/models/types.ts, so the rest of the app never sees the difference.
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type Timestamp = ColumnType<Date | string, string | undefined, string>;
type JsonList = ColumnType<string, string | undefined, string>;
type Decimal = ColumnType<string | number | null, number | null | undefined, number | null>;

export interface ServicesTable {
  id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  category: string | null;
  overview: string | null;
  featured_image_url: string | null;
  gallery: JsonList;
  features: JsonList;
  icon: string | null;
  service_type: string | null;
  pricing_model: string | null;
  duration_estimate: string | null;
  prerequisites: string | null;
  warranty: string | null;
  availability: string | null;
  target_audience: string | null;
  benefits: JsonList;
  is_active: Bool;
  sort_order: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: string;
  title: string;
  description: string | null;
  short_description: string | null;
  featured_image_url: string | null;
  gallery_images: JsonList;
  status: ColumnType<string, string | undefined, string>;
  category: string | null;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  project_location: string | null;
  project_type: string | null;
  budget: Decimal;
  start_date: string | null;
  end_date: string | null;
  duration_months: number | null;
  completion_percentage: ColumnType<number, number | undefined, number>;
  priority: ColumnType<string, string | undefined, string>;
  materials_used: JsonList;
  challenges: string | null;
  solutions: string | null;
  testimonial: string | null;
  tags: JsonList;
  team_members: JsonList;
  technologies_used: JsonList;
  is_featured: Bool;
  is_public: Bool;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: string;
  name: string;
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
}

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteSettingsTable {
  setting_key: string;
  setting_value: string | null;
  updated_at: Timestamp;
}

export interface EnquiriesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  source_page: string | null;
  status: ColumnType<string, string | undefined, string>;
  spam_reason: string | null;
  ip: string | null;
  user_agent: string | null;
  email_status: ColumnType<string, string | undefined, string>;
  email_attempts: ColumnType<number, number | undefined, number>;
  email_error: string | null;
  email_next_attempt_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: ColumnType<number | string, number, number>;
}

// better-auth's own tables (created by its migration API); only what we query directly.
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
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
    utm_medium: string | null;
    utm_campaign: string | null;
    device: string;
    browser: string;
    pageviews: Count;
  };
  insight_pages: { day: string; path: string; pageviews: Count };
  insight_conversions: { enquiry_id: string; day: string; landing_path: string | null; source: string | null; utm_campaign: string | null };
  insight_daily: { day: string; visitors: Count; pageviews: Count; enquiries: Count };
}

export interface DB extends InsightTables {
  services: ServicesTable;
  projects: ProjectsTable;
  categories: CategoriesTable;
  contact_details: ContactDetailsTable;
  profiles: ProfilesTable;
  site_settings: SiteSettingsTable;
  rate_limits: RateLimitsTable;
  enquiries: EnquiriesTable;
  site_counters: { name: string; value: ColumnType<number | string, number, number> };
  user: AuthUserTable;
  session: AuthSessionTable;
  kysely_migration: { name: string; timestamp: string };
}

