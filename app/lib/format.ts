import { PRICING_MODELS, PROJECT_STATUS_LABELS, type PricingModel, type ProjectStatus } from "~/validation/constants";

// Display formats of the public pages (docs/product.md#display-formats): budgets in US dollars, dates in long US
// English, 'N/A' when a value is missing.

export const NOT_AVAILABLE = "N/A";

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

// Intl formatters are made once: building one costs far more than formatting with it, and a page such as the lead
// board formats hundreds of values (a third of its server render when each call built its own).
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 410000 -> "$410,000"; 1234.5 -> "$1,234.50"; missing -> "N/A". */
export function formatBudget(value: number | string | null | undefined): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  const amount = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(amount)) return NOT_AVAILABLE;
  return (Number.isInteger(amount) ? wholeDollars : dollarsAndCents).format(amount);
}

/** The company's clock: date-times in the admin read as Maldives time, on the server and in the browser alike. */
export const SITE_TIME_ZONE = "Indian/Maldives";

const longDate = (timeZone: string) => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone });
const calendarDay = longDate("UTC");
const maldivesDay = longDate(SITE_TIME_ZONE);
const maldivesDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: SITE_TIME_ZONE });

/**
 * "2025-01-05" -> "January 5, 2025": a date-only value is that calendar day wherever the server or the
 * visitor is. A moment (a timestamp or a Date, such as a created_at) is the day it was in the Maldives:
 * "2026-11-21T23:59:00Z" -> "November 22, 2026".
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  const dateOnly = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = value instanceof Date ? value : new Date(dateOnly ? `${value}T00:00:00Z` : (value as string));
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return (dateOnly ? calendarDay : maldivesDay).format(date);
}

/** "2026-11-21T17:40:00Z" -> "Nov 21, 2026, 10:40 PM" (Maldives time); missing or invalid -> "N/A". */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  // ICU versions differ on the space before AM/PM (U+202F or U+0020): one kind, so server and browser render alike.
  return maldivesDateTime
    .format(date)
    .replace(/\s/g, " ");
}

/**
 * docs/product.md#display-formats: public display replaces underscores with spaces, 'In Progress' when missing.
 * Known statuses use their labels ('review' reads 'Under Review').
 */
export function formatStatus(status: string | null | undefined): string {
  if (isBlank(status)) return PROJECT_STATUS_LABELS.in_progress;
  const key = (status as string).trim();
  if (key in PROJECT_STATUS_LABELS) return PROJECT_STATUS_LABELS[key as ProjectStatus];
  return titleCase(key.replace(/_/g, " "));
}

/** Completed projects get the default (solid) badge, every other status the secondary one. */
export function statusBadgeVariant(status: string | null | undefined): "default" | "secondary" {
  return status?.trim() === "completed" ? "default" : "secondary";
}

/** "rainwater" -> "#rainwater" (a leading # is not doubled). */
export function formatTag(tag: string): string {
  return `#${tag.trim().replace(/^#+/, "")}`;
}

/** 11 -> "11 months", 1 -> "1 month", missing -> "N/A". */
export function formatMonths(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return `${value} ${value === 1 ? "month" : "months"}`;
}

/** Completion as a whole percent between 0 and 100. */
export function formatPercent(value: number | null | undefined): string {
  return `${clampPercent(value)}%`;
}

export function clampPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  fixed: "Fixed Price",
  hourly: "Hourly Rate",
  project: "Project-based",
  consultation: "Consultation",
};

/** A known pricing model's label; free text (like the samples' 'Custom Quote') as written. */
export function formatPricingModel(value: string | null | undefined): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  const key = (value as string).trim();
  return (PRICING_MODELS as readonly string[]).includes(key) ? PRICING_MODEL_LABELS[key as PricingModel] : key;
}

/** Enumeration values for badges: "in_progress" -> "In Progress", "construction" -> "Construction". */
export function formatLabel(value: string | null | undefined): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  return titleCase((value as string).trim().replace(/[_-]+/g, " "));
}

/** Any text value, or 'N/A' when missing. */
export function orNotAvailable(value: string | null | undefined): string {
  return isBlank(value) ? NOT_AVAILABLE : (value as string).trim();
}

function titleCase(text: string): string {
  return text.replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

/** Whether two badge texts say the same (a category "Construction" beside the service type "construction"): then one is shown. */
export function sameLabel(a: string | null | undefined, b: string | null | undefined): boolean {
  if (isBlank(a) || isBlank(b)) return false;
  const norm = (v: string) => v.trim().replace(/[_-]+/g, " ").replace(/\s+/g, " ").toLowerCase();
  return norm(a as string) === norm(b as string);
}

/** The calendar day (YYYY-MM-DD) in the Maldives: what "today" and "overdue" mean for follow-ups. */
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
export function siteDay(date: Date = new Date()): string {
  return isoDay.format(date);
}

/** A file's size as people read it: '340 KB', '2.4 MB'. */
export const formatFileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
