import { sql } from "kysely";
import { db } from "../db";
import { logger } from "../logger";

/** The dashboard's System Status (PRODUCT.md reading 7): does the database answer a `select 1`? */
export async function pingDatabase(): Promise<boolean> {
  try {
    await sql`select 1`.execute(db());
    return true;
  } catch (error) {
    logger.error({ err: error }, "database check failed");
    return false;
  }
}
