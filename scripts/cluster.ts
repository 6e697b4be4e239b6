/**
 * `npm run cluster -- [N]`: the site as several machines run it, on this one. One PostgreSQL (DATABASE_URL, or the
 * embedded one in .data/), N instances of the production build (`node build/server.js`, built first when stale),
 * each with a DATA_DIR of its own (.data/cluster/1, /2, …) and a loopback port, all with the same secrets
 * (generated once into .data/cluster, mode 0600) and PUBLIC_URL the balancer's address; Debian's HAProxy in front
 * on one port (installed with apt when missing), its configuration made from scripts/haproxy.cfg. Ctrl-C or SIGTERM
 * stops everything it started, by process id. The test of the cluster (tests/integration/cluster.test.ts) starts
 * it through `startCluster` below.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { keptSecret } from "../app/utils/kept-secret.server";
import { freePort } from "../db/embedded";
import { startAppServer } from "./app-server";
import { buildIfStale } from "./build-if-stale";
import { openScriptDatabase } from "./database";
import { ensureDebianPackages } from "./debian-packages";

const root = path.resolve(import.meta.dirname, "..");

/** Debian's HAProxy, by package name and the program it provides (scripts/test.ts installs it for the test). */
export const HAPROXY_PACKAGE = { haproxy: "/usr/sbin/haproxy" };

/** How often HAProxy asks each instance's /readyz; two failed answers take an instance out, two good ones in. */
export const CHECK_INTERVAL_MS = 500;
/**
 * How long an instance answers /readyz with 503 after SIGTERM before it closes its port: longer than HAProxy takes
 * to see two failed checks (2 × CHECK_INTERVAL_MS, plus a check in progress and a loaded machine's delay).
 */
export const READINESS_DELAY_MS = 3000;

export type ClusterInstance = {
  /** 1, 2, 3…: the HAProxy server is `app<index>`, its data folder `<dataRoot>/<index>` */
  readonly index: number;
  readonly port: number;
  /** the instance's own address, bypassing HAProxy */
  readonly base: string;
  readonly dataDir: string;
  /** the running process's id, undefined while stopped */
  readonly pid: number | undefined;
  /** SIGTERM, and wait for the process to exit (it drains first: decision 008) */
  stop(): Promise<void>;
  /** SIGKILL, and wait for the process to be gone */
  kill(): Promise<void>;
  /** starts the instance again (after stop or kill) on its port, with its folder; resolves once /healthz answers */
  start(): Promise<void>;
};

export type Cluster = {
  /** the balancer's address: the site's PUBLIC_URL */
  readonly base: string;
  /** HAProxy's statistics page (its CSV at `${statsBase}/;csv`) */
  readonly statsBase: string;
  readonly instances: ClusterInstance[];
  /** Each HAProxy server's state as its checks see it (UP, DOWN, …), by instance index. */
  serverStates(): Promise<Map<number, string>>;
  /** HAProxy's counters for all instances together: requests it tried again, and those it sent to another. */
  retryCounts(): Promise<{ retries: number; redispatches: number }>;
  /** Waits until HAProxy's checks say `state` for the instance (e.g. "UP" after a start). */
  waitForState(index: number, state: string, timeoutMs?: number): Promise<void>;
  /**
   * Restarts every instance in turn, as a deploy does: SIGTERM (HAProxy drains it), start it anew, wait until
   * HAProxy's checks see it UP, then the next. `onStep` hears each step.
   */
  rollingRestart(onStep?: (line: string) => void): Promise<void>;
  /** Stops every instance (SIGTERM, in parallel), then HAProxy. */
  stop(): Promise<void>;
};

export type ClusterOptions = {
  size: number;
  /** the one PostgreSQL every instance uses */
  databaseUrl: string;
  /** holds the shared secrets, the HAProxy configuration and a data folder per instance */
  dataRoot: string;
  /** more environment for every instance (over the cluster's defaults; the cluster's own settings win) */
  env?: Record<string, string | undefined>;
  /** each line an instance prints (stdout and stderr); its stderr goes to this process's when not given */
  onInstanceOutput?: (index: number, line: string) => void;
  /** HAProxy's output (warnings: servers going DOWN and UP); stderr of this process when not given */
  onBalancerOutput?: (line: string) => void;
};

/** The configuration HAProxy runs with, from the template in scripts/haproxy.cfg. */
export function haproxyConfig({
  bind,
  statsBind,
  servers,
}: {
  bind: string;
  statsBind: string;
  servers: Array<{ name: string; address: string }>;
}): string {
  const fields: Record<string, string> = {
    BIND: bind,
    STATS_BIND: statsBind,
    CHECK_INTERVAL_MS: String(CHECK_INTERVAL_MS),
    SERVERS: servers.map((server) => `    server ${server.name} ${server.address}`).join("\n"),
  };
  return readFileSync(path.join(root, "scripts/haproxy.cfg"), "utf8").replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    const value = fields[name as string];
    if (value === undefined) throw new Error(`scripts/haproxy.cfg: unknown field {{${name}}}`);
    return value;
  });
}

/** Calls `onLine` with each whole line a stream carries. */
function eachLine(stream: NodeJS.ReadableStream | null | undefined, onLine: (line: string) => void) {
  let rest = "";
  stream?.on("data", (chunk) => {
    const lines = (rest + String(chunk)).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  stream?.on("end", () => rest && onLine(rest));
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts N instances and HAProxy in front of them, and resolves once HAProxy's checks see every instance UP. The
 * build must exist (`buildIfStale` first); migrations are applied by each instance under an advisory lock.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  ensureDebianPackages(HAPROXY_PACKAGE, (line) => console.log(`[cluster] ${line}`));
  mkdirSync(options.dataRoot, { recursive: true });
  const balancerPort = await freePort();
  const statsPort = await freePort();
  const base = `http://127.0.0.1:${balancerPort}`;
  // One set of secrets for every instance: a cookie signed by one is read by all (each would otherwise make its own).
  const secrets = {
    SESSION_SECRET: keptSecret(options.dataRoot, "session-secret"),
    IP_HASH_SECRET: keptSecret(options.dataRoot, "ip-hash-secret"),
    TOTP_SECRET_KEY: keptSecret(options.dataRoot, "totp-secret-key"),
    BACKUP_SIGNING_KEY: keptSecret(options.dataRoot, "backup-signing-key"),
  };

  const instances: Array<ClusterInstance & { child?: ChildProcess }> = [];
  const ports: number[] = [];
  for (let i = 0; i < options.size; i++) ports.push(await freePort());

  const makeInstance = (index: number, port: number) => {
    const dataDir = path.join(options.dataRoot, String(index));
    let child: ChildProcess | undefined;
    const instance = {
      index,
      port,
      base: `http://127.0.0.1:${port}`,
      dataDir,
      get pid() {
        return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
      },
      async start() {
        const server = await startAppServer(
          {
            RUN_JOBS: "true",
            ...options.env,
            DATABASE_URL: options.databaseUrl,
            DATA_DIR: dataDir,
            HOST: "127.0.0.1",
            PORT: String(port),
            PUBLIC_URL: base,
            WEB_CONCURRENCY: "1",
            SHUTDOWN_READINESS_DELAY_MS: String(READINESS_DELAY_MS),
            // Time for a request in flight (speech on a loaded machine takes seconds) to finish after SIGTERM.
            SHUTDOWN_TIMEOUT_SECONDS: options.env?.SHUTDOWN_TIMEOUT_SECONDS ?? "30",
            ...secrets,
          },
          { port, stdout: "pipe", stderr: options.onInstanceOutput ? "pipe" : "inherit" },
        );
        child = server.child;
        eachLine(child.stdout, (line) => options.onInstanceOutput?.(index, line));
        eachLine(child.stderr, (line) => options.onInstanceOutput?.(index, line));
      },
      async stop() {
        if (!child) return;
        if (instance.pid !== undefined) child.kill("SIGTERM");
        await exitOf(child);
      },
      async kill() {
        if (!child) return;
        if (instance.pid !== undefined) child.kill("SIGKILL");
        await exitOf(child);
      },
    };
    return instance;
  };
  let haproxy: ChildProcess | undefined;
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
      haproxy.kill("SIGTERM");
      await exitOf(haproxy);
    }
  };

  try {
    // One at a time: the first applies the migrations (under an advisory lock) while the others would wait on it.
    for (let i = 0; i < options.size; i++) {
      const instance = makeInstance(i + 1, ports[i]!);
      instances.push(instance);
      await instance.start();
    }
    const configFile = path.join(options.dataRoot, "haproxy.cfg");
    writeFileSync(
      configFile,
      haproxyConfig({
        bind: `127.0.0.1:${balancerPort}`,
        statsBind: `127.0.0.1:${statsPort}`,
        servers: instances.map((instance) => ({ name: `app${instance.index}`, address: `127.0.0.1:${instance.port}` })),
      }),
    );
    // -db: in the foreground, a child of this process (stopped by its pid); -W would fork a master.
    haproxy = spawn(HAPROXY_PACKAGE.haproxy, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
    const onBalancer = options.onBalancerOutput ?? ((line: string) => console.error(`[haproxy] ${line}`));
    eachLine(haproxy.stdout, onBalancer);
    eachLine(haproxy.stderr, onBalancer);
  } catch (error) {
    await stopAll();
    throw error;
  }

  const statsBase = `http://127.0.0.1:${statsPort}`;
  /** HAProxy's statistics CSV: one row per proxy and server, as objects keyed by its columns. */
  const statsRows = async () => {
    const csv = await fetch(`${statsBase}/;csv`).then((r) => r.text());
    const [header, ...lines] = csv.replace(/^# /, "").trim().split("\n");
    const columns = header!.split(",");
    return lines.map((line) => {
      const cells = line.split(",");
      return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""]));
    });
  };
  const serverStates = async () => {
    const states = new Map<number, string>();
    for (const row of await statsRows()) {
      const match = /^app(\d+)$/.exec(row.svname ?? "");
      if (row.pxname === "instances" && match) states.set(Number(match[1]), row.status ?? "");
    }
    return states;
  };
  const retryCounts = async () => {
    const backend = (await statsRows()).find((row) => row.pxname === "instances" && row.svname === "BACKEND");
    return { retries: Number(backend?.wretr || 0), redispatches: Number(backend?.wredis || 0) };
  };
  const waitForState = async (index: number, state: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: string | undefined;
    while (Date.now() < deadline) {
      last = await serverStates().then(
        (states) => states.get(index),
        () => undefined,
      );
      if (last === state) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`HAProxy saw instance ${index} as ${last ?? "nothing"}, not ${state}, for ${timeoutMs} ms`);
  };
  const rollingRestart = async (onStep: (line: string) => void = () => {}) => {
    for (const instance of instances) {
      const pid = instance.pid;
      await instance.stop();
      onStep(`instance ${instance.index} (pid ${pid}) stopped`);
      await instance.start();
      await waitForState(instance.index, "UP");
      onStep(`instance ${instance.index} started again (pid ${instance.pid}) and UP`);
    }
  };
  const cluster: Cluster = {
    base,
    statsBase,
    instances,
    serverStates,
    retryCounts,
    waitForState,
    rollingRestart,
    stop: stopAll,
  };
  try {
    for (const instance of instances) await waitForState(instance.index, "UP");
  } catch (error) {
    await stopAll();
    throw error;
  }
  return cluster;
}

async function main() {
  const size = Number(process.argv[2] ?? 3);
  if (!Number.isInteger(size) || size < 1 || size > 16) {
    console.error("Usage: npm run cluster -- [instances, 1 to 16; 3 when not given]");
    process.exit(2);
  }
  const log = (line: string) => console.log(`[cluster] ${line}`);
  buildIfStale(log);
  // DATABASE_URL's server, or the embedded one in .data/ (that of a running `npm start`, or one started here).
  const database = await openScriptDatabase();
  const dataRoot = path.resolve(process.env.CLUSTER_DATA_DIR || path.join(process.env.DATA_DIR || ".data", "cluster"));
  let stopping = false;
  // Started at once, so that a signal during the start waits for it and then stops what it started.
  const starting = startCluster({
    size,
    databaseUrl: process.env.DATABASE_URL!,
    dataRoot,
    env: { LOG_REQUESTS: process.env.LOG_REQUESTS ?? "false", SEED_DEMO_CONTENT: process.env.SEED_DEMO_CONTENT },
    onInstanceOutput: (index, line) => console.log(`[${index}] ${line}`),
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the instances and HAProxy`);
    await starting.then(
      (cluster) => cluster.stop(),
      () => {},
    );
    await database.close().catch(() => {});
    log("stopped");
    process.exit(0);
  };
  // The embedded database's library ends this process on SIGHUP (async-exit-hook) before the instances are stopped.
  process.removeAllListeners("SIGHUP");
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(signal));
  const cluster = await starting;
  if (stopping) return;
  log(`${size} instances behind HAProxy, one PostgreSQL:`);
  log(`  the site:        ${cluster.base}  (HAProxy, round robin, checks /readyz every ${CHECK_INTERVAL_MS} ms)`);
  log(`  HAProxy's stats: ${cluster.statsBase}  (each instance UP or DOWN, requests, retries, errors)`);
  for (const instance of cluster.instances)
    log(`  instance ${instance.index}:     ${instance.base}  pid ${instance.pid}, DATA_DIR ${instance.dataDir}`);
  log(`A rolling restart of every instance: kill -USR2 ${process.pid}. Ctrl-C stops everything.`);
  // An instance that dies is not restarted here (this is a playground, not a supervisor): HAProxy takes it out.
  let restarting = false;
  process.on("SIGUSR2", () => {
    if (restarting || stopping) return;
    restarting = true;
    log("SIGUSR2: rolling restart");
    cluster
      .rollingRestart(log)
      .then(() => log("rolling restart done"))
      .catch((error) => console.error("[cluster] rolling restart failed:", error))
      .finally(() => (restarting = false));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
