import { COMPANY } from "~/content/company";
import { SITE_ORIGIN } from "../auth/auth";
import { env } from "../env";
import { logger } from "../logger";
import { publishedCompanyName } from "../models/site-chrome";
import { type MailConfig, mailConfig } from "../mail/mailer";
import { claimWeeklyReport, releaseWeeklyReport } from "../models/insight";
import { getInsightReport, type InsightReport } from "../models/insight-reads";

// The optional weekly Insight email (docs/product.md#insight): on the first flush of counts on a Monday (Maldives
// time), one instance claims the week and sends last Monday-to-Sunday's summary to NOTIFY_EMAIL.

const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayFrom = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayFrom(n - ((n + 3) % 7));
}

const number = new Intl.NumberFormat("en-US");
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export function weeklyReportEmail(report: InsightReport, config: Pick<MailConfig, "to" | "from">, siteUrl: string, companyName: string = COMPANY.name) {
  const t = report.totals;
  const list = (title: string, rows: { label: string; count: number }[], unit: string) => [
    title,
    ...(rows.length === 0 ? ["  (none)"] : rows.slice(0, 5).map((r) => `  ${number.format(r.count).padStart(7)} ${unit}  ${r.label}`)),
    "",
  ];
  const lines = [
    `Insight for ${companyName}, ${report.from} to ${report.to} (Maldives time)`,
    "",
    `Visitors:     ${number.format(t.visitors)}`,
    `Page views:   ${number.format(t.pageviews)}`,
    `Enquiries:    ${number.format(t.enquiries)}`,
    `Conversion:   ${percent(t.rate)} (enquiries per visitor)`,
    "",
    ...list("Top pages", report.topPages, "views   "),
    ...list("Sources", report.sources, "visitors"),
    ...list("Landing pages", report.landingPages, "visitors"),
    `More on the Insight page: ${siteUrl}/admin/insight`,
    "Counted without cookies or personal data.",
  ];
  return {
    from: config.from,
    to: config.to,
    subject: `Website this week: ${number.format(t.visitors)} visitors, ${number.format(t.enquiries)} enquiries`,
    text: lines.join("\n"),
  };
}

export interface WeeklyReportOptions {
  enabled?: boolean;
  config?: MailConfig | null;
  siteUrl?: string;
}

/** Sends last week's report if today is in a week not yet reported; true when this call sent it. */
export async function sendWeeklyReportIfDue(today: string, options: WeeklyReportOptions = {}): Promise<boolean> {
  const enabled = options.enabled ?? env.INSIGHT_WEEKLY_REPORT === "true";
  const config = options.config === undefined ? mailConfig() : options.config;
  if (!enabled || !config) return false;
  const monday = mondayOf(today);
  const week = dayNumber(monday);
  if (!(await claimWeeklyReport(week))) return false;
  const from = dayFrom(week - 7);
  const days = Array.from({ length: 7 }, (_, i) => dayFrom(week - 7 + i));
  try {
    const report = await getInsightReport(from, days[6], days);
    await config.transport.sendMail(weeklyReportEmail(report, config, options.siteUrl ?? SITE_ORIGIN, await publishedCompanyName()));
    logger.info({ week: from }, "insight: weekly report sent");
    return true;
  } catch (error) {
    await releaseWeeklyReport(week);
    throw error;
  }
}
