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
