import { SITE_TIME_ZONE } from "./format";

// Maldives time for the admin's date-time fields (docs/product.md#scheduling): staff type and read wall-clock times in
// the company's zone whatever their browser's zone is, and the server stores the UTC moment. The Maldives keep
// UTC+5 all year (no daylight saving), so one fixed offset converts both ways, the same on the server and in the
// browser; SITE_TIME_ZONE still names the zone for Intl formatting.

export const SITE_UTC_OFFSET = "+05:00";
const OFFSET_MS = 5 * 3_600_000;

/** A wall-clock time as a datetime-local field gives it: "2026-12-01T08:00" (seconds optional). */
export const SITE_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * "2026-12-01T08:00" (Maldives time) -> "2026-12-01T03:00:00.000Z". A full ISO moment with its own zone
 * ("...Z", "+05:00": what a stored version holds) is taken as it is. Anything else, or a day that does not exist
 * (Feb 30), gives null.
 */
export function siteLocalToIso(value: string): string | null {
  const text = value.trim();
  const local = SITE_LOCAL_PATTERN.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number);
    const utc = Date.UTC(y, mo - 1, d, h, mi, s || 0);
    const back = new Date(utc);
    // Date.UTC rolls Feb 30 over to March: such a day does not exist.
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
    return new Date(utc - OFFSET_MS).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/** "2026-12-01T03:00:00.000Z" -> "2026-12-01T08:00", the value of a datetime-local field in Maldives time; "" for none. */
export function isoToSiteLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16);
}

/** "2026-12-01T03:00:00.000Z" -> "1 Dec 2026, 08:00": short, 24-hour, in Maldives time (admin badges and lists). */
export function formatSiteMoment(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: SITE_TIME_ZONE })
    .format(new Date(iso))
    .replace(/\s/g, " ");
}

export type Visibility = { state: "shown" } | { state: "until"; at: string } | { state: "from"; at: string } | { state: "ended"; at: string } | { state: "off" };

/**
 * What visitors see of a record with an Active/Public switch and show-from/hide-from dates at `now`
 * (docs/decisions/0087-show-from-and-hide-from.md): the same rule as the public queries' condition
 * (app/.server/models/visibility.ts), for the admin's badges.
 */
export function visibilityAt(on: boolean, showFrom: string | null, hideFrom: string | null, now = Date.now()): Visibility {
  if (!on) return { state: "off" };
  if (hideFrom && Date.parse(hideFrom) <= now) return { state: "ended", at: hideFrom };
  if (showFrom && Date.parse(showFrom) > now) return { state: "from", at: showFrom };
  if (hideFrom) return { state: "until", at: hideFrom };
  return { state: "shown" };
}
