import type { IncomingMessage, ServerResponse } from "node:http";
import type { ActionFunction, LoaderFunction, ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable } from "#db/client.server";
import { apiError } from "./api.server";
import { cacheControl } from "./cache-control";

/**
 * What a visitor gets while the database cannot be reached (decision 006): a 503 with Retry-After, never a 500.
 * The API answers its JSON `{ error }`; a page renders the site's error page (GeneralErrorBoundary's 503) inside
 * the shell. Routes need not do anything: server.ts wraps every loader and action of the build once.
 */
export const RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The site cannot reach its database for a moment and will be back shortly. Please try again in a few seconds.";

export function databaseUnavailableResponse(request: Request): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": cacheControl.noStore };
  if (new URL(request.url).pathname.startsWith("/api/"))
    return apiError(503, DATABASE_UNAVAILABLE_MESSAGE, {}, headers);
  return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Rethrows `error`, as the 503 answer when it says the database is unreachable. */
export function rethrowDatabaseOutage(error: unknown, request: Request): never {
  if (!(error instanceof Response) && isDatabaseUnavailable(error)) throw databaseUnavailableResponse(request);
  throw error;
}

function guard<F extends LoaderFunction | ActionFunction>(handler: F): F {
  return (async (args: Parameters<F>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      rethrowDatabaseOutage(error, args.request);
    }
  }) as F;
}

/** The build with every route's loader and action answering a database outage with a 503. */
export function answerDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route.module;
    if (!module.loader && !module.action) {
      routes[id] = route;
      continue;
    }
    routes[id] = {
      ...route,
      module: {
        ...module,
        ...(module.loader ? { loader: guard(module.loader) } : {}),
        ...(module.action ? { action: guard(module.action) } : {}),
      },
    };
  }
  return { ...build, routes };
}

/**
 * Express middleware: every 503 carries Retry-After (a page's thrown 503 loses its headers on the way through
 * Remix's error boundary; readiness and draining answers are 503s too).
 */
export function retryAfterOn503(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    if (status === 503 && !res.hasHeader("Retry-After")) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  next();
}

/**
 * When the pool is dropped in an outage, postgres.js rejects queries nobody waits for any more (a connection's
 * start-up, a request already answered): logged, not a crash of the server. Other unhandled rejections still are.
 */
export function logDroppedQueries(log: (message: string) => void): void {
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailable(reason)) return log(`a query ended by the outage: ${String(reason)}`);
    throw reason;
  });
}
