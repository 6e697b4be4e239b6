import { sql as drizzleSql } from "drizzle-orm";
import { fromDrizzle, PgBoss, systemClock, type Clock, type Db } from "pg-boss";
import type postgres from "postgres";
import { db, isDatabaseUnavailable, listenForNotifications, rawSql, type Transaction } from "#db/client.server";
import { JOB_SCHEMA, postgresDb } from "#db/pg-boss";
import { jobCarryover } from "#db/schema";
import { env } from "~/utils/env.server";

/**
 * Background jobs on pg-boss (decisions 160, 380), through its public API only, over the site's own postgres.js
 * pool (its `db` adapter), so the outage behaviour of decision 006 holds for the queue as for every query: while
 * the database is away each poll fails at once and the worker waits for the next.
 *
 * What pg-boss does: the jobs' storage (schema `pgboss`, its own migrations, applied by db/migrate.ts), claiming
 * with SKIP LOCKED, retries with exponential backoff, the heartbeat that tells a dead worker's job from a live
 * one (decision 009: only a dead worker's job expires, however long a live one runs), singleton keys, deleting
 * finished jobs. What stays here, behind the same API as before (`enqueueJob`, `registerJobHandler`,
 * `registerRecurringTask`, `scheduleRecurringTask`, `startWorker`, `drainJobs`):
 * - **lanes**: each handler belongs to a lane (`mail`, `notify`, `conversion`, `recurring`, `default`) with its
 *   own workers, so no number of conversions delays a mail (issue 33), and no number of notifications delays the
 *   mail a member asked for (a reset, a verification) or a security notice (decision 290);
 * - enqueue **in the caller's transaction** (drizzle's or postgres.js's), with a NOTIFY at commit that wakes the
 *   workers at once.
 *
 * Queue names are pg-boss's kind: letters, digits, `_`, `-`, `.` and `/` (`forum/reply-notification`).
 */

/** Finished background jobs (ids of posts to notify about, of models to convert) are kept this long. */
export const FINISHED_JOBS_KEPT_DAYS = 2;

/**
 * The longest a job may run, alive or not: pg-boss's most (24 hours). A live job is told from a dead one by its
 * heartbeat, not by this; it only bounds a run that keeps beating and never ends.
 */
const LONGEST_RUN_SECONDS = 24 * 3600;

/** Recurring tasks' queues: `recurring/<task>`. */
const RECURRING = "recurring/";

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

const poolDb: Db = { executeSql: (text, values) => postgresDb(rawSql()).executeSql(text, values) };

/** pg-boss's timers, unreferenced: a script that enqueued a job ends when its own work does. */
const clock: Clock = {
  ...systemClock,
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
};

/** pg-boss's settings shared by the process's client and the workers' supervisor. */
const bossOptions = {
  db: poolDb,
  schema: JOB_SCHEMA,
  migrate: false, // db/migrate.ts installs and upgrades the schema at start
  schedule: false, // recurring tasks are self-renewing singleton jobs (below), not cron
  registerInstance: false,
  clock,
  monitorIntervalSeconds: 1, // how soon a queue may be supervised again (expireAbandonedJobs; startWorker's own)
} as const;

let boss: PgBoss | null = null;
let started: Promise<PgBoss> | null = null;
/** The process's one pg-boss client (no supervision: startWorker's does it), started on first use. */
function client(): Promise<PgBoss> {
  if (!boss) {
    boss = new PgBoss({ ...bossOptions, supervise: false });
    boss.on("error", (error) => {
      if (!isDatabaseUnavailable(error)) console.error("[jobs] pg-boss:", error);
    });
  }
  const instance = boss;
  started ??= instance.start().catch((error: unknown) => {
    started = null; // tried again at the next use (the database was away)
    throw error;
  });
  return started;
}

const createdQueues = new Map<string, Promise<void>>();
/**
 * Makes sure pg-boss knows the queue (created once per process, then remembered). A caller about to enqueue inside
 * a transaction that holds row locks calls this first, so the first use's setup is not paid while others wait.
 */
export function ensureQueue(queue: string): Promise<void> {
  let created = createdQueues.get(queue);
  if (!created) {
    const policy = handlers.get(queue)?.policy ?? (queue.startsWith(RECURRING) ? "stately" : "standard");
    created = client().then((boss) => boss.createQueue(queue, { policy }));
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
 * Adds a job; returns its id, or null when a waiting job of a `short` or `stately` queue holds the same singleton
 * key. With `tx` the job is written in that transaction: it exists exactly when the change it follows was
 * committed (its NOTIFY is sent at commit too). `maxAttempts` counts the first run (5 by default: four retries
 * with backoff 2^n × JOB_RETRY_BASE_SECONDS).
 */
export async function enqueueJob(
  queue: string,
  payload: unknown,
  options: { runAt?: Date; singletonKey?: string; maxAttempts?: number; tx?: JobTransaction } = {},
): Promise<string | null> {
  const { tx } = options;
  await ensureQueue(queue);
  const db = !tx ? poolDb : typeof tx === "function" ? postgresDb(tx) : fromDrizzle(tx, drizzleSql);
  const id = await (
    await client()
  ).send(queue, (payload ?? {}) as object, {
    startAfter: options.runAt,
    singletonKey: options.singletonKey,
    retryLimit: Math.max(0, (options.maxAttempts ?? 5) - 1),
    retryDelay: env.JOB_RETRY_BASE_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
    // Liveness is the heartbeat's (below); the expiry only bounds a run, at the longest pg-boss allows.
    heartbeatSeconds: env.JOB_LOCK_TIMEOUT_SECONDS,
    expireInSeconds: LONGEST_RUN_SECONDS,
    deleteAfterSeconds: FINISHED_JOBS_KEPT_DAYS * 24 * 3600,
    db,
  });
  if (id) {
    // Workers wake at once instead of at their next poll; in a transaction the NOTIFY is sent at its commit.
    const wake = db.executeSql(`select pg_notify('jobs', $1)`, [queue]);
    if (tx) await wake;
    else await wake.catch(() => {});
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
  const [job] = await (await client()).fetch(queue, { batchSize: 1, includeMetadata: true });
  if (!job) return null;
  const data = typeof job.data === "string" ? JSON.parse(job.data) : job.data;
  const retries = Number(job.retryCount);
  return { id: job.id, queue, payload: data, attempts: retries + 1, lastAttempt: retries >= Number(job.retryLimit) };
}

/** The attempt a worker holds: pg-boss settles or touches a job only while that attempt is still its claim. */
const attemptOf = (job: Job) => ({ id: job.id, retryCount: job.attempts - 1 });

/**
 * Keeps a running job alive (decision 009, 380): each job has pg-boss's heartbeat (`heartbeatSeconds`
 * JOB_LOCK_TIMEOUT_SECONDS), and pg-boss fails and retries an active job whose heartbeat stopped, which means its
 * worker died; a live worker touches its job twice per heartbeat interval, however long it runs.
 */
function keepAlive(job: Job): () => void {
  const timer = setInterval(
    () => {
      void client()
        .then((boss) => boss.touch(job.queue, attemptOf(job)))
        .catch(() => {});
    },
    (env.JOB_LOCK_TIMEOUT_SECONDS * 1000) / 2,
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
    await (await client()).complete(job.queue, attemptOf(job));
  } catch (error) {
    release();
    console.error(`[jobs] ${job.queue}#${job.id} failed:`, error);
    const message = error instanceof Error ? error.message : String(error);
    await client()
      .then((boss) => boss.fail(job.queue, attemptOf(job), { message: message.slice(0, 2000) }))
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
  void handOverCarriedJobs().catch((error) => {
    if (!isDatabaseUnavailable(error)) console.error("[jobs] carried-over jobs:", error);
  });
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

  // pg-boss's supervisor: fails the jobs whose heartbeat stopped (retried with backoff, or given up), deletes
  // finished ones, and runs the index builds a pg-boss upgrade leaves to the background.
  const superviseSeconds = Math.max(1, Math.round(env.JOB_LOCK_TIMEOUT_SECONDS / 2));
  const maintenance = new PgBoss({
    ...bossOptions,
    migrate: true, // the schema is already current (db/migrate.ts): this starts pg-boss's background index builds
    supervise: true,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    maintenanceIntervalSeconds: 3600,
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

/**
 * Hands the jobs that waited in pg-boss 10's schema at the upgrade (migration 0020, decision 380) to the queue, each
 * with the attempts it had left, and deletes them in the same transaction: each is enqueued once, whichever
 * instance's worker starts first.
 */
async function handOverCarriedJobs(): Promise<void> {
  await db.transaction(async (tx) => {
    const carried = await tx.delete(jobCarryover).returning();
    for (const job of carried.sort((a, b) => a.id - b.id)) {
      await enqueueJob(job.queue, job.payload, {
        runAt: job.runAt,
        singletonKey: job.singletonKey ?? undefined,
        maxAttempts: job.retriesLeft + 1,
        tx,
      });
    }
  });
}

// ------------------------------------------------------------------------------------------ recurring tasks

/**
 * A task run every `intervalMs` by exactly one instance: each run is a job of a `stately` queue (one waiting
 * and one running at most) that does the work, then enqueues the next run. Calling scheduleRecurringTask at
 * every boot is safe: the waiting run is not duplicated, and never runs beside the running one. A run that could
 * not enqueue its successor (the database went away) fails and is retried, so the chain is never lost.
 */
export function registerRecurringTask(name: string, intervalMs: number, task: () => Promise<void>): void {
  const queue = `${RECURRING}${name}`;
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
  await enqueueJob(`${RECURRING}${name}`, {}, { singletonKey: name, maxAttempts: 1000 });
}

// ---------------------------------------------------------------------------------------------- inspection

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** The jobs of a queue that pg-boss still keeps, oldest first (for tests and operators). */
export async function jobsOf(
  queue: string,
): Promise<Array<{ id: string; payload: unknown; state: JobState; attempts: number; error: string | null }>> {
  await ensureQueue(queue);
  const jobs = await (await client()).findJobs(queue, { limit: 100_000 });
  return jobs.map((job) => {
    const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
    const output = parse(job.output) as { message?: string; value?: { message?: string } } | null;
    return {
      id: job.id,
      payload: parse(job.data),
      state: job.state,
      attempts: Number(job.retryCount) + (job.startedOn ? 1 : 0),
      error: job.state === "completed" ? null : (output?.message ?? output?.value?.message ?? null),
    };
  });
}

/** How many jobs of a queue are due and not yet taken. */
export async function dueJobCount(queue: string): Promise<number> {
  await ensureQueue(queue);
  const waiting = await (await client()).findJobs(queue, { queued: true, limit: 100_000 });
  const now = Date.now();
  return waiting.filter((job) => new Date(job.startAfter).getTime() <= now).length;
}

/**
 * pg-boss's supervision pass for one queue, as startWorker's supervisor runs it every half
 * JOB_LOCK_TIMEOUT_SECONDS: jobs whose heartbeat stopped are failed, so retried with backoff, or given up after
 * their last attempt. pg-boss takes a queue at most once a second (its monitor interval).
 */
export async function expireAbandonedJobs(queue: string): Promise<void> {
  await ensureQueue(queue);
  await (await client()).supervise(queue);
}
