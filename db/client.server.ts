import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * The one database pool of the process, created on first use. `DATABASE_URL` is set before the first query: by
 * the operator, or by server.ts when it runs the embedded PostgreSQL.
 *
 * Outages (decision 006): every connection has a connect timeout and a statement timeout, and server.ts starts a
 * monitor that pings the database twice a second on a connection of its own. When two pings in a row go
 * unanswered for DATABASE_PING_TIMEOUT_MS (1 s) each, the database is "down": the pool is thrown away (queries stuck on a frozen server fail at once), and every query fails fast with
 * a DatabaseUnavailableError, which the routes answer with a 503 (app/utils/outage.server.ts), until a ping
 * succeeds again. LISTEN runs on a connection of its own (listenForNotifications), re-established at recovery.
 */
type Pool = { sql: postgres.Sql; db: Database };
/** The app's drizzle database (what `db` stands for). */
export type Database = ReturnType<typeof drizzle<typeof schema>>;
/** A transaction of it: the `tx` of `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Listener = {
  channel: string;
  onNotify: (payload: string) => void;
  onListen: () => void;
  /** the listening ended for good (closePool): listen again to hear anything */
  onLost: () => void;
  unlisten?: () => Promise<void>;
};
type Health = {
  down: boolean;
  downSince: number;
  checking: boolean;
  monitor?: NodeJS.Timeout;
  pinger?: postgres.Sql;
  notifications?: postgres.Sql;
  listeners: Set<Listener>;
};
let currentPool: Pool | undefined;
const health: Health = { down: false, downSince: 0, checking: false, listeners: new Set() };

/** The database settings (documented in .env.example and validated in app/utils/env.server.ts). */
export function databaseSettings() {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    poolSize: number("DATABASE_POOL_SIZE", 10),
    connectTimeoutSeconds: number("DATABASE_CONNECT_TIMEOUT_SECONDS", 2),
    statementTimeoutMs: number("DATABASE_STATEMENT_TIMEOUT_MS", 3000),
    pingTimeoutMs: number("DATABASE_PING_TIMEOUT_MS", 1000),
  };
}

function clientOptions(max: number): postgres.Options<Record<string, postgres.PostgresType>> {
  const settings = databaseSettings();
  return {
    max,
    idle_timeout: 30,
    connect_timeout: settings.connectTimeoutSeconds,
    onnotice: () => {},
    connection: {
      statement_timeout: settings.statementTimeoutMs,
      // A transaction left open by a request that was answered anyway must not hold its locks for long.
      idle_in_transaction_session_timeout: Math.max(10_000, settings.statementTimeoutMs * 4),
    },
  };
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts");
  return url;
}

function createPool(): Pool {
  const sql = postgres(databaseUrl(), clientOptions(databaseSettings().poolSize));
  return { sql, db: drizzle(sql, { schema }) };
}

function pool(): Pool {
  if (health.down) throw new DatabaseUnavailableError();
  return (currentPool ??= createPool());
}

export const db = new Proxy({} as Pool["db"], {
  get: (_target, key) => Reflect.get(pool().db, key),
});

/**
 * A query prepared once per pool: drizzle builds its SQL once and PostgreSQL parses and plans it once per
 * connection (a named statement). A plain drizzle query is rebuilt and sent unnamed, so re-planned, on every
 * call: for the forum's topic list that was 1.2 ms of CPU and 2.1 ms of wall time against 0.3 and 0.5 prepared.
 * Values are passed with `sql.placeholder(name)`. Use it for the reads every page makes.
 */
export function preparedQuery<T>(name: string, create: (db: Pool["db"]) => T): () => T {
  return () => {
    const current = pool();
    let queries = preparedByPool.get(current);
    if (!queries) preparedByPool.set(current, (queries = new Map()));
    let query = queries.get(name) as T | undefined;
    if (!query) queries.set(name, (query = create(current.db)));
    return query;
  };
}
const preparedByPool = new WeakMap<Pool, Map<string, unknown>>();

/**
 * The pool's postgres.js client, for tests and scripts that set up or inspect rows directly. The app reads and
 * writes through `db` (drizzle's query builder, or its `sql` template where the builder has no words for a
 * clause: decision 106). drizzle makes this client pass dates and JSON through as text: send timestamps as ISO
 * strings (`${d.toISOString()}::timestamptz`), JSON as `${JSON.stringify(v)}::jsonb`, and expect timestamps back
 * as strings.
 */
export function rawSql(): postgres.Sql {
  return pool().sql;
}

/** Thrown by every query while the monitor knows the database is unreachable. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  constructor() {
    super("The database is unreachable.");
    this.name = "DatabaseUnavailableError";
  }
}

const unavailableCodes = new Set([
  "DATABASE_UNAVAILABLE",
  // postgres.js
  "CONNECTION_DESTROYED",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  // the network
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, starting up, crashed, full, statement timeout
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
]);

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) says the database cannot answer now, as opposed
 * to a mistake in a query: the first is a 503 (try again shortly), the second stays a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether the monitor found the database unreachable at its last ping. */
export function isDatabaseDown(): boolean {
  return health.down;
}

/**
 * `promise`, or a timeout error after `ms`. The timeout is decided only after the event loop has read what
 * arrived meanwhile (setImmediate runs after I/O): a process busy for a while (a password hash, a big render)
 * must not take a late answer for a missing one.
 */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => setImmediate(() => reject(Object.assign(new Error("database timeout"), { code: "ETIMEDOUT" }))),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

const log = (message: string) => console.log(`[db] ${message}`);

async function ping(timeoutMs: number): Promise<boolean> {
  const pinger = (health.pinger ??= postgres(databaseUrl(), { ...clientOptions(1), idle_timeout: 0 }));
  try {
    await withTimeout(pinger`select 1`, timeoutMs);
    return true;
  } catch {
    // A frozen server leaves the connection hanging: start afresh at the next ping.
    if (health.pinger === pinger) health.pinger = undefined;
    void pinger.end({ timeout: 0 }).catch(() => {});
    return false;
  }
}

function markDown() {
  health.down = true;
  health.downSince = Date.now();
  log("database unreachable: answering 503 until it is back");
  const current = currentPool;
  currentPool = undefined;
  void current?.sql.end({ timeout: 0 }).catch(() => {});
}

async function markUp(): Promise<void> {
  // Listeners first: no write can happen here before this instance hears about it again.
  const previous = health.notifications;
  health.notifications = undefined;
  void previous?.end({ timeout: 0 }).catch(() => {});
  try {
    for (const listener of health.listeners)
      await withTimeout(listenOn(listener), databaseSettings().pingTimeoutMs * 2);
  } catch {
    return; // not quite back: the next ping tries again
  }
  health.down = false;
  log(`database reachable again after ${((Date.now() - health.downSince) / 1000).toFixed(1)} s`);
}

async function check() {
  if (health.checking) return;
  health.checking = true;
  try {
    const { pingTimeoutMs } = databaseSettings();
    // Down after two pings in a row went unanswered (the second on a new connection), up after one answer.
    const ok = (await ping(pingTimeoutMs)) || (!health.down && (await ping(pingTimeoutMs)));
    if (!ok && !health.down) markDown();
    else if (ok && health.down) await markUp();
  } catch (error) {
    log(`monitor: ${String(error)}`);
  } finally {
    health.checking = false;
  }
}

/** Started by server.ts in every process that serves requests. */
export function startDatabaseMonitor({ intervalMs = 500 } = {}): void {
  if (health.monitor) return;
  health.monitor = setInterval(() => void check(), intervalMs);
  health.monitor.unref();
}

export function stopDatabaseMonitor(): void {
  if (health.monitor) clearInterval(health.monitor);
  health.monitor = undefined;
}

async function listenOn(listener: Listener): Promise<void> {
  const client = (health.notifications ??= postgres(databaseUrl(), { ...clientOptions(1), idle_timeout: 0 }));
  const meta = await client.listen(listener.channel, listener.onNotify, listener.onListen);
  listener.unlisten = meta.unlisten;
}

/**
 * LISTEN on `channel`, on a connection of its own that outlives pool replacements: `onListen` runs each time
 * the listening (re)starts (what was announced meanwhile is unknown), `onLost` when closePool ends it. Rejects when the database cannot be
 * reached now (the caller tries again later); once it resolved, the monitor re-establishes it after an outage.
 * Resolves to a function that stops listening.
 */
export async function listenForNotifications(
  channel: string,
  onNotify: (payload: string) => void,
  { onListen = () => {}, onLost = () => {} }: { onListen?: () => void; onLost?: () => void } = {},
): Promise<() => Promise<void>> {
  const listener: Listener = { channel, onNotify, onListen, onLost };
  await withTimeout(listenOn(listener), databaseSettings().pingTimeoutMs * 2);
  health.listeners.add(listener);
  return async () => {
    health.listeners.delete(listener);
    await listener.unlisten?.().catch(() => {});
  };
}

/**
 * Ends every connection of the process: waits up to `timeoutSeconds` for queries in progress (none when the
 * database is known to be down), then drops them.
 */
export async function closePool({ timeoutSeconds = 5 } = {}): Promise<void> {
  stopDatabaseMonitor();
  const timeout = health.down ? 0 : timeoutSeconds;
  const current = currentPool;
  currentPool = undefined;
  const others = [health.notifications, health.pinger];
  health.notifications = undefined;
  health.pinger = undefined;
  const lost = [...health.listeners];
  health.listeners.clear();
  for (const listener of lost) listener.onLost();
  await Promise.all([current?.sql.end({ timeout }), ...others.map((client) => client?.end({ timeout: 0 }))]);
}

/** For /readyz: answers within `timeoutMs` (a frozen database does not answer at all). */
export async function isDatabaseReachable(timeoutMs = 900): Promise<boolean> {
  if (health.down) return false;
  try {
    await withTimeout(pool().sql`select 1`, timeoutMs);
    return true;
  } catch {
    return false;
  }
}

export { schema };
