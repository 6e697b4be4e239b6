import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createCookie } from "@remix-run/node";
import { COOKIES, cookieMaxAge } from "./cookies";
import { env, secureCookies } from "./env.server";
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
  if (!cookie) return null;
  const known = checkedCookies.get(cookie);
  if (known !== undefined) return known;
  const fromCookie = await visitorCookie.parse(cookie);
  const id = typeof fromCookie === "string" && SESSION_ID.test(fromCookie) ? fromCookie : null;
  if (cookie.length <= CHECKED_COOKIE_LENGTH) {
    if (checkedCookies.size >= CHECKED_COOKIES_MAX) checkedCookies.delete(checkedCookies.keys().next().value!);
    checkedCookies.set(cookie, id);
  }
  return id;
}

/**
 * What each Cookie header seen lately said of the visitor (decision 273): a returning visitor sends the same header
 * on every view, and checking its signature (Remix's cookie, Web Crypto's HMAC) costs about 12-20 µs a view, 4-6 %
 * of a kept page's answer. Keyed by the whole header as received, so only a header once checked here is trusted
 * without a check (a forged or changed one is a new key, checked in full); the verdict is the same for as long as
 * the secret, which lasts the process. Bounded: headers up to 1 KB (a visitor's is about 100 bytes), 10,000 of
 * them (at most 10 MB), the oldest going first.
 */
const checkedCookies = new Map<string, string | null>();
const CHECKED_COOKIES_MAX = 10_000;
const CHECKED_COOKIE_LENGTH = 1024;

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
