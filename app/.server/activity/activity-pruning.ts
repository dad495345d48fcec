import { ACTIVITY_RETENTION_MONTHS } from "~/validation/activity";
import { logger } from "../logger";
import { pruneActivity } from "../models/activity";
import { pruneOutgoingMail } from "../models/outbox";

// Daily housekeeping, at start and then once a day: activity entries older than 12 months
// (docs/decisions/0016-activity-log.md), and outgoing mail once it is done with (30 days after it was sent, 90 after
// the queue gave up on it: its body may hold an invite or reset link; docs/decisions/0015-outgoing-mail-queue.md).
// Every instance runs it; a delete of rows already gone is harmless.

const DAY_MS = 86_400_000;
let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

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

function runOnce(): void {
  if (running) return;
  running = Promise.all([pruneOldActivity(), pruneOldMail()])
    .catch((error: unknown) => logger.error({ err: error }, "activity pruning failed"))
    .finally(() => {
      running = null;
    });
}

export function startActivityPruning(intervalMs = DAY_MS): void {
  if (timer) return;
  timer = setInterval(runOnce, intervalMs);
  timer.unref();
  runOnce();
}

export async function stopActivityPruning(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
