import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createDocumentHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded";
import { runMigrations } from "./db/migrate";

/**
 * The one process that serves pages, resource routes and assets. Boot order: the Remix build, the database (the
 * operator's DATABASE_URL, or an embedded PostgreSQL in DATA_DIR), migrations, background workers, HTTP.
 *
 * Runs as JavaScript: `npm run build` bundles this file into build/server.js (scripts/build-server.ts) next to
 * the Remix build, build/index.js. Everything of the app it uses (settings, database pool, middleware, page
 * cache) it takes from that build's entry module, so each module exists once in the process (decision 103).
 */
type Entry = typeof import("./app/entry.server");

const buildFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "index.js");
if (!existsSync(buildFile)) throw new Error(`No Remix build at ${buildFile}: run \`npm run build\` first.`);
const loadedBuild = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
const {
  allowServedMethods,
  answerDatabaseOutages,
  applyConnectionTimeouts,
  closeConnectionsWhileDraining,
  closePool,
  cspNonce,
  drainUnreadBody,
  env,
  errorAnswer,
  guardBuild,
  guardCacheControl,
  hostForRemixOriginCheck,
  installGracefulShutdown,
  isDatabaseReachable,
  isDraining,
  isProduction,
  logDroppedQueries,
  noteReadinessAnswer,
  paceResponses,
  pageCache,
  requestId,
  requestLog,
  requireOriginForm,
  retryAfterOn503,
  shareReadsPerPageView,
  startBackgroundWork,
  startDatabaseMonitor,
  stopBackgroundWork,
  withCheckedBodies,
} = loadedBuild.entry.module as Entry;
// A page's loaders read its session and visitor once, keyed by its load context (decisions 111, 270).
const remixBuild = shareReadsPerPageView(loadedBuild);

const log = (message: string) => console.log(`[server] ${message}`);

/** The operator's database, or the embedded one started here; migrated either way. */
async function prepareDatabase(): Promise<EmbeddedDatabase | undefined> {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    // the default, not a fault: one line that says what runs and what changes it (several instances need one server)
    log(`database: PostgreSQL of its own in ${env.DATA_DIR} (for several instances, set DATABASE_URL)`);
    // Supervised: restarted when it exits or hangs (decision 007).
    embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, database: "app", supervise: {} });
    process.env.DATABASE_URL = embedded.url("app");
  }
  await runMigrations(process.env.DATABASE_URL!);
  return embedded;
}

/**
 * With WEB_CONCURRENCY > 1 the primary process prepares the database and forks that many HTTP workers sharing
 * the port (rendering React is CPU-bound: one process uses one core). SIGTERM/SIGINT reach every worker, each
 * finishes its requests; the primary then stops the embedded database and exits 0.
 */
async function primary(workers: number) {
  const embedded = await prepareDatabase();
  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: process.env.DATABASE_URL });
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    log(`worker ${worker.process.pid} exited with ${code}: starting another`);
    fork();
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill(signal === "SIGINT" ? "SIGINT" : "SIGTERM");
          }),
      ),
    );
    if (embedded) await embedded.stop().catch(() => {});
    log("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

async function serve(embedded: EmbeddedDatabase | undefined) {
  // Every action behind the write checks and every loader behind one error answer (app/utils/guard-build.server.ts);
  // inside that, a database outage is a 503 (decision 006).
  const build = guardBuild(answerDatabaseOutages(remixBuild));
  startDatabaseMonitor();
  logDroppedQueries(log);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.use(retryAfterOn503);
  app.use(closeConnectionsWhileDraining);
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (isDraining()) return void res.status(503).json({ status: "shutting down" });
    const ok = await isDatabaseReachable();
    noteReadinessAnswer(ok);
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "database unreachable" });
  });

  app.use(requestId);
  app.use(requireOriginForm);
  app.use(drainUnreadBody);
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "media-src": ["'self'", "data:", "blob:"],
          "connect-src": ["'self'"],
          "worker-src": ["'self'", "blob:"],
          // No third-party frames: the site's videos are its own files (app/content/video-embed.tsx).
          "frame-src": ["'self'"],
          "upgrade-insecure-requests": isProduction && env.PUBLIC_URL?.startsWith("https:") ? [] : null,
        },
      },
      strictTransportSecurity: isProduction && !!env.PUBLIC_URL?.startsWith("https:"),
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());
  // After compression: streamed answers wait for the buffer it (or the socket) holds to drain (decision 280).
  app.use(paceResponses);
  if (env.LOG_REQUESTS) app.use(requestLog(isProduction));
  // Only the methods the site serves, each where it serves it (decision 127); helmet's headers are on the 405 too.
  app.use(allowServedMethods(build));

  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Files in public/ all have an extension; pages do not, and skip the file-system lookup.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // Private pages and data answers are never stored; no answer that sets a cookie is shared (decision 296).
  app.use(guardCacheControl);

  // Signed-out visitors' public pages, from memory when nothing changed since they were rendered (decision 100), and
  // members' forum pages from templates the cache renders itself with Remix's handler (decision 120).
  pageCache.renderMemberTemplatesWith(createDocumentHandler(remixBuild, isProduction ? "production" : "development"));
  app.use((req, res, next) => void pageCache.serve(req, res, next, res.locals.cspNonce as string));

  // Every form and JSON body is checked once here (duplicate fields, bytes that are not text) before a route reads it.
  // Remix's own origin check is told the host each write says it was sent to; the site's check decides (decision 270).
  app.all(
    "*",
    (req, _res, next) => (hostForRemixOriginCheck(req), next()),
    withCheckedBodies(
      createRequestHandler({
        build,
        mode: isProduction ? "production" : "development",
        getLoadContext: (req, res) => ({
          cspNonce: res.locals.cspNonce as string,
          requestId: res.locals.requestId as string,
          clientIp: req.ip ?? "unknown",
          responseDrained: res.locals.responseDrained as () => Promise<void>,
          ...pageCache.loadContext(res),
        }),
      }),
    ),
  );
  app.use(errorAnswer);

  await startBackgroundWork();

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const everywhere = env.HOST === "0.0.0.0" || env.HOST === "::";
  log(
    `listening on ${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${port}` +
      `${everywhere ? " (every network interface)" : ""}; the site's address: ${env.PUBLIC_ORIGIN}`,
  );

  applyConnectionTimeouts(server, { keepAliveSeconds: env.KEEP_ALIVE_TIMEOUT_SECONDS });
  installGracefulShutdown({
    server,
    log,
    stopBackgroundWork,
    closePool,
    stopDatabase: embedded?.stop,
    readinessDelayMs: env.SHUTDOWN_READINESS_DELAY_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  });
}

const start =
  cluster.isPrimary && env.WEB_CONCURRENCY > 1
    ? primary(env.WEB_CONCURRENCY)
    : cluster.isWorker
      ? serve(undefined)
      : prepareDatabase().then(serve);
start.catch((error) => {
  console.error(error);
  process.exit(1);
});
