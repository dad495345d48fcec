import type { SessionUser } from "../auth/access";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { logger } from "../logger";
import { type ActivityEntryInput, recordActivity } from "../models/activity";
import { hitRateLimit } from "../models/rate-limits";

// Helpers around the activity log's one entry point (app/.server/models/activity.ts,
// docs/decisions/0016-activity-log.md): who and from where come from the request and the session.

/** The client's address as the app's own middleware set it (never a header the client chose). */
export const requestIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER);

type AdminEntry = Omit<ActivityEntryInput, "actorId" | "actorEmail" | "ip" | "kind"> & { kind?: ActivityEntryInput["kind"] };

/** Records a change made by the signed-in admin; `kind` is "content" unless said otherwise. */
export function recordAdminActivity(request: Request, user: Pick<SessionUser, "id" | "email">, entry: AdminEntry): Promise<void> {
  return recordActivity({ kind: "content", ...entry, actorId: user.id, actorEmail: user.email, ip: requestIp(request) });
}

/** Records a sign-in event; the email is the one typed in, the id only when the account is known. */
export function recordSecurityActivity(
  request: Request,
  entry: { action: string; actorId?: string | null; actorEmail?: string | null; detail?: string | null },
): Promise<void> {
  return recordActivity({
    kind: "security",
    action: entry.action,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    ip: requestIp(request),
    entity: "session",
    detail: entry.detail ?? null,
  });
}

/** One "blocked" entry per address and minute is enough to see an attack; a flood must not fill the table. */
const BLOCKED_ENTRY_WINDOW_MS = 60_000;

/** Records a sign-in refused by the limits, at most once a minute per client address. */
export async function recordSignInBlocked(request: Request, email: string, detail: string): Promise<void> {
  try {
    const first = await hitRateLimit(`activity-blocked:${requestIp(request) ?? "unknown"}`, 1, BLOCKED_ENTRY_WINDOW_MS);
    if (!first.allowed) return;
  } catch (error) {
    logger.warn({ err: error }, "blocked sign-in not counted for the activity log");
  }
  await recordSecurityActivity(request, { action: "sign-in.rate-limited", actorEmail: email, detail });
}
