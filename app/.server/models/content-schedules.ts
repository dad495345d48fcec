import { formatSiteMoment } from "~/lib/site-time";
import { SECTION_KEYS, SECTION_TITLES, type SectionKey, isSectionKey } from "~/validation/site-content";
import { bumpContentVersion } from "../cache/cache";
import { db } from "../db";
import { logger } from "../logger";
import { recordActivity } from "./activity";
import { newId, nowIso, toIso } from "./rows";
import { publishInTransaction } from "./site-content";

// Scheduled publishes of site content (docs/decisions/0086-scheduled-publish.md). A schedule names one section or
// every section ("all"); when its moment comes, the server publishes the drafts as they are then. Whichever instance
// is up runs it, once: the run starts by turning the row from pending to done in one conditional UPDATE inside the
// transaction that publishes, so a second instance's claim matches no row (on Postgres it waits for the first
// one's row lock and then finds the status changed; SQLite takes one writer at a time).

export interface PendingSchedule {
  id: string;
  /** null: every section with a draft at that moment. */
  section: SectionKey | null;
  runAt: string;
  createdBy: string | null;
}

/** Schedules a publish of `section` (null: every section with a draft then) at `runAt` (ISO, UTC). */
export async function createSchedule(section: SectionKey | null, runAt: string, userId: string): Promise<PendingSchedule> {
  const id = newId();
  await db().insertInto("content_schedules").values({ id, section, run_at: runAt, status: "pending", created_by: userId, created_at: nowIso() }).execute();
  return { id, section, runAt, createdBy: null };
}

/** Cancels a schedule that has not run; false when it is not pending (ran already, cancelled, or unknown). */
export async function cancelSchedule(id: string): Promise<PendingSchedule | false> {
  const row = await db().selectFrom("content_schedules").select(["section", "run_at"]).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  if (!row) return false;
  const result = await db().updateTable("content_schedules").set({ status: "cancelled" }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  return { id, section: isSectionKey(row.section) ? row.section : null, runAt: toIso(row.run_at), createdBy: null };
}

/** Schedules still to run, soonest first, with who set them. */
export async function listPendingSchedules(): Promise<PendingSchedule[]> {
  const rows = await db()
    .selectFrom("content_schedules")
    .leftJoin("user", "user.id", "content_schedules.created_by")
    .select(["content_schedules.id", "content_schedules.section", "content_schedules.run_at", "user.name as user_name", "user.email as user_email"])
    .where("content_schedules.status", "=", "pending")
    .orderBy("content_schedules.run_at", "asc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    section: isSectionKey(r.section) ? r.section : null,
    runAt: toIso(r.run_at),
    createdBy: r.user_name?.trim() ? r.user_name.trim() : (r.user_email ?? null),
  }));
}

/** What one run of a schedule did: the sections it published (none when it found no draft). */
export interface ScheduleRun {
  id: string;
  published: SectionKey[];
}

/**
 * Runs every schedule whose moment has passed, each once across all instances. Each claimed schedule publishes
 * inside its claim's transaction, so a crash leaves it pending (to run on the next tick), never half done.
 */
export async function runDueSchedules(now = nowIso()): Promise<ScheduleRun[]> {
  const due = await db()
    .selectFrom("content_schedules")
    .select(["id", "section", "run_at", "created_by"])
    .where("status", "=", "pending")
    .where("run_at", "<=", now)
    .orderBy("run_at", "asc")
    .limit(20)
    .execute();
  const runs: ScheduleRun[] = [];
  for (const schedule of due) {
    const published = await db()
      .transaction()
      .execute(async (trx) => {
        const claim = await trx
          .updateTable("content_schedules")
          .set({ status: "done", ran_at: nowIso() })
          .where("id", "=", schedule.id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) return null;
        const sections = schedule.section === null ? SECTION_KEYS : isSectionKey(schedule.section) ? [schedule.section] : [];
        const rows = await trx.selectFrom("site_content").select(["section", "revision"]).where("draft", "is not", null).execute();
        const revisions = new Map(rows.map((r) => [r.section, Number(r.revision)]));
        const done: SectionKey[] = [];
        for (const section of sections) {
          const revision = revisions.get(section);
          if (revision !== undefined && (await publishInTransaction(trx, section, revision, schedule.created_by, schedule.id)) !== null) done.push(section);
        }
        await trx
          .updateTable("content_schedules")
          .set({ outcome: done.length ? JSON.stringify(done) : "nothing to publish" })
          .where("id", "=", schedule.id)
          .execute();
        return done;
      });
    if (published === null) continue; // another instance ran it
    runs.push({ id: schedule.id, published });
    if (published.length) await bumpContentVersion();
    await recordScheduledRun(schedule, published);
  }
  return runs;
}

/** The run in the activity log: one entry per published section, as a publish by hand gives, in the scheduler's name. */
async function recordScheduledRun(schedule: { id: string; run_at: unknown; created_by: string | null }, published: SectionKey[]): Promise<void> {
  const user = schedule.created_by ? await db().selectFrom("user").select("email").where("id", "=", schedule.created_by).executeTakeFirst() : undefined;
  const when = formatSiteMoment(toIso(schedule.run_at));
  const base = { actorId: schedule.created_by, actorEmail: user?.email ?? null, ip: null, kind: "content" as const, entity: "site-content" };
  if (published.length === 0) {
    await recordActivity({ ...base, action: "site-content.publish-scheduled", entityId: null, detail: `Scheduled for ${when}: no draft to publish` });
  }
  for (const section of published) {
    await recordActivity({ ...base, action: "site-content.publish-scheduled", entityId: section, detail: `${SECTION_TITLES[section]} (scheduled for ${when})` });
  }
  logger.info({ schedule: schedule.id, published }, "scheduled publish ran");
}
