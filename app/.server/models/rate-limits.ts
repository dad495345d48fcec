import { sql } from "kysely";
import { db } from "../db";
import { periodicJob } from "../ops/periodic";

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counter kept in the database, so every instance shares it (one atomic upsert per hit).
 * `key` names the thing counted, e.g. "login-ip:203.0.113.7".
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const now = Date.now();
  const resetAt = now + windowMs;
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(["hits", "reset_at"])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  return {
    allowed: hits <= limit,
    remaining: Math.max(0, limit - hits),
    retryAfter: Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000)),
  };
}

/** Reads a counter without counting. */
export async function peekRateLimit(key: string, limit: number): Promise<RateLimitResult> {
  const now = Date.now();
  const row = await db().selectFrom("rate_limits").select(["hits", "reset_at"]).where("key", "=", key).executeTakeFirst();
  if (!row || Number(row.reset_at) <= now) return { allowed: true, remaining: limit, retryAfter: 0 };
  const hits = Number(row.hits);
  return { allowed: hits < limit, remaining: Math.max(0, limit - hits), retryAfter: Math.ceil((Number(row.reset_at) - now) / 1000) };
}

export async function clearRateLimit(key: string): Promise<void> {
  await db().deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** When the current window of `key` ends (ms), or null when there is no live counter. */
export async function rateLimitWindow(key: string): Promise<number | null> {
  const row = await db().selectFrom("rate_limits").select("reset_at").where("key", "=", key).executeTakeFirst();
  const resetAt = row ? Number(row.reset_at) : null;
  return resetAt !== null && resetAt > Date.now() ? resetAt : null;
}

/**
 * Deletes the counter `key` only if its window is still the one ending at `resetAt`; true when this call deleted
 * it. Atomic, so of two callers holding the same window only one succeeds (single-use unlock links).
 */
export async function clearRateLimitWindow(key: string, resetAt: number): Promise<boolean> {
  const rows = await db().deleteFrom("rate_limits").where("key", "=", key).where("reset_at", "=", resetAt).returning("key").execute();
  return rows.length > 0;
}

/** Drops expired counters; called now and then so the table stays small. */
export async function pruneRateLimits(): Promise<void> {
  await db().deleteFrom("rate_limits").where("reset_at", "<=", Date.now()).execute();
}

/** How often expired counters are dropped: a window is at most an hour, so the table holds about an hour's keys. */
export const RATE_LIMIT_PRUNE_MS = 10 * 60_000;
const pruning = periodicJob("could not prune rate limits", pruneRateLimits, "warn");

/**
 * Prunes now and every `intervalMs` (server start-up calls it). Every client IP and every email tried leaves a
 * row, so without this the table grows with every address that ever knocked (docs/security.md "Bounded memory").
 */
export function startRateLimitPruning(intervalMs = RATE_LIMIT_PRUNE_MS): void {
  pruning.start(intervalMs);
}

export const stopRateLimitPruning = pruning.stop;
