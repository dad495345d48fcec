import { ACTIVITY_RETENTION_MONTHS } from "~/validation/activity";
import { logger } from "../logger";
import { periodicJob } from "../ops/periodic";
import { pruneActivity } from "../models/activity";
import { pruneOutgoingMail } from "../models/outbox";

// Daily housekeeping, at start and then once a day: activity entries older than 12 months
// (docs/decisions/0016-activity-log.md), and outgoing mail once it is done with (30 days after it was sent, 90 after
// the queue gave up on it: its body may hold an invite or reset link; docs/decisions/0015-outgoing-mail-queue.md).
// Every instance runs it; a delete of rows already gone is harmless.

const DAY_MS = 86_400_000;

/** The oldest moment an entry may have and be kept, `now` minus the retention in calendar months. */
export function activityCutoff(now = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACTIVITY_RETENTION_MONTHS);
  return cutoff;
}

export async function pruneOldActivity(now = new Date()): Promise<number> {
  const removed = await pruneActivity(activityCutoff(now));
  if (removed > 0) logger.info({ removed }, "pruned old activity entries");
  return removed;
}

export const SENT_MAIL_RETENTION_DAYS = 30;
export const FAILED_MAIL_RETENTION_DAYS = 90;

export async function pruneOldMail(now = new Date()): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const removed = await pruneOutgoingMail(daysAgo(SENT_MAIL_RETENTION_DAYS), daysAgo(FAILED_MAIL_RETENTION_DAYS));
  if (removed > 0) logger.info({ removed }, "pruned old outgoing mail");
  return removed;
}

const job = periodicJob("activity pruning failed", () => Promise.all([pruneOldActivity(), pruneOldMail()]));

export function startActivityPruning(intervalMs = DAY_MS): void {
  job.start(intervalMs);
}

export const stopActivityPruning = job.stop;
