import { sql } from "kysely";
import { db } from "~/.server/db";
import { logger } from "~/.server/logger";

/** GET /healthz: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await sql`select 1`.execute(db());
    return Response.json({ status: "ok", database: "up" }, { headers });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return Response.json({ status: "error", database: "down" }, { status: 503, headers });
  }
}
