import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import morgan from "morgan";
import { COOKIES } from "~/utils/cookies";
import { pooledRandom } from "~/utils/random-pool.server";
import { routePathOf } from "~/utils/request-guard.server";
import { hasSecretParameter, redactUrl, unexpectedErrorMessage } from "~/utils/request-log.server";
import { cacheControl } from "./cache-control";

/**
 * Express middleware at the request edge (decision 084): a request id for every answer, a request log that
 * holds no secret and no client address, the request methods the site serves (decision 127), and the last-resort
 * error answer.
 */

/** A short random id, sent back as X-Request-Id and shown by error pages; never taken from the request. */
export const requestId: RequestHandler = (_req, res, next) => {
  const id = pooledRandom(6, "hex");
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
};

/** How long, and how much, a refused body is drained before the connection is cut. */
const DRAIN_MS = 5_000;
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * A refused write (413, 415, 403) is answered before its body was read, and Node then closes the connection.
 * Closed at once, the client's system would answer what it is still sending with a reset and throw our answer
 * away. So the close lingers, as nginx's does: our side is shut for writing once the answer is out, and what
 * still arrives is read and dropped (never kept) until the client stops, 5 s pass or 16 MB arrived.
 */
export const drainUnreadBody: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const socket = req.socket as typeof req.socket & { destroySoon?: () => void };
  const destroySoon = socket.destroySoon;
  if (typeof destroySoon !== "function") return next();
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    if (req.complete) return destroySoon.call(this);
    // The Remix adapter's reader would queue what arrives: nothing reads this body any more.
    req.removeAllListeners("data");
    let dropped = 0;
    const cut = () => socket.destroy();
    const timer = setTimeout(cut, DRAIN_MS);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_BYTES) cut();
    });
    req.once("end", cut);
    socket.once("close", () => clearTimeout(timer));
    socket.end();
    req.resume();
  };
  // An answer written before the body was read says so (issue 33): a keep-alive client must not send its next
  // request on a connection we are about to close.
  const writeHead = res.writeHead;
  res.writeHead = function closeWhenUnread(this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once("close", () => {
    socket.destroySoon = destroySoon;
  });
  next();
};

const SESSION_COOKIES = [COOKIES.session.name, COOKIES.session.nameOverHttps];

/**
 * Only origin-form request targets (`/forum?page=2`): an absolute-form target (`GET http://host/forum`, which only
 * a proxy should be sent) and the asterisk-form (`*`, for a server-wide OPTIONS) are refused with 400 before any
 * route, file or cache reads them (decision 297); they used to reach Remix's URL parsing and answer 500.
 */
export const requireOriginForm: RequestHandler = (req, res, next) => {
  if (req.url.startsWith("/")) return next();
  res.status(400).set("Cache-Control", cacheControl.noStore).type("text/plain");
  res.send("Bad request: the request target must be a path on this site, such as /forum.");
};

/** Whether a request carries what makes its answer private: a session cookie, an Authorization header, a token. */
function isPrivateRequest(req: Request): boolean {
  if (req.headers.authorization) return true;
  const cookies = req.headers.cookie ?? "";
  if (SESSION_COOKIES.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(cookies))) return true;
  const question = req.url.indexOf("?");
  return question !== -1 && hasSecretParameter(new URLSearchParams(req.url.slice(question + 1)));
}

/**
 * A page, a single-fetch data answer (`/x.data`, `text/x-script`), a JSON answer or another text (an error's plain
 * text, a CSV export, a personal calendar): what holds a member's data. Audio, images and models keep their own.
 */
function isDocumentOrData(req: Request, res: Response): boolean {
  // Route discovery's manifest (decision 126) is the same for everyone: it keeps its immutable caching.
  if (req.path.endsWith("/__manifest")) return false;
  const type = String(res.getHeader("Content-Type") ?? "");
  return /^(text\/|application\/json)/i.test(type) || req.path.endsWith(".data");
}

/** A Cache-Control that lets a shared cache (a CDN, a proxy) keep the answer. */
const SHARED_CACHING = /\bpublic\b|s-maxage/i;

/**
 * The one place where an answer's caching is held to two rules (decision 296), whatever a route or the page
 * cache set; mounted after the static files (whose own caching stands) and before the page cache and Remix:
 *
 * - `Cache-Control: no-store` on every page and data answer that is private (ASVS 8.2.1): one for a signed-in member
 *   (a session cookie), for an API client with credentials, or for an address holding a token (a reset or
 *   verification link). Neither a shared cache nor the browser's own then keeps the address export, the two-factor
 *   page or a member's `.data` answer.
 * - No `Set-Cookie` on an answer a shared cache may keep: one that sets a cookie (a first visitor's `visitor` id) is
 *   `private, no-cache` instead, or a CDN would hand that one visitor's id to everyone it serves the page to.
 */
export const guardCacheControl: RequestHandler = (req, res, next) => {
  const privateRequest = isPrivateRequest(req);
  const writeHead = res.writeHead;
  res.writeHead = function guarded(this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (privateRequest && isDocumentOrData(req, this)) {
      this.setHeader("Cache-Control", cacheControl.noStore);
    } else if (this.hasHeader("Set-Cookie") && SHARED_CACHING.test(String(this.getHeader("Cache-Control") ?? ""))) {
      this.setHeader("Cache-Control", cacheControl.privateRevalidate);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

morgan.token("safe-url", (req) => redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/"));
morgan.token(
  "request-id",
  (_req, res) => (res as unknown as { locals?: { requestId?: string } }).locals?.requestId ?? "-",
);

/**
 * One line per request. The URL has tokens, codes and keys blanked (reset and verification links carry their
 * token in the query); the client's address and the Referer (which can hold such a URL too) are left out.
 */
export function requestLog(production: boolean): RequestHandler {
  return production
    ? morgan(
        ':date[iso] :request-id ":method :safe-url HTTP/:http-version" :status :res[content-length] :response-time ms ":user-agent"',
      )
    : morgan(":request-id :method :safe-url :status :response-time ms - :res[content-length]");
}

/** A short answer of the edge: `{ error }` under /api/ (the API's error shape), plain text elsewhere; never stored. */
function shortAnswer(req: Request, res: Response, status: number, message: string) {
  res.status(status).set("Cache-Control", cacheControl.noStore);
  if (req.path.startsWith("/api/")) res.json({ error: message });
  else res.type("text/plain").send(message);
}

/** What a route module's `handle` declares when its action takes a method other than POST (the API's PATCH). */
export type RouteMethods = { actionMethods?: readonly string[] };

/**
 * Only the request methods the site serves (decision 127): GET and HEAD to read anything, POST to an action (the
 * site's forms and its JSON API), and another method only where a route's `handle` declares it (PATCH
 * /api/forum/posts/{postId}); Remix's route discovery (`/__manifest`, decision 126) takes GET and HEAD alone.
 * Anything else (PUT, DELETE, OPTIONS, TRACE, WebDAV's verbs) is answered 405 with the address's methods in
 * `Allow`, before a static file, the page cache or Remix sees it and before a byte of its body is read (what
 * still arrives is dropped by drainUnreadBody). GET, HEAD and POST to pages go on to the routes without a lookup
 * (Remix's own 405 for a POST to a page without an action). The JSON API's addresses are checked for every method,
 * so that an API client always gets the API's `{ error }`: a GET to an action-only route is 405 with `Allow: POST`
 * (not Remix's 400 "Unexpected Server Error"), and an address no API route has is 404.
 */
export function allowServedMethods(build: Pick<ServerBuild, "routes" | "basename">): RequestHandler {
  // Where Remix answers route discovery (@remix-run/server-runtime, server.js).
  const manifestPath = `${build.basename ?? "/"}/__manifest`.replace(/\/+/g, "/");
  const tree = (parentId?: string): AgnosticRouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) =>
        index ? { id, path, index, caseSensitive } : { id, path, caseSensitive, children: tree(id) },
      );
  const routes = tree();
  /** The methods of the route that answers this address; null for none but the not-found page (the `*` route). */
  const methodsOf = (pathname: string): string[] | null => {
    if (pathname === manifestPath) return ["GET", "HEAD"];
    const leaf = matchRoutes(routes, routePathOf(pathname), build.basename)?.at(-1)?.route;
    const module = leaf?.id && leaf.path !== "*" ? build.routes[leaf.id]?.module : undefined;
    if (!module) return null;
    const methods = module.default || module.loader ? ["GET", "HEAD"] : [];
    if (module.action) methods.push(...((module.handle as RouteMethods | undefined)?.actionMethods ?? ["POST"]));
    return methods;
  };
  return (req, res, next) => {
    const { method, path } = req;
    const api = path.startsWith("/api/");
    if ((method === "GET" || method === "HEAD" || method === "POST") && path !== manifestPath && !api) return next();
    const allowed = methodsOf(path);
    if (allowed === null && api) return shortAnswer(req, res, 404, "There is no API at this address.");
    if (allowed === null && (method === "GET" || method === "HEAD" || method === "POST")) return next();
    const served = allowed ?? ["GET", "HEAD"]; // the not-found page
    if (served.includes(method)) return next();
    res.set("Allow", served.join(", "));
    const accepted = served.length ? ` It accepts ${served.join(", ")}.` : "";
    shortAnswer(req, res, 405, `This address does not accept ${method} requests.${accepted}`);
  };
}

/**
 * Anything that escapes the routes (a malformed request Express itself cannot handle, a bug in a middleware):
 * logged with the request id, answered with the status when it is a client error, and never with a stack.
 */
export const errorAnswer: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const id = res.locals.requestId as string | undefined;
  const status = Number(
    (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode,
  );
  const clientError = status >= 400 && status < 500;
  if (!clientError) {
    console.error(
      `[error] request ${id ?? "-"}: ${req.method} ${redactUrl(req.originalUrl)}\n${(error as Error)?.stack ?? String(error)}`,
    );
  }
  const message = clientError ? "The request could not be understood." : unexpectedErrorMessage(id);
  shortAnswer(req, res, clientError ? status : 500, message);
};

/**
 * Back-pressure for streamed answers (decision 280). Remix's Express adapter writes a response body's chunks as
 * fast as the body gives them and never waits for 'drain' (`writeReadableStreamToWritable`), so a body read from
 * the database would be read whole into the socket's (or gzip's) buffer while a slow client takes its time: a
 * 50 MB model in memory. This middleware, placed after compression, remembers whether the last write found the
 * buffer full; `res.locals.responseDrained()` (the load context's `responseDrained`) resolves once it has
 * drained, or at once when it is not full or the client has gone. A body source waits on it before producing
 * the next chunk.
 */
export const paceResponses: RequestHandler = (_req, res, next) => {
  const write = res.write;
  let full = false;
  let waiting: Array<() => void> | null = null;
  const release = () => {
    full = false;
    const resolved = waiting ?? [];
    waiting = [];
    for (const resolve of resolved) resolve();
  };
  res.write = function (this: Response, ...args: Parameters<Response["write"]>) {
    const accepted = (write as (...a: unknown[]) => boolean).apply(this, args);
    full = !accepted;
    return accepted;
  } as Response["write"];
  res.locals.responseDrained = (): Promise<void> => {
    if (!full || res.destroyed || res.writableEnded) return Promise.resolve();
    if (!waiting) {
      // One listener each for the life of the answer (compression hands 'drain' listeners to its gzip stream and
      // never takes them back, so adding one per wait would pile them up).
      waiting = [];
      res.on("drain", release);
      res.on("close", release);
    }
    return new Promise<void>((resolve) => waiting!.push(resolve));
  };
  next();
};
