import { createCookie } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { env, isProduction } from "./env.server";

/**
 * The anonymous visitor's random session id: a cookie for plain HTML, or the `x-session-id` header for API
 * clients (the header wins when both are present).
 */
const visitorCookie = createCookie("visitor", {
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
  secrets: [env.SESSION_SECRET],
});

/** The spec's "random UUID" (any version, any case); any other `x-session-id` is ignored (decision 083). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Visitor = { sessionId: string; setCookie: string | null };

/** Returns the visitor's id, and a Set-Cookie header to send when the id is new (a header that is not a UUID counts as none). */
export async function getVisitor(request: Request): Promise<Visitor> {
  const header = request.headers.get("x-session-id")?.trim();
  if (header && SESSION_ID.test(header)) return { sessionId: header, setCookie: null };
  const fromCookie = await visitorCookie.parse(request.headers.get("Cookie"));
  if (typeof fromCookie === "string" && SESSION_ID.test(fromCookie)) return { sessionId: fromCookie, setCookie: null };
  const sessionId = randomUUID();
  return { sessionId, setCookie: await visitorCookie.serialize(sessionId) };
}
