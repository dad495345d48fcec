import { pingDatabase } from "~/.server/models/system";

/** GET /healthz: 200 when the database answers, 503 when it does not (the failure is logged by the check). */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (await pingDatabase()) return Response.json({ status: "ok", database: "up" }, { headers });
  return Response.json({ status: "error", database: "down" }, { status: 503, headers });
}
