import crypto from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { SITE_TIME_ZONE } from "~/lib/format";

// What one page view says, worked out without storing it (docs/product.md#insight, docs/privacy.md): whether the
// request is a view to count, the visitor's device and browser, where they came from, the site's calendar day, and
// the day's visitor hash. Pure functions (and a cache of user agents' answers); the counter is insight.ts.

/** Public pages: the home page, the portfolio, a service, a project. Admin, API and asset URLs never match. */
const PAGE_PATH = /^\/(?:projects|(?:service|project)\/[A-Za-z0-9_-]{1,64})?$/;

const MAX_TEXT = 100;

export type Device = "phone" | "tablet" | "desktop";

/** Device class from the user agent, which is read here and never stored. */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}

/** Browser family, in the order that tells them apart (Edge and Opera also say Chrome; Chrome also says Safari). */
export function browserOf(userAgent: string): string {
  if (/Edg(?:e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (/OPR\/|Opera/.test(userAgent)) return "Opera";
  if (/SamsungBrowser\//.test(userAgent)) return "Samsung Internet";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "Firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return "Safari";
  return "Other";
}

/** What a user agent says: whether it is a bot, its device class and its browser family. */
export interface AgentFacts {
  bot: boolean;
  device: Device;
  browser: string;
}

/**
 * Distinct user agents remembered with their facts. Browsers send the same few hundred strings, so nearly every
 * view skips isbot's large pattern and the two families' patterns (docs/performance.md#insight-counting).
 */
const AGENT_CACHE_ENTRIES = 1000;
/** Longer user agents are classified every time, so that the cache holds at most ~0.5 MB of strings. */
const AGENT_CACHE_MAX_LENGTH = 512;
const agents = new LRUCache<string, AgentFacts>({ max: AGENT_CACHE_ENTRIES });

/** The facts of a user agent (which is read here and never stored). */
export function agentOf(userAgent: string): AgentFacts {
  let facts = agents.get(userAgent);
  if (!facts) {
    facts = { bot: isbot(userAgent), device: deviceOf(userAgent), browser: browserOf(userAgent) };
    if (userAgent.length <= AGENT_CACHE_MAX_LENGTH) agents.set(userAgent, facts);
  }
  return facts;
}

// Control characters go: Postgres refuses a NUL in text, and a row it refuses would fail every later flush.
const CONTROL = /\p{Cc}/gu;

const clean = (value: string | null | undefined): string | null => {
  const v = value?.replace(CONTROL, "").trim().toLowerCase().slice(0, MAX_TEXT);
  return v ? v : null;
};

/** The host of a referrer from another site ("www." dropped), or null for none, our own site or a malformed one. */
export function referrerHost(referrer: string | undefined, ownHost: string | undefined): string | null {
  if (!referrer) return null;
  // A link within the site (most referrers) is told without parsing: the host followed by a slash is the URL's host.
  if (ownHost && (referrer.startsWith(`https://${ownHost}/`) || referrer.startsWith(`http://${ownHost}/`))) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (ownHost && url.host === ownHost) return null;
    return clean(url.hostname.replace(/^www\./, ""));
  } catch {
    return null;
  }
}

export interface ViewFacts {
  /** The path and query string as requested. */
  url: string;
  host?: string;
  referrer?: string;
  userAgent: string;
  ip: string;
}

/** What one page view adds, before the visitor hash: the path without its query, and where the visitor came from. */
export function describeView(facts: Pick<ViewFacts, "url" | "host" | "referrer" | "userAgent">) {
  const agent = agentOf(facts.userAgent);
  // Most views carry no query string: their URL is the path, and there is no UTM to read.
  const plain = facts.url.startsWith("/") && !/[?#]/.test(facts.url);
  const url = plain ? null : new URL(facts.url, "http://site.invalid");
  const utm = (name: string) => (url ? clean(url.searchParams.get(name)) : null);
  return {
    path: url ? url.pathname : facts.url,
    utm_source: utm("utm_source"),
    source: utm("utm_source") ?? referrerHost(facts.referrer, facts.host) ?? "(direct)",
    utm_medium: utm("utm_medium"),
    utm_campaign: utm("utm_campaign"),
    device: agent.device,
    browser: agent.browser,
  };
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

let dayMinute = Number.NaN;
let dayText = "";

/** The site-time-zone calendar day of a moment, as "YYYY-MM-DD". */
export function dayOf(date: Date): string {
  // Formatting costs a microsecond and every view asks: the answer is kept for the minute (a time zone's day
  // always begins on a whole minute of UTC).
  const minute = Math.floor(date.getTime() / 60_000);
  if (minute !== dayMinute) {
    dayText = dayFormat.format(date);
    dayMinute = minute;
  }
  return dayText;
}

/** "YYYY-MM-DD" moved by whole days (negative: back). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" moved back by whole months (the 31st of a shorter month becomes its last day). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The visitor hash: nobody can recompute it, or link it to another day, once the day's salt is deleted. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  // One-shot hashing: the same digest as feeding the parts to createHash one by one, at half the cost.
  return crypto.hash("sha256", `${salt}\n${ip}\n${userAgent}`, "base64url").slice(0, 22);
}

/** Whether a request is a page view to count, judged before it is answered. */
export function isCountable(req: {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  if (req.method !== "GET" || !PAGE_PATH.test(req.path)) return false;
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(",") : (v ?? "");
  };
  // Prefetches and prerenders are not views (Chromium: Sec-Purpose; older browsers: Purpose, X-Moz).
  const purpose = `${header("sec-purpose")} ${header("purpose")} ${header("x-moz")}`;
  if (purpose !== "  " && /prefetch|prerender/i.test(purpose)) return false;
  // A browser says what it is loading: only a top-level document is a page view (not an iframe or a fetch).
  const dest = header("sec-fetch-dest");
  if (dest && dest !== "document") return false;
  // Staff signed in to the admin are not visitors.
  if (header("cookie").includes("session_token")) return false;
  // Last, as the dearest test (though a known user agent's answer is remembered).
  const ua = header("user-agent");
  return ua !== "" && !agentOf(ua).bot;
}
