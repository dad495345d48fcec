import { bumpContentVersion } from "../cache/cache";
import { env } from "../env";
import { runDueSchedules } from "../models/content-schedules";
import { nowIso } from "../models/rows";
import { visibilityChangedBetween } from "../models/visibility";
import { periodicJob } from "./periodic";

// The server's own clock for scheduled changes (docs/decisions/0086-scheduled-publish.md,
// 0087-show-from-and-hide-from.md). Every SCHEDULE_TICK_MS each instance:
// - runs the scheduled publishes whose moment has passed (each runs once across instances: runDueSchedules claims it);
// - clears the content caches when a service's or project's show-from or hide-from moment has passed since the last
//   tick. The public queries judge those moments when they run, but the data cache and the rendered-page cache keep
//   what was read before; the bump makes every instance read again. Bumping twice (two instances) costs one more
//   render, so this part needs no claim.

// Moments at or before this one were seen (or came before this process started, when its caches were empty).
let checkedUntil = nowIso();

/** One tick: due publishes, then the caches if a visibility moment has just passed. */
export async function schedulerTick(now = nowIso()): Promise<void> {
  await runDueSchedules(now);
  const since = checkedUntil;
  if (now <= since) return;
  if (await visibilityChangedBetween(since, now)) await bumpContentVersion();
  checkedUntil = now;
}

const job = periodicJob("scheduler tick failed", () => schedulerTick());

/** Ticks now and then every SCHEDULE_TICK_MS (server start). */
export function startScheduler(intervalMs = env.SCHEDULE_TICK_MS): void {
  checkedUntil = nowIso();
  job.start(intervalMs);
}

/** Stops the timer and waits for a tick under way (server shutdown, before the database closes). */
export const stopScheduler = job.stop;
