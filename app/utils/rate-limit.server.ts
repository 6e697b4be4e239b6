import { AsyncLocalStorage } from "node:async_hooks";
import { rawSql } from "#db/client.server";

/**
 * Fixed-window counters in Postgres, so limits hold across instances. `hitRateLimit` counts one attempt and
 * says whether it is allowed; `peekRateLimit` only reads (e.g. to refuse sign-in before checking a password).
 */
/** `cost` (default 1) is what one attempt counts for, e.g. kilobytes for an upload quota. */
export type RateLimit = { key: string; limit: number; windowSeconds: number; cost?: number };
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

// Dates go to raw queries as ISO strings: drizzle configures the shared postgres.js client to pass timestamps
// through as text.
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

export async function hitRateLimit(limit: RateLimit): Promise<RateLimitResult> {
  const { start, end } = windowOf(limit);
  const sql = rawSql();
  const [row] = await sql<{ count: number }[]>`
    insert into rate_limits (key, window_start, count, expires_at)
    values (${limit.key}, ${start.toISOString()}::timestamptz, ${limit.cost ?? 1}, ${end.toISOString()}::timestamptz)
    on conflict (key, window_start) do update set count = rate_limits.count + ${limit.cost ?? 1}
    returning count`;
  return noted(result(limit, row?.count ?? 1, end));
}

export async function peekRateLimit(limit: RateLimit): Promise<RateLimitResult> {
  const { start, end } = windowOf(limit);
  const sql = rawSql();
  const [row] = await sql<{ count: number }[]>`
    select count from rate_limits where key = ${limit.key} and window_start = ${start.toISOString()}::timestamptz`;
  return noted(result(limit, row?.count ?? 0, end, true));
}

/**
 * A minimum interval between two actions ("one post every 5 seconds"): unlike a fixed window, two attempts
 * never pass closer together than `seconds`, whatever the clock says. The row's expires_at is the next moment
 * the action is allowed; a refused attempt does not push it further.
 */
export async function hitMinimumInterval({ key, seconds }: { key: string; seconds: number }): Promise<RateLimitResult> {
  const sql = rawSql();
  const [row] = await sql<{ allowed: boolean; wait_ms: number }[]>`
    with attempt as (
      insert into rate_limits (key, window_start, count, expires_at)
      values (${key}, 'epoch'::timestamptz, 1, clock_timestamp() + make_interval(secs => ${seconds}))
      on conflict (key, window_start) do update
        set count = rate_limits.count + 1, expires_at = excluded.expires_at
        where rate_limits.expires_at <= clock_timestamp()
      returning true as allowed
    )
    select coalesce((select allowed from attempt), false) as allowed,
      coalesce((select extract(epoch from (expires_at - clock_timestamp())) * 1000
        from rate_limits where key = ${key} and window_start = 'epoch'::timestamptz), 0)::float8 as wait_ms`;
  const allowed = !!row?.allowed;
  return {
    allowed,
    remaining: 0,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((row?.wait_ms ?? seconds * 1000) / 1000)),
  };
}

export async function resetRateLimit(key: string): Promise<void> {
  await rawSql()`delete from rate_limits where key = ${key}`;
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
