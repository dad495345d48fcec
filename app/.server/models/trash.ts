import { logger } from "../logger";
import { purgeTrashedProjects } from "./projects";
import { purgeTrashedServices } from "./services";

// The Trash of services and projects (docs/decisions/0013-versions-and-trash.md): a deleted record is
// kept TRASH_DAYS, then deleted with its versions, after which `npm run uploads -- prune` no longer
// finds its images referenced and can reclaim them.

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;
/** How often a running server looks for expired records; every instance may, the delete is idempotent. */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60_000;

/** Deletes records that went to the Trash more than TRASH_DAYS before `now`. */
export async function purgeExpiredTrash(now = new Date()): Promise<{ services: number; projects: number }> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  const services = await purgeTrashedServices(cutoff);
  const projects = await purgeTrashedProjects(cutoff);
  if (services + projects > 0) logger.info({ services, projects }, "purged expired trash");
  return { services, projects };
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

function runPurge(): void {
  if (running) return;
  running = purgeExpiredTrash()
    .catch((error: unknown) => logger.error({ err: error }, "trash purge failed"))
    .finally(() => {
      running = null;
    });
}

/** Purges once now and then every `intervalMs`, in the background (server start). */
export function startTrashPurge(intervalMs = TRASH_PURGE_INTERVAL_MS): void {
  if (timer) return;
  timer = setInterval(runPurge, intervalMs);
  timer.unref();
  runPurge();
}

/** Stops the timer and waits for a purge under way (server shutdown, before the database closes). */
export async function stopTrashPurge(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
