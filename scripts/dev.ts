/**
 * `npm run dev`: the site in development mode, rebuilt and restarted on every change (decision 103).
 *
 *  1. The database, once: DATABASE_URL, or an embedded PostgreSQL in DATA_DIR (`.data`), migrated.
 *  2. `remix watch` rebuilds build/index.js and public/build (a development build) on a change under app/;
 *     esbuild rebuilds build/server.js and the workers (scripts/build-server.ts) on a change to server.ts, db/ or
 *     a worker.
 *  3. The server (`node build/server.js`, NODE_ENV=development) is restarted after each rebuild, so the next
 *     request is answered by the changed code: reload the page in the browser. A restart takes a second or two
 *     (the database keeps running), and no state of the old build lingers in the new process.
 *
 * Ctrl-C stops the server, the watchers and the embedded database.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { PRODUCTION_SERVER } from "./app-server";
import { BUILD_STAMP } from "./build-if-stale";
import { watchServer } from "./build-server";

const root = path.resolve(import.meta.dirname, "..");
const log = (message: string) => console.log(`[dev] ${message}`);
process.env.NODE_ENV = "development";

async function prepareDatabase(): Promise<EmbeddedDatabase | undefined> {
  if (process.env.DATABASE_URL) {
    await runMigrations(process.env.DATABASE_URL);
    return undefined;
  }
  const { env } = await import("../app/utils/env.server");
  log(`database: PostgreSQL of its own in ${env.DATA_DIR} (DATABASE_URL unset)`);
  const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, database: "app", supervise: {} });
  process.env.DATABASE_URL = embedded.url("app");
  await runMigrations(process.env.DATABASE_URL);
  return embedded;
}

/** The server process: one at a time, replaced after each rebuild once both halves of the build are there. */
function serverRunner() {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let ready = { remix: false, server: false };

  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    child = undefined;
  };
  const start = () => {
    const started = spawn(process.execPath, [PRODUCTION_SERVER], { cwd: root, stdio: "inherit", env: process.env });
    exited = new Promise((resolve) => started.once("exit", () => resolve()));
    child = started;
  };
  return {
    /** One half of the build is (re)built; the server (re)starts once both are, 100 ms after the last change. */
    built(half: keyof typeof ready) {
      ready = { ...ready, [half]: true };
      if (!ready.remix || !ready.server) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        queue = queue.then(async () => {
          if (child) log("rebuilt: restarting the server");
          await stop();
          start();
        });
      }, 100);
    },
    async close() {
      clearTimeout(timer);
      await queue;
      await stop();
    },
  };
}

async function main() {
  // The development build replaces the production one in build/: the next `npm start` must build again.
  rmSync(BUILD_STAMP, { force: true });
  const embedded = await prepareDatabase();
  const server = serverRunner();
  const esbuild = await watchServer(() => server.built("server"));
  const remix = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "watch"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  remix.stdout!.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (/Rebuilt in/.test(String(chunk))) server.built("remix");
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    remix.kill("SIGINT");
    await Promise.all([esbuild.dispose(), server.close()]);
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
  remix.once("exit", (code) => {
    if (stopping) return;
    log(`remix watch exited (${code})`);
    void shutdown();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
