import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { COOKIES, cookieMaxAge } from "~/utils/cookies";
import { env, isProduction } from "~/utils/env.server";
import { getSessionUser, isAdminUser, type PublicUser } from "./users.server";

/** The signed-in member's cookie session (signed, httpOnly, SameSite=Lax, Secure in production). */
export const sessionStorage = createCookieSessionStorage<{ userId: number; createdAt: number }>({
  cookie: {
    name: COOKIES.session.name,
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: cookieMaxAge("session"),
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
