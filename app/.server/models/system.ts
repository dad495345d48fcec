import { sql } from "kysely";
import { db } from "../db";
import { logger } from "../logger";

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
