import { COMPANY } from "~/content/company";
import { publishedCompanyName } from "../models/site-chrome";
import { SITE_TIME_ZONE, siteDay } from "~/lib/format";
import { STAGE_LABELS } from "~/validation/lead";
import { advanceCounter } from "../models/counters";
import { SITE_ORIGIN } from "../auth/auth";
import { logger } from "../logger";
import { periodicJob } from "../ops/periodic";
import { headerSafe, mailConfig, type MailConfig } from "../mail/mailer";
import { listAssigneeDigests } from "../models/lead-follow-ups";

// The daily email to each assignee (docs/decisions/0017-leads-pipeline.md): their overdue and
// due-today follow-ups and their leads still in New. Sent once a day, after 08:00 in the Maldives,
// by whichever instance claims the day first.

/** The hour (Maldives time) after which the day's digest goes out. */
export const DIGEST_HOUR = 8;
const CLAIM = "lead_digest_day";

export interface DigestSummary {
  sent: number;
  failed: number;
}

export function digestEmail(
  digest: Awaited<ReturnType<typeof listAssigneeDigests>>[number],
  config: Pick<MailConfig, "from">,
  today: string,
  origin: string,
  companyName: string = COMPANY.name,
) {
  const line = (l: { name: string; subject: string; id: string; follow_up_on?: string | null; stage: keyof typeof STAGE_LABELS }) =>
    `- ${l.name}: ${l.subject} (${STAGE_LABELS[l.stage]}${l.follow_up_on ? `, follow-up ${l.follow_up_on}` : ""})\n  ${origin}/admin/enquiries?id=${l.id}`;
  const parts = [`Good morning ${digest.name},`, "", `Your leads for ${today}.`];
  if (digest.followUps.length) parts.push("", "Follow-ups due or overdue:", ...digest.followUps.map(line));
  if (digest.newLeads.length) parts.push("", "New leads waiting for a first call:", ...digest.newLeads.map(line));
  parts.push("", `${companyName} website`);
  return {
    to: { name: headerSafe(digest.name, 100), address: digest.email },
    from: config.from,
    subject: headerSafe(`Your leads today: ${digest.followUps.length} follow-ups, ${digest.newLeads.length} new`),
    text: parts.join("\n"),
  };
}

/** Sends every assignee with something due their digest; `claim` makes it once per day across instances. */
export async function sendLeadDigests(now = new Date(), config: MailConfig | null = mailConfig(), claim = true): Promise<DigestSummary | null> {
  if (!config) return null;
  const today = siteDay(now);
  if (claim && !(await claimDay(today))) return null;
  const origin = SITE_ORIGIN;
  const companyName = await publishedCompanyName();
  const summary: DigestSummary = { sent: 0, failed: 0 };
  for (const digest of await listAssigneeDigests(today)) {
    if (digest.followUps.length === 0 && digest.newLeads.length === 0) continue;
    try {
      await config.transport.sendMail(digestEmail(digest, config, today, origin, companyName));
      summary.sent++;
    } catch (error) {
      summary.failed++;
      logger.warn({ assigneeId: digest.id, err: error }, "lead digest failed");
    }
  }
  logger.info({ day: today, ...summary }, "lead digests sent");
  return summary;
}

/** The day as a number (20261124): the counter only moves forward, and only one instance moves it. */
async function claimDay(today: string): Promise<boolean> {
  return advanceCounter(CLAIM, Number(today.replaceAll("-", "")));
}

// Checked every 10 minutes: today's digest is due after DIGEST_HOUR in the Maldives (claimDay sends it once).
const digest = periodicJob("lead digest run failed", async () => {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: SITE_TIME_ZONE, hour: "2-digit", hour12: false }).format(new Date()));
  if (hour >= DIGEST_HOUR) await sendLeadDigests();
});

/** Checks every 10 minutes whether today's digest is due (after DIGEST_HOUR in the Maldives). */
export function startLeadDigest(intervalMs = 10 * 60_000): void {
  if (mailConfig()) digest.start(intervalMs);
}

export const stopLeadDigest = digest.stop;
