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

/**
 * What the dashboard's email row reads (docs/decisions/0059-email-on-the-dashboard.md): the outgoing-mail queue
 * (account emails, replies) and the enquiry notifications, which keep their delivery on the enquiry.
 */
export async function mailTrouble(since: string): Promise<MailTrouble> {
  const [outboxFailed, outboxRetrying, outboxLast, noticeFailed, noticeRetrying, noticeLast] = await Promise.all([
    db()
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "failed")
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["pending", "sending"])
      .where("attempts", ">", 0)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("mail_outbox")
      .select(["error", "created_at"])
      .where("error", "is not", null)
      .where("status", "!=", "sent")
      .where("created_at", ">=", since)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    db()
      .selectFrom("enquiries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email_status", "=", "failed")
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("enquiries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email_status", "in", ["pending", "sending"])
      .where("email_attempts", ">", 0)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("enquiries")
      .select(["email_error as error", "created_at"])
      .where("email_error", "is not", null)
      .where("email_status", "!=", "sent")
      .where("created_at", ">=", since)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const newest = [outboxLast, noticeLast]
    .filter((row): row is NonNullable<typeof row> => Boolean(row))
    .sort((a, b) => toIso(b.created_at).localeCompare(toIso(a.created_at)))[0];
  return {
    failed: Number(outboxFailed.n) + Number(noticeFailed.n),
    retrying: Number(outboxRetrying.n) + Number(noticeRetrying.n),
    lastError: newest?.error ?? null,
  };
}
