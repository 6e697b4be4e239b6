import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createCookie } from "@remix-run/node";
import { COOKIES, cookieMaxAge } from "./cookies";
import { env, secureCookies } from "./env.server";
import { headerVerdicts } from "./header-verdicts.server";
import { pageViewOf } from "./request-reads.server";

/**
 * The anonymous visitor's random session id: a cookie for plain HTML, or the `x-session-id` header for API
 * clients (the header wins when both are present).
 */
const visitorCookie = createCookie(COOKIES.visitor.name, {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  maxAge: cookieMaxAge("visitor"),
  secrets: [env.SESSION_SECRET],
});

/** The spec's "random UUID" (any version, any case); any other `x-session-id` is ignored (decision 083). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Visitor = { sessionId: string; setCookie: string | null };

/** The header that gives a new visitor their cookie; nothing for a visitor who has one. */
export function visitorCookieHeader(visitor: Visitor): HeadersInit | undefined {
  return visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined;
}

/**
 * The visitor's id from a request's headers (the `x-session-id` header, else the cookie), or null for a visitor
 * who has none yet. The page cache resolves a visitor's preferences with it before rendering.
 */
export async function readVisitorId(headers: {
  cookie: string | null | undefined;
  sessionHeader: string | null | undefined;
}): Promise<string | null> {
  const header = headers.sessionHeader?.trim();
  if (header && SESSION_ID.test(header)) return header;
  const cookie = headers.cookie;
  return cookie ? visitorIdOfCookie(cookie) : null;
}

/** The visitor id a Cookie header carries, signed by the site (its verdict remembered per header: decision 273). */
const visitorIdOfCookie = headerVerdicts(async (cookie) => {
  const value: unknown = await visitorCookie.parse(cookie);
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
});

/**
 * The visitor id of a request as the server received it (before Remix makes its Request), read once per request
 * like `getVisitor`: the page cache keys a page by the visitor's preferences and fills its holes with the
 * visitor's own parts (decisions 100, 112), both from this one reading.
 */
export function visitorIdOfRequest(req: IncomingMessage): Promise<string | null> {
  let id = visitorIdOfIncoming.get(req);
  if (!id) {
    const header = req.headers["x-session-id"];
    id = readVisitorId({ cookie: req.headers.cookie, sessionHeader: typeof header === "string" ? header : null });
    visitorIdOfIncoming.set(req, id);
  }
  return id;
}
const visitorIdOfIncoming = new WeakMap<IncomingMessage, Promise<string | null>>();

/**
 * Returns the visitor's id, and a Set-Cookie header to send when the id is new (a header that is not a UUID counts
 * as none). Read once per page view (the root's loader and the page's share its load context, decisions 111,
 * 270): the cookie's signature is checked once, and a new visitor gets one id, not one per loader.
 */
export function getVisitor(request: Request): Promise<Visitor> {
  const view = pageViewOf(request);
  let visitor = visitorOfPageView.get(view);
  if (!visitor) {
    visitor = readVisitor(request);
    visitorOfPageView.set(view, visitor);
  }
  return visitor;
}
const visitorOfPageView = new WeakMap<object, Promise<Visitor>>();

async function readVisitor(request: Request): Promise<Visitor> {
  const known = await readVisitorId({
    cookie: request.headers.get("Cookie"),
    sessionHeader: request.headers.get("x-session-id"),
  });
  if (known) return { sessionId: known, setCookie: null };
  const sessionId = randomUUID();
  return { sessionId, setCookie: await visitorCookie.serialize(sessionId) };
}
