import type { IncomingMessage } from "node:http";
import { cacheControl } from "./cache-control";
import { env } from "./env.server";

/**
 * The checks every write (any request that reaches an action: POST, PUT, PATCH, DELETE) passes before the
 * action reads a byte of it (decisions 081 and 082). app/utils/guard-build.server.ts runs them in front of every route's
 * action; they are plain functions of the request so they can be tested on their own.
 */

/** JSON and form bodies: large enough for the longest post or reading request, small enough to refuse floods. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type Refusal = { status: 400 | 403 | 413 | 415; message: string };

/** What a route accepts: the JSON API, the site's forms, or the 3D upload (its own streamed 100 MB limit). */
export type WriteKind = "json" | "form" | "upload";

/** Paths whose bodies are 3D models: multipart only, and never cut at 64 KB (app/models3d/upload.server.ts limits them). */
const UPLOAD_PATHS = new Set(["/api/3d/upload", "/3d-viewer"]);

/** The page a request is for: single fetch asks `/path.data` (and `/_root.data` for the index route). */
export function routePathOf(pathname: string): string {
  return pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
}

export function writeKindOf(pathname: string): WriteKind {
  const path = routePathOf(pathname);
  if (UPLOAD_PATHS.has(path)) return "upload";
  return path.startsWith("/api/") ? "json" : "form";
}

let origins: ReadonlySet<string> | undefined;

/**
 * The origins whose pages may write. With PUBLIC_URL set, exactly its origin. Without it the site has no public
 * name, so the loopback names of the port it listens on stand in for one (http://localhost:PORT, which is the
 * default PUBLIC_URL, and http://127.0.0.1:PORT and http://[::1]:PORT, which the browser tests use). The Host
 * header is never consulted: a forged one cannot make a foreign page "own".
 */
export function siteOrigins(): ReadonlySet<string> {
  if (origins) return origins;
  origins = env.PUBLIC_URL_CONFIGURED
    ? new Set([env.PUBLIC_ORIGIN])
    : new Set([`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`]);
  return origins;
}

/**
 * The host Remix's own CSRF check is given (decision 270). Remix compares a page action's `Origin` with
 * `X-Forwarded-Host` (else `Host`) before any action runs, and answers a mismatch, or an Origin it cannot parse,
 * with an empty 500. Behind a proxy `Host` is the proxy's internal name, and which origins are the site's is
 * decided by `checkOrigin` above (the configured PUBLIC_URL, never a header). So the Express layer tells Remix,
 * for every write that names its origin, that this origin's host is the host it was sent to: the site's own pages
 * pass both checks; a foreign page's write reaches the site's check, which refuses it before any action runs with
 * its 403 page (a 500 with no body was Remix's answer), and so does an `Origin` no URL parser reads (sent on as
 * `null`, which the site refuses the same way). Writes whose credential is in their address (`/unsubscribe`, mail
 * clients post it cross-site) are served as decision 153 says. Only writes are touched: a GET's URL and headers
 * stay as they came.
 */
export function hostForRemixOriginCheck(req: IncomingMessage): void {
  const origin = req.headers.origin;
  if (typeof origin !== "string" || req.method === "GET" || req.method === "HEAD") return;
  const host = hostOfOrigin(origin);
  if (host === null) req.headers.origin = "null";
  req.headers["x-forwarded-host"] = host ?? "null";
}

function hostOfOrigin(origin: string): string | null {
  if (origin === "null") return null;
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

export const FOREIGN_ORIGIN_MESSAGE =
  "This request was sent from another site, so it was refused. Changes can only be made from this site's own pages.";

/**
 * Cross-site request forgery: a browser names the page that sent a write in `Origin` (`null` for sandboxed
 * frames, data: URLs and some redirects, which is never this site) or, failing that, in `Sec-Fetch-Site`.
 * Clients without a browser send neither and are let through: they cannot carry a visitor's cookies.
 */
export function checkOrigin(headers: Headers): Refusal | null {
  const origin = headers.get("origin");
  if (origin !== null)
    return siteOrigins().has(origin.trim()) ? null : { status: 403, message: FOREIGN_ORIGIN_MESSAGE };
  const site = headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return { status: 403, message: FOREIGN_ORIGIN_MESSAGE };
  return null;
}

function mediaTypeOf(headers: Headers): string | null {
  const value = headers.get("content-type");
  if (value === null) return null;
  return value.split(";")[0]!.trim().toLowerCase();
}

/** Whether the request carries a body at all (a declared length above zero, or a chunked one). */
export function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  if (length !== null) return Number(length) !== 0;
  return headers.has("transfer-encoding");
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * JSON APIs take application/json (or no body at all, e.g. POST /api/logout); forms take the two encodings a
 * browser form sends; the 3D upload takes multipart. Anything else is refused before a parser sees it.
 */
export function checkContentType(headers: Headers, kind: WriteKind, pathname: string): Refusal | null {
  const type = mediaTypeOf(headers);
  if (kind === "json") {
    if (type === "application/json" || (type === null && !hasBody(headers))) return null;
    return { status: 415, message: "This API takes JSON: send the body with Content-Type: application/json." };
  }
  const accepted = kind === "upload" && pathname.startsWith("/api/") ? ["multipart/form-data"] : FORM_TYPES;
  if (type !== null && accepted.includes(type)) return null;
  return {
    status: 415,
    message:
      accepted.length === 1
        ? "Upload the file as multipart/form-data."
        : "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.",
  };
}

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please send it again from the page.";

export const TOO_LARGE_MESSAGE = `The request body is larger than the ${BODY_LIMIT_BYTES / 1024} KB limit.`;

/** A declared Content-Length over the limit is refused without reading the body. */
export function checkDeclaredLength(headers: Headers, kind: WriteKind): Refusal | null {
  if (kind === "upload") return null;
  const length = Number(headers.get("content-length") ?? 0);
  return length > BODY_LIMIT_BYTES ? { status: 413, message: TOO_LARGE_MESSAGE } : null;
}

/**
 * Writes whose credential is a secret in their address, never a cookie, and which mail clients send from anywhere:
 * the RFC 8058 one-click unsubscribe (a mail provider posts `List-Unsubscribe=One-Click` to the List-Unsubscribe
 * URL, cross-site when the webmail's page sends it). The Origin check protects a visitor's cookies; these routes
 * read none, so a forged post can do only what its sender could do with the token from curl (decision 153).
 * A route listed here must never read the session.
 */
const TOKEN_WRITE_PATHS = new Set(["/unsubscribe"]);

/** Every check that needs only the request line and headers, in the order they are answered. */
export function checkWrite(request: Request): Refusal | null {
  return checkWriteHeaders(new URL(request.url).pathname, request.headers);
}

/** The same checks from a path and the headers (the body checker in front of Remix asks before reading a byte). */
export function checkWriteHeaders(pathname: string, headers: Headers): Refusal | null {
  const kind = writeKindOf(pathname);
  const origin = TOKEN_WRITE_PATHS.has(routePathOf(pathname)) ? null : checkOrigin(headers);
  return origin ?? checkContentType(headers, kind, pathname) ?? checkDeclaredLength(headers, kind);
}

/**
 * A body without a declared length (chunked) is counted as it streams: past the limit, reading stops and the
 * answer is null (413); within it, a copy of the request with the bytes in memory (at most 64 KB). The parser
 * (request.formData(), request.json()) then never sees more than the limit.
 */
export async function readBodyWithinLimit(request: Request, limit = BODY_LIMIT_BYTES): Promise<Request | null> {
  if (!request.body || request.headers.has("content-length")) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const headers = new Headers(request.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(total));
  return new Request(request.url, {
    method: request.method,
    headers,
    body: Buffer.concat(chunks),
    signal: request.signal,
  });
}

/** The refusal as the API answers it (`{ error }`) or as text for a page's error boundary to show. */
export function refusalResponse(refusal: Refusal, pathname: string): Response {
  // The body nobody read is drained and dropped by the server (app/utils/request-edge.server.ts, drainUnreadBody).
  const headers: HeadersInit = { "Cache-Control": cacheControl.noStore };
  if (pathname.startsWith("/api/"))
    return Response.json({ error: refusal.message }, { status: refusal.status, headers });
  return new Response(refusal.message, {
    status: refusal.status,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}
