import type { Route } from "./+types/enquiries-export";
import { requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { leadScopeOf } from "~/.server/models/lead-scope";
import { csvDownload } from "~/.server/http/csv-download";
import { ENQUIRY_CSV_HEADER, enquiryCsvCells } from "~/.server/enquiries/csv";
import { pagesOfLeadsForExport } from "~/.server/models/leads";
import { enquiryFilter } from "~/validation/enquiry";

/** Who may open this (docs/product.md#access). */
export const permissions = { loader: "leads.view" } satisfies RoutePermissions;

/**
 * GET /admin/enquiries/export.csv: the enquiries of the current folder, search and lead stage, as a spreadsheet, with each one's
 * life as a lead (stage, who has it, follow-up, value) and where it came from (page, referring site, campaign).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  const filter = { ...enquiryFilter(new URL(request.url).searchParams), visibleTo: await leadScopeOf(user) };
  const date = new Date().toISOString().slice(0, 10);
  // The file names the stage when the list was one stage's (the board's 'View all'), and the language when one's.
  const name = ["enquiries", filter.status, filter.stage, filter.language, date].filter(Boolean).join("-");
  // Up to 100,000 enquiries: streamed a page at a time, never held as one string.
  return csvDownload(`${name}.csv`, ENQUIRY_CSV_HEADER, pagesOfLeadsForExport(filter), enquiryCsvCells);
}
