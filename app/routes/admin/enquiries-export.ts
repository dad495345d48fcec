import type { Route } from "./+types/enquiries-export";
import { requireAdmin } from "~/.server/access";
import { listEnquiries } from "~/.server/models/enquiries";
import { toCsv } from "~/lib/csv";
import { enquiryFilter } from "~/validation/enquiry";

/** GET /admin/enquiries/export.csv: the enquiries of the current folder and search, as a spreadsheet. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = enquiryFilter(new URL(request.url).searchParams);
  const enquiries = await listEnquiries({ ...filter, limit: 100_000 });
  const csv = toCsv(
    ["Received", "Status", "Name", "Email", "Phone", "Project type", "Project details", "Page", "Email notification", "Spam reason"],
    enquiries.map((e) => [e.created_at, e.status, e.name, e.email, e.phone, e.subject, e.message, e.source_page, e.email_status, e.spam_reason]),
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
