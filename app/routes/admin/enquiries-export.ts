import type { Route } from "./+types/enquiries-export";
import { requireAdmin } from "~/.server/auth/access";
import { listLeadsForExport } from "~/.server/models/leads";
import { toCsv } from "~/lib/csv";
import { enquiryFilter } from "~/validation/enquiry";
import { STAGE_LABELS } from "~/validation/lead";

/**
 * GET /admin/enquiries/export.csv: the enquiries of the current folder and search, as a spreadsheet, with each one's
 * life as a lead (stage, who has it, follow-up, value) and where it came from (page, referring site, campaign).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = enquiryFilter(new URL(request.url).searchParams);
  const leads = await listLeadsForExport(filter);
  const csv = toCsv(
    [
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
    ],
    leads.map((e) => [
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
    ]),
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${filter.status}-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
