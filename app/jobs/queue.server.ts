import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { sql as drizzleSql } from "drizzle-orm";
import type postgres from "postgres";
import { isDatabaseUnavailable, listenForNotifications, rawSql } from "#db/client.server";
import { env } from "~/utils/env.server";

/**
 * A small Postgres-backed job queue. Jobs are rows; a worker claims one with `FOR UPDATE SKIP LOCKED`, so any
 * number of app instances share the queue without running a job twice. Every claim counts an attempt. A job that
 * throws is retried with backoff until `maxAttempts`. A running job's lock is renewed every few seconds; a worker
 * that dies mid-job (killed, its machine gone) stops renewing it, and the job is taken again once the lock is
 * JOB_LOCK_TIMEOUT_SECONDS old plus the same backoff, or given up when that was its last attempt (decision 009).
 * A job that must follow a change is enqueued in the change's transaction (`enqueueJob(..., { tx })`).
 */
export type Job<P = unknown> = { id: number; queue: string; payload: P; attempts: number };
export type JobHandler<P = any> = (payload: P, job: Job<P>) => Promise<void>;

const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
const lockSeconds = () => env.JOB_LOCK_TIMEOUT_SECONDS;
/** `least(3600, 2^attempts × JOB_RETRY_BASE_SECONDS)`: 10, 20, 40... seconds with the default 5 */
const backoff = (attempts: string) => `least(3600, power(2, ${attempts}) * ${env.JOB_RETRY_BASE_SECONDS})`;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler<P>(queue: string, handler: JobHandler<P>): void {
  handlers.set(queue, handler as JobHandler);
}

/** A transaction to enqueue in: drizzle's (`db.transaction(async (tx) => ...)`) or postgres.js's (`sql.begin`). */
export type JobTransaction = { execute: (query: SQL) => PromiseLike<unknown> } | postgres.TransactionSql;

/**
 * Adds a job; returns its id, or null when a pending job holds the same singleton key. With `tx` the job is
 * written in that transaction: it exists exactly when the change it follows was committed (its NOTIFY is sent at
 * commit too).
 */
export async function enqueueJob(
  queue: string,
  payload: unknown,
  options: { runAt?: Date; singletonKey?: string; maxAttempts?: number; tx?: JobTransaction } = {},
): Promise<number | null> {
  const values = {
    payload: JSON.stringify(payload ?? {}),
    runAt: (options.runAt ?? new Date()).toISOString(),
    singletonKey: options.singletonKey ?? null,
    maxAttempts: options.maxAttempts ?? 5,
  };
  const tx = options.tx;
  if (tx && "execute" in tx) {
    const rows = (await tx.execute(drizzleSql`
      insert into jobs (queue, payload, run_at, singleton_key, max_attempts)
      values (${queue}, ${values.payload}::jsonb, ${values.runAt}::timestamptz, ${values.singletonKey}, ${values.maxAttempts})
      on conflict do nothing
      returning id`)) as unknown as { id: number | string }[];
    if (rows.length > 0) await tx.execute(drizzleSql`select pg_notify('jobs', ${queue})`);
    return rows[0] ? Number(rows[0].id) : null;
  }
  const sql = (tx as postgres.TransactionSql | undefined) ?? rawSql();
  const rows = await sql<{ id: number }[]>`
    insert into jobs (queue, payload, run_at, singleton_key, max_attempts)
    values (${queue}, ${values.payload}::jsonb, ${values.runAt}::timestamptz, ${values.singletonKey}, ${values.maxAttempts})
    on conflict do nothing
    returning id`;
  if (rows.length > 0) {
    if (tx) await sql`select pg_notify('jobs', ${queue})`;
    else await sql`select pg_notify('jobs', ${queue})`.catch(() => {});
  }
  return rows[0]?.id ?? null;
}

/**
 * Claims the next due job of the given queues, or null: a job not running whose time has come, or one whose
 * worker stopped renewing its lock (died) `JOB_LOCK_TIMEOUT_SECONDS` plus the retry backoff ago. Counts an attempt.
 */
export async function claimJob(queues: string[]): Promise<Job | null> {
  if (queues.length === 0) return null;
  const sql = rawSql();
  const rows = await sql<Job[]>`
    update jobs set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    where id = (
      select id from jobs
      where done_at is null and queue = any(${queues}) and attempts < max_attempts
        and (
          (locked_at is null and run_at <= now())
          or locked_at < now() - make_interval(secs => ${lockSeconds()} + ${sql.unsafe(backoff("attempts"))})
        )
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, queue, payload, attempts`;
  return rows[0] ?? null;
}

/** Jobs whose worker died during their last attempt are given up (done, with the reason in last_error). */
export async function giveUpAbandonedJobs(): Promise<number> {
  const rows = await rawSql()`
    update jobs set done_at = now(), locked_at = null,
      last_error = left(concat_ws(E'\n', last_error, 'the worker stopped while running it (attempt ' || attempts || ')'), 2000)
    where done_at is null and attempts >= max_attempts
      and locked_at < now() - make_interval(secs => ${lockSeconds()})
    returning id`;
  for (const row of rows) console.error(`[jobs] job #${row.id} given up: its worker stopped during its last attempt`);
  return rows.length;
}

async function finishJob(job: Job, error?: unknown): Promise<void> {
  const sql = rawSql();
  if (!error) {
    await sql`update jobs set done_at = now(), locked_at = null, last_error = null where id = ${job.id}`;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  await sql`
    update jobs set
      locked_at = null,
      last_error = ${message.slice(0, 2000)},
      done_at = case when attempts >= max_attempts then now() else null end,
      run_at = now() + make_interval(secs => ${sql.unsafe(backoff("attempts"))})
    where id = ${job.id}`;
}

/** Renews the job's lock while its handler runs, so that only a dead worker's lock expires. */
function keepLocked(job: Job): () => void {
  const timer = setInterval(
    () => {
      void rawSql()`update jobs set locked_at = now() where id = ${job.id} and locked_by = ${workerId} and done_at is null`
        .then(() => {})
        .catch(() => {});
    },
    Math.max(500, (lockSeconds() * 1000) / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}

let lastGiveUp = 0;

/**
 * Runs due jobs until none is left, or until `keepGoing()` says stop (checked before each claim); returns how
 * many ran. Used by the worker loop and by tests.
 */
export async function drainJobs(queues = [...handlers.keys()], keepGoing: () => boolean = () => true): Promise<number> {
  if (Date.now() - lastGiveUp > lockSeconds() * 1000) {
    lastGiveUp = Date.now();
    await giveUpAbandonedJobs();
  }
  let ran = 0;
  while (keepGoing()) {
    const job = await claimJob(queues);
    if (!job) return ran;
    const handler = handlers.get(job.queue);
    const release = keepLocked(job);
    try {
      if (!handler) throw new Error(`No handler for queue ${job.queue}`);
      await handler(job.payload, job);
      release();
      await finishJob(job);
    } catch (error) {
      release();
      console.error(`[jobs] ${job.queue}#${job.id} failed:`, error);
      await finishJob(job, error).catch(() => {});
    }
    ran++;
  }
  return ran;
}

type Worker = { stop: () => Promise<void> };

/**
 * Polls the queue (and wakes on NOTIFY) until stopped; on stop it finishes the job in hand and takes no other.
 * While the database is unreachable each poll fails quickly and the loop waits for the next.
 */
export function startWorker({ pollMs = 1000 } = {}): Worker {
  let running = true;
  let wake: (() => void) | null = null;
  let current: Promise<unknown> = Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;
  let listening: Promise<unknown> | null = null;
  const listen = () => {
    listening ??= listenForNotifications("jobs", () => wake?.())
      .then((stop) => {
        unlisten = stop;
      })
      .catch(() => {
        listening = null; // the database is away: polled meanwhile, tried again at the next round
      });
  };

  const loop = async () => {
    while (running) {
      listen();
      current = drainJobs(undefined, () => running).catch((error) => {
        // While the database is away every poll fails at once; the outage is logged once by the pool's monitor.
        if (!isDatabaseUnavailable(error)) console.error("[jobs] worker:", error);
      });
      await current;
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, pollMs).unref();
      });
      wake = null;
    }
  };
  void loop();
  return {
    stop: async () => {
      running = false;
      wake?.();
      await current;
      await unlisten?.().catch(() => {});
    },
  };
}

/**
 * A task run every `intervalMs` by exactly one instance: each run is a singleton job that, when done, enqueues
 * the next one. Calling this at every boot is safe: the pending singleton is not duplicated.
 */
export function registerRecurringTask(name: string, intervalMs: number, task: () => Promise<void>): void {
  const queue = `recurring:${name}`;
  registerJobHandler(queue, async (_payload, job) => {
    try {
      await task();
    } catch (error) {
      // A failed run is not retried: the next run is only an interval away.
      console.error(`[jobs] recurring task ${name} failed:`, error);
    } finally {
      // The running job still holds the singleton key (done_at is null) until it is marked done, so the next
      // run could not be enqueued before that: do both in one transaction.
      const runAt = new Date(Date.now() + intervalMs).toISOString();
      await rawSql().begin(async (tx) => {
        await tx`update jobs set done_at = now(), locked_at = null where id = ${job.id}`;
        await tx`
          insert into jobs (queue, payload, run_at, singleton_key, max_attempts)
          values (${queue}, '{}'::jsonb, ${runAt}::timestamptz, ${name}, 5)
          on conflict do nothing`;
      });
    }
  });
}

export async function scheduleRecurringTask(name: string): Promise<void> {
  await enqueueJob(`recurring:${name}`, {}, { singletonKey: name });
}
