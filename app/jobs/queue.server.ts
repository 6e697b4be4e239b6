import { sql as drizzleSql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type postgres from "postgres";
import { isDatabaseUnavailable, listenForNotifications, rawSql, type Transaction } from "#db/client.server";
import { JOB_SCHEMA as SCHEMA, postgresExecutor, toParameter, type Executor } from "#db/pg-boss";
import { env } from "~/utils/env.server";

/**
 * Background jobs on pg-boss 10 (decision 160), the last major whose engines accept Node 20, running over the
 * site's own postgres.js pool (its `db` adapter), so the outage behaviour of decision 006 holds for the queue as
 * for every query: while the database is away each poll fails at once and the worker waits for the next.
 *
 * What pg-boss does: the jobs' storage (schema `pgboss`, its own migrations, applied by db/migrate.ts), claiming
 * with SKIP LOCKED, retries with exponential backoff, expiry of a job whose worker died, singleton keys,
 * archiving and deleting finished jobs. What stays here, behind the same API as before (`enqueueJob`,
 * `registerJobHandler`, `registerRecurringTask`, `scheduleRecurringTask`, `startWorker`, `drainJobs`):
 * - **lanes**: each handler belongs to a lane (`mail`, `notify`, `conversion`, `recurring`, `default`) with its
 *   own workers, so no number of conversions delays a mail (issue 33), and no number of notifications delays the
 *   mail a member asked for (a reset, a verification) or a security notice (decision 290);
 * - the **heartbeat** of a running job (decision 009: only a dead worker's job expires, however long a live one
 *   runs);
 * - enqueue **in the caller's transaction** (drizzle's or postgres.js's), with a NOTIFY at commit that wakes the
 *   workers at once.
 */

/**
 * Finished background jobs (ids of posts to notify about, of models to convert) are kept this long: a day in
 * pg-boss's live table, a day in its archive (`deleteAfterDays` below).
 */
export const FINISHED_JOBS_KEPT_DAYS = 2;

export type Job<P = unknown> = {
  id: string;
  queue: string;
  payload: P;
  attempts: number;
  /** this run is the job's last: if it throws, the job is given up, not retried */
  lastAttempt: boolean;
};
// A handler registry holds handlers of every payload type: each one checks its own payload.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandler<P = any> = (payload: P, job: Job<P>) => Promise<void>;

/**
 * Each lane has workers of its own; a handler's lane is chosen where it is registered. `mail` is account mail (reset,
 * verification, security notices); `notify` is every notification (reply notifications, moderation notices).
 */
export type JobLane = "mail" | "notify" | "conversion" | "recurring" | "default";
export const LANE_CONCURRENCY: Record<JobLane, number> = {
  mail: 2,
  notify: 1,
  conversion: 1,
  recurring: 1,
  default: 1,
};

export type JobHandlerOptions = {
  /** The workers that run it (`default` when not given). */
  lane?: JobLane;
  /**
   * pg-boss's queue policy: `short` keeps at most one waiting job per singleton key; `stately` one waiting and
   * one running (recurring tasks use it: one run at a time however many instances schedule it).
   */
  policy?: "standard" | "short" | "stately";
};

const handlers = new Map<string, { handler: JobHandler; lane: JobLane; policy: "standard" | "short" | "stately" }>();

export function registerJobHandler<P>(queue: string, handler: JobHandler<P>, options: JobHandlerOptions = {}): void {
  handlers.set(queue, {
    handler: handler as JobHandler,
    lane: options.lane ?? "default",
    policy: options.policy ?? "standard",
  });
}

/** The lane a queue's handler runs in (`default` for one registered without a lane, or not registered here). */
export function laneOf(queue: string): JobLane {
  return handlers.get(queue)?.lane ?? "default";
}

// ------------------------------------------------------------------------------------------ the pg-boss client

/** pg-boss's `db` adapter on a drizzle transaction: its `$n` placeholders become drizzle parameters. */
function drizzleExecutor(tx: Transaction): Executor {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        chunks.push(i % 2 === 0 ? drizzleSql.raw(part) : drizzleSql`${toParameter(values[Number(part) - 1])}`);
      });
      const rows = (await tx.execute(drizzleSql.join(chunks))) as unknown as Record<string, unknown>[];
      return { rows: [...rows], rowCount: rows.length };
    },
  };
}

const poolExecutor: Executor = { executeSql: (text, values) => postgresExecutor(rawSql()).executeSql(text, values) };

let boss: PgBoss | null = null;
/** The process's one pg-boss client, made (and its error listener added) on first use. */
function client(): PgBoss {
  if (boss) return boss;
  boss = new PgBoss({
    db: poolExecutor,
    schema: SCHEMA,
    migrate: false, // db/migrate.ts installs and upgrades the schema with the site's own migrations
    supervise: false, // started by startWorker only
    schedule: false, // recurring tasks are self-renewing singleton jobs (below), not cron
  });
  boss.on("error", (error) => {
    if (!isDatabaseUnavailable(error)) console.error("[jobs] pg-boss:", error);
  });
  return boss;
}

/** Creates a queue; another instance creating one at the same moment may deadlock with it: tried again. */
async function createQueue(queue: string, policy: "standard" | "short" | "stately"): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client().createQueue(queue, { name: queue, policy });
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * pg-boss 10 needs a queue to exist (a row and a partition of its job table) before a job is sent to it. Each
 * process creates its queues once, one at a time (creating partitions side by side can deadlock).
 */
const createdQueues = new Map<string, Promise<void>>();
let creating: Promise<unknown> = Promise.resolve();
/**
 * Makes sure pg-boss knows the queue (created once per process, then remembered). A caller about to enqueue inside
 * a transaction that holds row locks calls this first, so the first use's setup is not paid while others wait.
 */
export function ensureQueue(queue: string): Promise<void> {
  let created = createdQueues.get(queue);
  if (!created) {
    const registered = handlers.get(queue);
    const policy = registered?.policy ?? (queue.startsWith("recurring:") ? "stately" : "standard");
    created = creating.then(() => createQueue(queue, policy));
    creating = created.catch(() => {});
    createdQueues.set(queue, created);
    created.catch(() => createdQueues.delete(queue)); // tried again next time (the database was away)
  }
  return created;
}

// ------------------------------------------------------------------------------------------------- enqueue

/**
 * A transaction to enqueue in: drizzle's (`db.transaction(async (tx) => ...)`), or postgres.js's (`sql.begin`,
 * as scripts and tests write).
 */
export type JobTransaction = Transaction | postgres.TransactionSql;

/**
 * Adds a job; returns its id, or null when a waiting job of a `short` queue holds the same singleton key. With
 * `tx` the job is written in that transaction: it exists exactly when the change it follows was committed (its
 * NOTIFY is sent at commit too). `maxAttempts` counts the first run (5 by default: four retries with backoff
 * 2^n × JOB_RETRY_BASE_SECONDS).
 */
export async function enqueueJob(
  queue: string,
  payload: unknown,
  options: { runAt?: Date; singletonKey?: string; maxAttempts?: number; tx?: JobTransaction } = {},
): Promise<string | null> {
  const { tx } = options;
  await ensureQueue(queue);
  const executor = !tx ? undefined : typeof tx === "function" ? postgresExecutor(tx) : drizzleExecutor(tx);
  const id = await client().send(queue, (payload ?? {}) as object, {
    startAfter: options.runAt,
    singletonKey: options.singletonKey,
    retryLimit: Math.max(0, (options.maxAttempts ?? 5) - 1),
    retryDelay: env.JOB_RETRY_BASE_SECONDS,
    retryBackoff: true,
    expireInSeconds: env.JOB_LOCK_TIMEOUT_SECONDS,
    ...(executor ? { db: executor } : {}),
  });
  if (id) {
    // Workers wake at once instead of at their next poll; in a transaction the NOTIFY is sent at its commit.
    const wake = `select pg_notify('jobs', $1)`;
    if (executor) await executor.executeSql(wake, [queue]);
    else await poolExecutor.executeSql(wake, [queue]).catch(() => {});
  }
  return id;
}

// -------------------------------------------------------------------------------------------------- running

/**
 * Claims the next due job of one queue, or null (pg-boss's fetch: SKIP LOCKED, counts the attempt). A job that
 * was retried after failing or after its worker died comes back here with `attempts` counting every run.
 */
export async function claimJob(queue: string): Promise<Job | null> {
  await ensureQueue(queue);
  const [job] = await client().fetch(queue, { batchSize: 1, includeMetadata: true });
  if (!job) return null;
  const data = typeof job.data === "string" ? JSON.parse(job.data) : job.data;
  const retries = Number(job.retryCount);
  return { id: job.id, queue, payload: data, attempts: retries + 1, lastAttempt: retries >= Number(job.retryLimit) };
}

/**
 * Keeps a running job from expiring (decision 009): pg-boss fails and retries an active job once
 * `started_on + expire_in` has passed, which should mean its worker died. A live worker moves `started_on` on
 * every quarter of the expiry; pinned pg-boss 10.4.2 reads that column only there (and to count retries).
 */
function keepAlive(job: Job): () => void {
  const timer = setInterval(
    () => {
      poolExecutor
        .executeSql(`update ${SCHEMA}.job set started_on = now() where name = $1 and id = $2 and state = 'active'`, [
          job.queue,
          job.id,
        ])
        .catch(() => {});
    },
    Math.max(500, (env.JOB_LOCK_TIMEOUT_SECONDS * 1000) / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs one claimed job and records the outcome (done, or failed: retried with backoff or given up). */
async function runJob(job: Job): Promise<void> {
  const registered = handlers.get(job.queue);
  const release = keepAlive(job);
  try {
    if (!registered) throw new Error(`No handler for queue ${job.queue}`);
    await registered.handler(job.payload, job);
    release();
    await client().complete(job.queue, job.id);
  } catch (error) {
    release();
    console.error(`[jobs] ${job.queue}#${job.id} failed:`, error);
    const message = error instanceof Error ? error.message : String(error);
    await client()
      .fail(job.queue, job.id, { message: message.slice(0, 2000) })
      .catch(() => {});
  }
}

/**
 * Runs due jobs of the given queues until none is left, or until `keepGoing()` says stop (checked before each
 * claim); returns how many ran. Used by the workers and by tests.
 */
export async function drainJobs(queues = [...handlers.keys()], keepGoing: () => boolean = () => true): Promise<number> {
  let ran = 0;
  let idle = 0;
  // Round robin over the queues, so one busy queue does not keep the others of its lane waiting.
  for (let i = 0; keepGoing() && queues.length > 0 && idle < queues.length; i = (i + 1) % queues.length) {
    const job = await claimJob(queues[i]!);
    if (!job) {
      idle++;
      continue;
    }
    idle = 0;
    await runJob(job);
    ran++;
  }
  return ran;
}

type Worker = { stop: () => Promise<void> };

/**
 * Starts every lane's workers (LANE_CONCURRENCY each) over the registered handlers and pg-boss's maintenance
 * (expiry of dead workers' jobs, archiving); each worker polls its lane's queues (and wakes on NOTIFY) until
 * stopped, and on stop finishes the job in hand and takes no other.
 */
export function startWorker({ pollMs = 1000 } = {}): Worker {
  let running = true;
  const wakers = new Set<() => void>();
  const current = new Set<Promise<unknown>>();
  let unlisten: (() => Promise<void>) | null = null;
  let listening: Promise<unknown> | null = null;
  const listen = () => {
    listening ??= listenForNotifications("jobs", () => {
      for (const wake of wakers) wake();
    })
      .then((stop) => {
        unlisten = stop;
      })
      .catch(() => {
        listening = null; // the database is away: polled meanwhile, tried again at the next round
      });
  };

  const maintenance = new PgBoss({
    db: poolExecutor,
    schema: SCHEMA,
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: Math.max(1, Math.round(env.JOB_LOCK_TIMEOUT_SECONDS / 2)),
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 24 * 3600,
    deleteAfterDays: 1, // with a day in the live table: FINISHED_JOBS_KEPT_DAYS
  });
  maintenance.on("error", (error) => {
    if (!isDatabaseUnavailable(error)) console.error("[jobs] maintenance:", error);
  });
  void maintenance.start().catch((error) => {
    if (!isDatabaseUnavailable(error)) console.error("[jobs] maintenance:", error);
  });

  const lanes = new Map<JobLane, string[]>();
  for (const [queue, { lane }] of handlers) lanes.set(lane, [...(lanes.get(lane) ?? []), queue]);

  const loop = async (queues: string[]) => {
    while (running) {
      listen();
      const pass = drainJobs(queues, () => running).catch((error) => {
        // While the database is away every poll fails at once; the outage is logged once by the pool's monitor.
        if (!isDatabaseUnavailable(error)) console.error("[jobs] worker:", error);
      });
      current.add(pass);
      await pass;
      current.delete(pass);
      if (!running) break;
      await new Promise<void>((resolve) => {
        const wake = () => {
          wakers.delete(wake);
          resolve();
        };
        wakers.add(wake);
        setTimeout(wake, pollMs).unref();
      });
    }
  };
  for (const [lane, queues] of lanes) {
    for (let n = 0; n < LANE_CONCURRENCY[lane]; n++) void loop(queues);
  }
  return {
    stop: async () => {
      running = false;
      for (const wake of [...wakers]) wake();
      await Promise.all([...current]);
      await maintenance.stop({ graceful: false, close: false }).catch(() => {});
      await unlisten?.().catch(() => {});
    },
  };
}

// ------------------------------------------------------------------------------------------ recurring tasks

/**
 * A task run every `intervalMs` by exactly one instance: each run is a job of a `stately` queue (one waiting
 * and one running at most) that does the work, then enqueues the next run. Calling scheduleRecurringTask at
 * every boot is safe: the waiting run is not duplicated, and never runs beside the running one. A run that could
 * not enqueue its successor (the database went away) fails and is retried, so the chain is never lost.
 */
export function registerRecurringTask(name: string, intervalMs: number, task: () => Promise<void>): void {
  const queue = `recurring:${name}`;
  registerJobHandler(
    queue,
    async () => {
      try {
        await task();
      } catch (error) {
        // A failed run is not retried: the next run is only an interval away.
        console.error(`[jobs] recurring task ${name} failed:`, error);
      }
      // Throws when the database is away: the run is retried, so the chain is never lost.
      await enqueueJob(queue, {}, { runAt: new Date(Date.now() + intervalMs), singletonKey: name, maxAttempts: 1000 });
    },
    { lane: "recurring", policy: "stately" },
  );
}

export async function scheduleRecurringTask(name: string): Promise<void> {
  await enqueueJob(`recurring:${name}`, {}, { singletonKey: name, maxAttempts: 1000 });
}

// ---------------------------------------------------------------------------------------------- inspection

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** The jobs of a queue still in pg-boss's live table, oldest first (for tests and operators). */
export async function jobsOf(
  queue: string,
): Promise<Array<{ id: string; payload: unknown; state: JobState; attempts: number; error: string | null }>> {
  const { rows } = await poolExecutor.executeSql(
    `select id, data, state, retry_count, started_on is not null as started, output
       from ${SCHEMA}.job where name = $1 order by created_on, id`,
    [queue],
  );
  return rows.map((row) => {
    const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
    const output = parse(row.output) as { message?: string; value?: { message?: string } } | null;
    const state = row.state as JobState;
    return {
      id: String(row.id),
      payload: parse(row.data),
      state,
      attempts: Number(row.retry_count) + (row.started ? 1 : 0),
      error: state === "completed" ? null : (output?.message ?? output?.value?.message ?? null),
    };
  });
}

/** How many jobs of a queue are due and not yet taken. */
export async function dueJobCount(queue: string): Promise<number> {
  const { rows } = await poolExecutor.executeSql(
    `select count(*)::int as n from ${SCHEMA}.job where name = $1 and state < 'active' and start_after <= now()`,
    [queue],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * pg-boss's expiry pass (the maintenance loop of startWorker runs it every half JOB_LOCK_TIMEOUT_SECONDS): jobs
 * whose worker stopped renewing them are failed, so retried with backoff, or given up after their last attempt.
 */
export async function expireAbandonedJobs(): Promise<void> {
  await client().expire();
}
