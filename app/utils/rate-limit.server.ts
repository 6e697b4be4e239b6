import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { rateLimits } from "#db/schema";

/**
 * Fixed-window counters in Postgres, so limits hold across instances. `hitRateLimit` counts one attempt and
 * says whether it is allowed; `peekRateLimit` only reads (e.g. to refuse sign-in before checking a password).
 */
/** `cost` (default 1) is what one attempt counts for, e.g. kilobytes for an upload quota. */
export type RateLimit = { key: string; limit: number; windowSeconds: number; cost?: number };
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

function windowOf({ windowSeconds }: RateLimit, now = Date.now()) {
  const start = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  return { start: new Date(start * 1000), end: new Date((start + windowSeconds) * 1000) };
}

/**
 * Every 429 carries Retry-After (decision 083). A refused hit or peek notes its wait in the request's verdict
 * (app/utils/guard-build.server.ts runs each loader and action inside one); the wrapper adds `Retry-After` to a 429 answer
 * that does not already carry one. So every limiter, on pages and in the API, gets the header from here.
 */
export type RateLimitVerdict = { retryAfterSeconds: number };
export const rateLimitVerdicts = new AsyncLocalStorage<RateLimitVerdict>();

function noted(result: RateLimitResult): RateLimitResult {
  const verdict = rateLimitVerdicts.getStore();
  if (verdict && !result.allowed)
    verdict.retryAfterSeconds = Math.max(verdict.retryAfterSeconds, result.retryAfterSeconds);
  return result;
}

export function retryAfterHeaders(retryAfterSeconds: number): Record<string, string> {
  return { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) };
}

/** Counts an attempt in its window (one round trip, prepared once: every limited request makes it). */
const hitQuery = preparedQuery("rate-limit-hit", (db) =>
  db
    .insert(rateLimits)
    .values({
      key: sql.placeholder("key"),
      windowStart: sql.placeholder("start"),
      count: sql.placeholder("cost"),
      expiresAt: sql.placeholder("end"),
    })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${sql.placeholder("cost")}` },
    })
    .returning({ count: rateLimits.count })
    .prepare("rate-limit-hit"),
);

export async function hitRateLimit(limit: RateLimit): Promise<RateLimitResult> {
  const { start, end } = windowOf(limit);
  const [row] = await hitQuery().execute({ key: limit.key, start, end, cost: limit.cost ?? 1 });
  return noted(result(limit, row?.count ?? 1, end));
}

export async function peekRateLimit(limit: RateLimit): Promise<RateLimitResult> {
  const { start, end } = windowOf(limit);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)));
  return noted(result(limit, row?.count ?? 0, end, true));
}

/**
 * A minimum interval between two actions ("one post every 5 seconds"): unlike a fixed window, two attempts
 * never pass closer together than `seconds`, whatever the clock says. The row's expires_at is the next moment
 * the action is allowed; a refused attempt does not push it further.
 */
export async function hitMinimumInterval({ key, seconds }: { key: string; seconds: number }): Promise<RateLimitResult> {
  // The upsert decides: it writes (and returns) the row only when the last allowed attempt's interval is over.
  // The row of a minimum interval is its key's at the epoch (fixed windows start at real times).
  const allowed = await db
    .insert(rateLimits)
    .values({
      key,
      windowStart: sql`'epoch'::timestamptz`,
      count: 1,
      expiresAt: sql`clock_timestamp() + make_interval(secs => ${seconds}::float8)`,
    })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`${rateLimits.expiresAt} <= clock_timestamp()`,
    })
    .returning({ key: rateLimits.key });
  if (allowed.length > 0) return { allowed: true, remaining: 0, retryAfterSeconds: 0 };
  const [row] = await db
    .select({
      waitMs: sql<number>`extract(epoch from (${rateLimits.expiresAt} - clock_timestamp())) * 1000`.mapWith(Number),
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, sql`'epoch'::timestamptz`)));
  return {
    allowed: false,
    remaining: 0,
    retryAfterSeconds: Math.max(1, Math.ceil((row?.waitMs ?? seconds * 1000) / 1000)),
  };
}

export async function resetRateLimit(key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

function result(limit: RateLimit, count: number, end: Date, peek = false): RateLimitResult {
  const allowed = peek ? count < limit.limit : count <= limit.limit;
  return {
    allowed,
    remaining: Math.max(0, limit.limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((end.getTime() - Date.now()) / 1000)),
  };
}

export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 90
    ? `Too many requests. Please wait ${retryAfterSeconds} seconds and try again.`
    : `Too many requests. Please wait ${minutes} minutes and try again.`;
}
