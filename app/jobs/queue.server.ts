import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import {
  db,
  isDatabaseUnavailable,
  listenForNotifications,
  preparedQuery,
  type Database,
  type Transaction,
} from "#db/client.server";
import { jobs } from "#db/schema";
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
// A handler registry holds handlers of every payload type: each one checks its own payload.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandler<P = any> = (payload: P, job: Job<P>) => Promise<void>;

const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
const lockSeconds = () => env.JOB_LOCK_TIMEOUT_SECONDS;
/** `least(3600, 2^attempts × JOB_RETRY_BASE_SECONDS)`: 10, 20, 40... seconds with the default 5 */
const backoff = () => sql`least(3600, power(2, ${jobs.attempts}) * ${env.JOB_RETRY_BASE_SECONDS}::float8)`;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler<P>(queue: string, handler: JobHandler<P>): void {
  handlers.set(queue, handler as JobHandler);
}

/**
 * A transaction to enqueue in: drizzle's (`db.transaction(async (tx) => ...)`), or postgres.js's (`sql.begin`,
 * as scripts and tests write), which is wrapped in drizzle on its own connection.
 */
export type JobTransaction = Transaction | postgres.TransactionSql;

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
  const { tx } = options;
  const insert = (target: Database | Transaction) =>
    target
      .insert(jobs)
      .values({
        queue,
        payload: payload ?? {},
        runAt: options.runAt ?? new Date(),
        singletonKey: options.singletonKey ?? null,
        maxAttempts: options.maxAttempts ?? 5,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
  // Workers wake at once instead of at their next poll.
  const notify = sql`select pg_notify('jobs', ${queue})`;
  if (typeof tx === "function") {
    // A postgres.js transaction: drizzle writes the statements, the transaction's connection runs them.
    const statement = insert(db).toSQL();
    const rows = await tx.unsafe<{ id: string }[]>(
      statement.sql,
      statement.params as postgres.ParameterOrJSON<never>[],
    );
    if (rows.length > 0) {
      const wake = new PgDialect().sqlToQuery(notify);
      await tx.unsafe(wake.sql, wake.params as postgres.ParameterOrJSON<never>[]);
    }
    return rows[0] ? Number(rows[0].id) : null;
  }
  const target = tx ?? db;
  const rows = await insert(target);
  if (rows.length > 0) {
    // In a transaction the NOTIFY is sent at its commit; outside one a lost wake-up only costs a poll.
    if (tx) await target.execute(notify);
    else await target.execute(notify).catch(() => {});
  }
  return rows[0]?.id ?? null;
}

/**
 * The claim, prepared once (workers poll it every second): the next due job of the given queues, locked with
 * `FOR UPDATE SKIP LOCKED` so that two workers never take the same one.
 */
const claimQuery = preparedQuery("jobs-claim", (db) => {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        sql`${jobs.queue} = any(${sql.placeholder("queues")}::text[])`,
        lt(jobs.attempts, jobs.maxAttempts),
        or(
          and(isNull(jobs.lockedAt), lte(jobs.runAt, sql`now()`)),
          lt(
            jobs.lockedAt,
            sql`now() - make_interval(secs => ${sql.placeholder("lockSeconds")}::float8 + ${backoff()})`,
          ),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedAt: sql`now()`, lockedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
    .where(eq(jobs.id, next))
    .returning({ id: jobs.id, queue: jobs.queue, payload: jobs.payload, attempts: jobs.attempts })
    .prepare("jobs-claim");
});

/**
 * Claims the next due job of the given queues, or null: a job not running whose time has come, or one whose
 * worker stopped renewing its lock (died) `JOB_LOCK_TIMEOUT_SECONDS` plus the retry backoff ago. Counts an attempt.
 */
export async function claimJob(queues: string[]): Promise<Job | null> {
  if (queues.length === 0) return null;
  const [row] = await claimQuery().execute({ queues, lockSeconds: lockSeconds() });
  return row ?? null;
}

/** Jobs whose worker died during their last attempt are given up (done, with the reason in last_error). */
export async function giveUpAbandonedJobs(): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      doneAt: sql`now()`,
      lockedAt: null,
      lastError: sql`left(concat_ws(E'\n', ${jobs.lastError}, 'the worker stopped while running it (attempt ' || ${jobs.attempts} || ')'), 2000)`,
    })
    .where(
      and(
        isNull(jobs.doneAt),
        gte(jobs.attempts, jobs.maxAttempts),
        lt(jobs.lockedAt, sql`now() - make_interval(secs => ${lockSeconds()}::float8)`),
      ),
    )
    .returning({ id: jobs.id });
  for (const row of rows) console.error(`[jobs] job #${row.id} given up: its worker stopped during its last attempt`);
  return rows.length;
}

async function finishJob(job: Job, error?: unknown): Promise<void> {
  if (!error) {
    await db
      .update(jobs)
      .set({ doneAt: sql`now()`, lockedAt: null, lastError: null })
      .where(eq(jobs.id, job.id));
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(jobs)
    .set({
      lockedAt: null,
      lastError: message.slice(0, 2000),
      doneAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() else null end`,
      runAt: sql`now() + make_interval(secs => ${backoff()})`,
    })
    .where(eq(jobs.id, job.id));
}

/** Renews the job's lock while its handler runs, so that only a dead worker's lock expires. */
function keepLocked(job: Job): () => void {
  const timer = setInterval(
    () => {
      db.update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), isNull(jobs.doneAt)))
        .then(
          () => {},
          () => {},
        );
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
      const runAt = new Date(Date.now() + intervalMs);
      await db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({ doneAt: sql`now()`, lockedAt: null })
          .where(eq(jobs.id, job.id));
        await enqueueJob(queue, {}, { runAt, singletonKey: name, tx });
      });
    }
  });
}

export async function scheduleRecurringTask(name: string): Promise<void> {
  await enqueueJob(`recurring:${name}`, {}, { singletonKey: name });
}
