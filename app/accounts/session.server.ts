import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { env, isProduction } from "~/utils/env.server";
import { eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { getSessionUser, isAdminUser, isModeratorUser, type PublicUser } from "./users.server";

/** The signed-in member's cookie session (signed, httpOnly, SameSite=Lax, Secure in production). */
export const sessionStorage = createCookieSessionStorage<{ userId: number; createdAt: number }>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 30,
  },
});

/** The signed-in member's id, or null (a session the member has since revoked counts as signed out). */
export async function getUserId(request: Request): Promise<number | null> {
  return (await getUser(request))?.id ?? null;
}

/**
 * The signed-in member, or null. Read once per request: the root's loader and the page's both ask, with the same
 * Request object (after an action, Remix gives the loaders a new one, so they see what the action changed).
 */
export function getUser(request: Request): Promise<PublicUser | null> {
  let user = userOfRequest.get(request);
  if (!user) {
    user = sessionStorage.getSession(request.headers.get("Cookie")).then((session) => {
      const userId = session.get("userId");
      return typeof userId === "number" ? getSessionUser(userId, session.get("createdAt")) : null;
    });
    userOfRequest.set(request, user);
  }
  return user;
}
const userOfRequest = new WeakMap<Request, Promise<PublicUser | null>>();

function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return `/auth?redirectTo=${encodeURIComponent(back)}`;
}

/** Guard for pages: a signed-out visitor is redirected to /auth (and comes back after signing in). */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw redirect(signInUrl(request));
  return user;
}

export async function requireUserId(request: Request): Promise<number> {
  return (await requireUser(request)).id;
}

/** Guard for API routes: 401 with a JSON error instead of a redirect. */
export async function requireApiUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw Response.json({ error: "Authentication required" }, { status: 401 });
  return user;
}

export async function requireAnonymous(request: Request, to = "/forum"): Promise<void> {
  if (await getUserId(request)) throw redirect(to);
}

/** Guard for admin pages: signed-out visitors go to /auth, members get 403. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isAdminUser(user)) throw new Response("Forbidden: this page is for administrators.", { status: 403 });
  return user;
}

/** Guard for the moderation pages (decision 026): moderators and admins; signed-out visitors go to /auth. */
export async function requireModerator(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isModeratorUser(user)) throw new Response("Forbidden: this page is for moderators.", { status: 403 });
  return user;
}

/**
 * Ends every session of a member (a suspension), except the one named. Today's sessions are signed cookies, so
 * this stamps `sessions_valid_after`: every cookie signed before now stops being honoured, and the exception
 * cannot be kept (no caller needs it yet). The session table of branch sec-sessions replaces this body.
 */
export async function endMemberSessions({
  userId,
  exceptSessionId: _exceptSessionId,
}: {
  userId: number;
  exceptSessionId?: string | null;
}): Promise<void> {
  await db.update(users).set({ sessionsValidAfter: sql`now()` }).where(eq(users.id, userId));
}

/** A fresh session for the user (a new cookie value: no fixation), as a Set-Cookie header value. */
export async function createUserSession(userId: number): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  session.set("createdAt", Date.now());
  return sessionStorage.commitSession(session);
}

export async function destroyUserSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session);
}
