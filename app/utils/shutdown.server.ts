import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/**
 * Graceful shutdown of one server process (decision 008). On SIGTERM/SIGINT, in this order:
 *  1. readiness turns 503 ("shutting down") so a load balancer stops sending; after `readinessDelayMs` (the time
 *     it needs to notice, SHUTDOWN_READINESS_DELAY_MS) the listening socket closes: new connections are refused.
 *     Requests keep being served meanwhile. The wait is skipped when no balancer is routing here: nothing asked
 *     /readyz in the last minute, or the last answer was already 503 (the database was away: it took us out then);
 *     so Ctrl-C on `npm start` stops at once, and a cluster's instance drains before its port closes (issue 42);
 *  2. requests in flight finish (their answers say `Connection: close`), idle keep-alive connections are closed
 *     (idle by our own count: Node's closeIdleConnections also destroys a connection whose answer is ended but
 *     not yet flushed, cutting it short: seen behind HAProxy as an empty answer, decision 286);
 *     the background worker finishes the job in hand and takes no other;
 *  3. the pool closes (at once when the database is already gone), then the embedded database stops;
 *  4. exit 0. Whatever is still open `timeoutMs` after the signal is cut, and the process exits 1.
 */
let draining = false;

export function isDraining(): boolean {
  return draining;
}

/** The last answer /readyz gave (before draining), so the shutdown knows whether a balancer routes here. */
let lastReadiness: { at: number; ready: boolean } | undefined;

export function noteReadinessAnswer(ready: boolean, at = Date.now()): void {
  lastReadiness = { at, ready };
}

/** A balancer that asked this long ago and no later has stopped checking (or was a one-off request). */
const CHECKER_GONE_MS = 60_000;

/** How long to keep answering "not ready" before closing the port: `delayMs` when a balancer is routing here. */
export function readinessDrainMs(delayMs: number, now = Date.now()): number {
  if (!lastReadiness || !lastReadiness.ready || now - lastReadiness.at > CHECKER_GONE_MS) return 0;
  return delayMs;
}

/** Express middleware: answers written while draining close their connection instead of keeping it alive. */
export function closeConnectionsWhileDraining(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (draining) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  next();
}

/** The load balancer's idle timeout is below keepAliveTimeout, and headersTimeout above that (Node's rule). */
export function applyConnectionTimeouts(server: Server, { keepAliveSeconds }: { keepAliveSeconds: number }) {
  server.keepAliveTimeout = keepAliveSeconds * 1000;
  server.headersTimeout = (keepAliveSeconds + 1) * 1000;
}

const bounded = (work: Promise<unknown>, ms: number, onLate: () => void) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      onLate();
      resolve();
    }, ms);
    void work
      .catch(() => {})
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });

/**
 * Every open connection of the server with the number of its requests not yet answered to the end ("close" comes
 * after the answer is flushed, or when the connection drops).
 */
function trackRequestsPerConnection(server: Server): Map<Socket, number> {
  const requestsOn = new Map<Socket, number>();
  const track = (socket: Socket) => {
    if (requestsOn.has(socket)) return;
    requestsOn.set(socket, 0);
    socket.once("close", () => requestsOn.delete(socket));
  };
  server.on("connection", track);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    track(socket); // one accepted before this was installed
    requestsOn.set(socket, requestsOn.get(socket)! + 1);
    res.once("close", () => {
      if (requestsOn.has(socket)) requestsOn.set(socket, Math.max(0, requestsOn.get(socket)! - 1));
    });
  });
  return requestsOn;
}

export function installGracefulShutdown({
  server,
  log,
  stopBackgroundWork,
  closePool,
  stopDatabase,
  readinessDelayMs = 0,
  timeoutMs = 10_000,
}: {
  server: Server;
  log: (message: string) => void;
  stopBackgroundWork?: () => Promise<void>;
  closePool: (options: { timeoutSeconds: number }) => Promise<void>;
  stopDatabase?: () => Promise<void>;
  readinessDelayMs?: number;
  timeoutMs?: number;
}): void {
  const requestsOn = trackRequestsPerConnection(server);
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    const started = Date.now();
    const left = () => timeoutMs - (Date.now() - started);
    const force = setTimeout(() => {
      log(`shutdown took longer than ${timeoutMs / 1000} s: exiting`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    const drainMs = Math.min(readinessDrainMs(readinessDelayMs), left() - 5000);
    log(
      `${signal}: not ready any more, finishing in-flight requests and the job in hand; ` +
        (drainMs > 0
          ? `closing the port in ${drainMs} ms (a balancer checks /readyz)`
          : "closing the port now (no balancer routes here)"),
    );
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));

    const http = new Promise<void>((resolve) => {
      // The listening socket only: http.Server's own close() first runs closeIdleConnections (see above).
      net.Server.prototype.close.call(server, () => resolve());
      for (const [socket, requests] of requestsOn) if (requests === 0) socket.destroy();
    });
    // Requests still running 3 s before the deadline are cut, so that the pool and the database still close.
    await Promise.all([
      bounded(http, left() - 3000, () => {
        log("requests still running: closing their connections");
        server.closeAllConnections();
      }),
      bounded(stopBackgroundWork?.() ?? Promise.resolve(), left() - 3000, () => log("the job in hand did not finish")),
    ]);
    await bounded(closePool({ timeoutSeconds: 1 }), 1500, () => log("the pool did not close"));
    if (stopDatabase) await bounded(stopDatabase(), left() - 300, () => log("the database did not stop"));
    log(`stopped (${Date.now() - started} ms)`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
