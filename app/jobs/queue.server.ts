import { randomUUID } from "node:crypto";
import { rawSql } from "#db/client.server";

/**
 * A small Postgres-backed job queue. Jobs are rows; a worker claims one with `FOR UPDATE SKIP LOCKED`, so any
 * number of app instances share the queue without running a job twice. A job that throws is retried with
 * backoff until `maxAttempts`; a worker that dies mid-job leaves a lock that expires after `LOCK_TIMEOUT`.
 */
export type Job<P = unknown> = { id: number; queue: string; payload: P; attempts: number };
export type JobHandler<P = any> = (payload: P, job: Job<P>) => Promise<void>;

const LOCK_TIMEOUT_SECONDS = 600;
const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler<P>(queue: string, handler: JobHandler<P>): void {
  handlers.set(queue, handler as JobHandler);
}

export async function enqueueJob(
  queue: string,
  payload: unknown,
  options: { runAt?: Date; singletonKey?: string; maxAttempts?: number } = {},
): Promise<number | null> {
  const sql = rawSql();
  const rows = await sql<{ id: number }[]>`
    insert into jobs (queue, payload, run_at, singleton_key, max_attempts)
    values (${queue}, ${JSON.stringify(payload ?? {})}::jsonb, ${(options.runAt ?? new Date()).toISOString()}::timestamptz,
            ${options.singletonKey ?? null},
            ${options.maxAttempts ?? 5})
    on conflict do nothing
    returning id`;
  if (rows.length > 0) await sql`select pg_notify('jobs', ${queue})`.catch(() => {});
  return rows[0]?.id ?? null;
}

/** Claims the next due job of the given queues, or null. */
export async function claimJob(queues: string[]): Promise<Job | null> {
  if (queues.length === 0) return null;
  const sql = rawSql();
  const rows = await sql<Job[]>`
    update jobs set locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    where id = (
      select id from jobs
      where done_at is null and queue = any(${queues}) and run_at <= now()
        and (locked_at is null or locked_at < now() - make_interval(secs => ${LOCK_TIMEOUT_SECONDS}))
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, queue, payload, attempts`;
  return rows[0] ?? null;
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
      run_at = now() + make_interval(secs => least(3600, power(2, attempts) * 5))
    where id = ${job.id}`;
}

/** Runs due jobs until none is left; returns how many ran. Used by the worker loop and by tests. */
export async function drainJobs(queues = [...handlers.keys()]): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claimJob(queues);
    if (!job) return ran;
    const handler = handlers.get(job.queue);
    try {
      if (!handler) throw new Error(`No handler for queue ${job.queue}`);
      await handler(job.payload, job);
      await finishJob(job);
    } catch (error) {
      console.error(`[jobs] ${job.queue}#${job.id} failed:`, error);
      await finishJob(job, error).catch(() => {});
    }
    ran++;
  }
}

type Worker = { stop: () => Promise<void> };

/** Polls the queue (and wakes on NOTIFY) until stopped; finishes the job in hand before stopping. */
export function startWorker({ pollMs = 1000 } = {}): Worker {
  let running = true;
  let wake: (() => void) | null = null;
  let current: Promise<unknown> = Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;
  rawSql()
    .listen("jobs", () => wake?.())
    .then((meta) => {
      unlisten = meta.unlisten;
    })
    .catch(() => {});

  const loop = async () => {
    while (running) {
      current = drainJobs().catch((error) => console.error("[jobs] worker:", error));
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
