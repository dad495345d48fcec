import { sql } from "kysely";
import { db } from "../db";
import { logger } from "../logger";
import { toIso } from "./rows";

/** The dashboard's System Status (docs/product.md#a-real-dashboard): does the database answer a `select 1`? */
export async function pingDatabase(): Promise<boolean> {
  try {
    await sql`select 1`.execute(db());
    return true;
  } catch (error) {
    logger.error({ err: error }, "database check failed");
    return false;
  }
}

/** Whether the site has no service, project or contact entry yet (start-up adds demo content only then). */
export async function isContentEmpty(): Promise<boolean> {
  const [service, project, contact] = await Promise.all([
    db().selectFrom("services").select("id").executeTakeFirst(),
    db().selectFrom("projects").select("id").executeTakeFirst(),
    db().selectFrom("contact_details").select("id").executeTakeFirst(),
  ]);
  return !service && !project && !contact;
}

/** Email trouble for the dashboard: messages given up since `since`, messages waiting after a failed try, the newest reason. */
export interface MailTrouble {
  failed: number;
  retrying: number;
  lastError: string | null;
}

/** Where email delivery is kept: the outgoing-mail queue (account emails, replies), and the enquiry notifications on the enquiry. */
const MAIL_SOURCES = [
  { table: "mail_outbox", status: "status", attempts: "attempts", error: "error" },
  { table: "enquiries", status: "email_status", attempts: "email_attempts", error: "email_error" },
] as const;

/**
 * What the dashboard's email row reads (docs/decisions/0059-email-on-the-dashboard.md): in each source, the messages
 * given up since `since`, those waiting after a failed try, and the newest reason since `since`.
 */
export async function mailTrouble(since: string): Promise<MailTrouble> {
  const perSource = await Promise.all(
    MAIL_SOURCES.map(async (source) => {
      const [table, status, attempts, error] = [sql.table(source.table), sql.ref(source.status), sql.ref(source.attempts), sql.ref(source.error)];
      const [counts, last] = await Promise.all([
        sql<{ failed: number | string | null; retrying: number | string | null }>`select
            sum(case when ${status} = 'failed' and created_at >= ${since} then 1 else 0 end) as failed,
            sum(case when ${status} in ('pending', 'sending') and ${attempts} > 0 then 1 else 0 end) as retrying
          from ${table}`.execute(db()),
        sql<{ error: string; created_at: unknown }>`select ${error} as error, created_at from ${table}
          where ${error} is not null and ${status} <> 'sent' and created_at >= ${since}
          order by created_at desc limit 1`.execute(db()),
      ]);
      return { failed: Number(counts.rows[0]?.failed ?? 0), retrying: Number(counts.rows[0]?.retrying ?? 0), last: last.rows[0] ?? null };
    }),
  );
  const newest = perSource
    .map((source) => source.last)
    .filter((last): last is NonNullable<typeof last> => last !== null)
    .sort((a, b) => toIso(b.created_at).localeCompare(toIso(a.created_at)))[0];
  return {
    failed: perSource.reduce((sum, source) => sum + source.failed, 0),
    retrying: perSource.reduce((sum, source) => sum + source.retrying, 0),
    lastError: newest?.error ?? null,
  };
}
