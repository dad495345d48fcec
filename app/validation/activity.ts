import { z } from "zod";

// The Activity page's filters (docs/decisions/0016-activity-log.md), read from the URL by the page and
// by the CSV export alike: ?person=&kind=&from=&to=&page=

export const ACTIVITY_KINDS = ["content", "security"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Entries are kept this many months, then pruned. */
export const ACTIVITY_RETENTION_MONTHS = 12;
export const ACTIVITY_PAGE_SIZE = 50;
/** The most rows one CSV export holds: a year of a busy team's work, and a bound on memory. */
export const ACTIVITY_EXPORT_LIMIT = 50_000;

/**
 * Days are the company's days: Maldives time has no daylight saving, so a day runs from 00:00 at
 * UTC+05:00 (the admin's other dates use the same zone, see app/lib/format.ts).
 */
const SITE_UTC_OFFSET = "+05:00";

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine((v) => {
    // "2026-02-30" parses (as March 2) in some engines: a real date reads back as itself.
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
  }, "Enter a real date");

export const ActivityQuerySchema = z
  .object({
    person: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown person").optional(),
    kind: z.enum(ACTIVITY_KINDS, "Kind must be content or security").optional(),
    from: date.optional(),
    to: date.optional(),
    page: z.coerce.number("Page must be a number").int("Page must be a whole number").min(1, "Page must be 1 or more").max(100_000, "Page is too large").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "The end date must not be before the start date" });

export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

/** What the model filters on: an account id, a kind, and a half-open time range [since, before). */
export interface ActivityFilter {
  person?: string;
  kind?: ActivityKind;
  since?: string;
  before?: string;
}

/** The query's values from URL parameters; empty parameters mean "any". */
export function activityParams(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of ["person", "kind", "from", "to", "page"]) {
    const value = params.get(key)?.trim();
    if (value && key !== "kind") values[key] = value;
    else if (value && value !== "all") values[key] = value;
  }
  return values;
}

export function parseActivityQuery(
  params: URLSearchParams,
): { success: true; query: ActivityQuery } | { success: false; query: ActivityQuery; fieldErrors: Record<string, string> } {
  const values = activityParams(params);
  const parsed = ActivityQuerySchema.safeParse(values);
  if (parsed.success) return { success: true, query: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "query");
    fieldErrors[key] ??= issue.message;
  }
  // The valid filters still apply; only the ones in error are left out.
  for (const key of Object.keys(fieldErrors)) delete values[key];
  const rest = ActivityQuerySchema.safeParse(values);
  return { success: false, query: rest.success ? rest.data : {}, fieldErrors };
}

export function toActivityFilter(query: ActivityQuery): ActivityFilter {
  const dayStart = (day: string) => new Date(`${day}T00:00:00${SITE_UTC_OFFSET}`);
  return {
    person: query.person,
    kind: query.kind,
    since: query.from ? dayStart(query.from).toISOString() : undefined,
    before: query.to ? new Date(dayStart(query.to).getTime() + 86_400_000).toISOString() : undefined,
  };
}
