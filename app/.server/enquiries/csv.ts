import { STAGE_LABELS } from "~/validation/lead";
import type { Lead } from "~/lib/lead-records";

// The columns of the enquiries export (GET /admin/enquiries/export.csv), apart from the route so the browser
// build never sees them.

/** The export's columns; pinned by tests/integration/leads.test.ts and enquiry-language.test.ts, listed in docs/product.md#enquiries. */
export const ENQUIRY_CSV_HEADER = [
  "Received",
  "Status",
  "Stage",
  "Lost reason",
  "Assigned to",
  "Follow-up",
  "Estimated value",
  "Name",
  "Email",
  "Phone",
  "Project type",
  "Project details",
  "Language",
  "Page",
  "Referrer",
  "UTM source",
  "UTM medium",
  "UTM campaign",
  "Email notification",
  "Spam reason",
] as const;

/** One lead as a row of ENQUIRY_CSV_HEADER. */
export function enquiryCsvCells(e: Lead): unknown[] {
  return [
    e.created_at,
    e.status,
    STAGE_LABELS[e.stage] ?? e.stage,
    e.lost_reason,
    e.assignee_name,
    e.follow_up_on,
    e.estimated_value,
    e.name,
    e.email,
    e.phone,
    e.subject,
    e.message,
    // The stored code, en or dv (docs/decisions/0077-dhivehi-design.md), as Status is.
    e.language,
    e.source_page,
    e.referrer,
    e.utm_source,
    e.utm_medium,
    e.utm_campaign,
    e.email_status,
    e.spam_reason,
  ];
}
