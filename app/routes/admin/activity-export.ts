import type { Route } from "./+types/activity-export";
import { requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { ACTIVITY_CSV_HEADER, activityCsvCells } from "~/.server/activity/csv";
import { withTargets } from "~/.server/activity/targets";
import { csvDownload } from "~/.server/http/csv-download";
import { logger } from "~/.server/logger";
import { pagesOfActivityForExport } from "~/.server/models/activity";
import { ACTIVITY_EXPORT_LIMIT, parseActivityQuery, toActivityFilter } from "~/validation/activity";

/** Who may open this (docs/product.md#access). */
export const permissions = { loader: "activity.view" } satisfies RoutePermissions;

/**
 * GET /admin/activity/export.csv: the entries of the Activity page's current filter, newest first, as a
 * spreadsheet (docs/decisions/0016-activity-log.md). A resource route, so it checks the request's
 * origin itself: a page on another site may not make an admin's browser fetch the log.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, permissions.loader);
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if ((fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") || (origin !== null && origin !== new URL(request.url).origin)) {
    logger.warn({ userId: user.id, origin, fetchSite }, "activity export refused: cross-origin");
    return Response.json({ error: "Cross-site request refused" }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  const parsed = parseActivityQuery(new URL(request.url).searchParams);
  if (!parsed.success) {
    return Response.json({ error: "Invalid filter", fieldErrors: parsed.fieldErrors }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const date = new Date().toISOString().slice(0, 10);
  // Up to ACTIVITY_EXPORT_LIMIT entries: streamed a page at a time, never held as one string; each page's names in
  // one query per kind of record.
  const pages = pagesOfActivityForExport(toActivityFilter(parsed.query), ACTIVITY_EXPORT_LIMIT);
  return csvDownload(`activity-${date}.csv`, ACTIVITY_CSV_HEADER, named(pages), activityCsvCells);
}

async function* named(pages: ReturnType<typeof pagesOfActivityForExport>) {
  for await (const page of pages) yield await withTargets(page);
}
