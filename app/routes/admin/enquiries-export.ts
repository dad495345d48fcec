import type { Route } from "./+types/enquiries-export";
import { requireAdmin } from "~/.server/auth/access";
import { csvDownload } from "~/.server/http/csv-download";
import { type Lead, pagesOfLeadsForExport } from "~/.server/models/leads";
import { enquiryFilter } from "~/validation/enquiry";
import { STAGE_LABELS } from "~/validation/lead";

/** The export's columns; pinned by tests/integration/leads.test.ts. */
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
    e.source_page,
    e.referrer,
    e.utm_source,
    e.utm_medium,
    e.utm_campaign,
    e.email_status,
    e.spam_reason,
  ];
}

/**
 * GET /admin/enquiries/export.csv: the enquiries of the current folder and search, as a spreadsheet, with each one's
 * life as a lead (stage, who has it, follow-up, value) and where it came from (page, referring site, campaign).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = enquiryFilter(new URL(request.url).searchParams);
  const date = new Date().toISOString().slice(0, 10);
  // Up to 100,000 enquiries: streamed a page at a time, never held as one string.
  return csvDownload(
    `enquiries-${filter.status}-${date}.csv`,
    ENQUIRY_CSV_HEADER,
    pagesOfLeadsForExport(filter),
    enquiryCsvCells,
  );
}
