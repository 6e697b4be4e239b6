import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomInt } from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import Bowser from "bowser";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { sessions, users } from "#db/schema";
import { apiError } from "~/utils/api.server";
import { COOKIES } from "~/utils/cookies";
import { env, secureCookies } from "~/utils/env.server";
import { headerVerdicts } from "~/utils/header-verdicts.server";
import { pageViewOf } from "~/utils/request-reads.server";
import { redirectWithToast } from "~/utils/toast.server";
import { hashToken, newToken } from "./tokens.server";
import { TWO_FACTOR_SETTINGS_PATH } from "./two-factor";
import { hasTwoFactor } from "./two-factor.server";
import { isAdminUser, isModeratorUser, publicUserColumns, type PublicUser } from "./users.server";

/**
 * Members' sessions (decision 011): a row per signed-in browser in PostgreSQL, named by a random id that only
 * the browser holds, in the signed cookie; the table keeps its sha-256. Sign-out deletes the row, so a copy of
 * the cookie is worth nothing afterwards. A session ends after `SESSION_IDLE_DAYS` without a visit and
 * `SESSION_MAX_AGE_DAYS` after sign-in; `last_seen_at` is written at most every few minutes.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = env.SESSION_IDLE_DAYS * DAY_MS;
export const SESSION_MAX_AGE_MS = env.SESSION_MAX_AGE_DAYS * DAY_MS;
/** How stale `last_seen_at` may get before a visit writes it again. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Over https the cookie is `__Host-` (Secure, Path=/, no Domain: no subdomain can set or read it); over plain http
 * neither, or text browsers drop it (decision 130).
 */
export const SESSION_COOKIE_NAME = secureCookies ? COOKIES.session.nameOverHttps : COOKIES.session.name;

export const sessionStorage = createCookieSessionStorage<{ sid: string }>({
  cookie: {
    name: SESSION_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: Math.floor(SESSION_MAX_AGE_MS / 1000),
  },
});

/** The row's key for the id a cookie carries (the same sha-256 as e-mailed tokens). */
export const hashSessionId = hashToken;

/** The browser's session: `id` is the row's key (the hash), never the id the cookie carries. */
export type CurrentSession = { id: string; user: PublicUser };

/**
 * A session still in force, for the prepared queries: seen within the idle limit and younger than the absolute
 * one (their placeholders `idleSeconds` and `maxAgeSeconds`).
 */
const unexpired = () => [
  gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sql.placeholder("idleSeconds")}::double precision)`),
  gt(sessions.createdAt, sql`now() - make_interval(secs => ${sql.placeholder("maxAgeSeconds")}::double precision)`),
];

const sessionByIdQuery = preparedQuery("session-by-id", (db) =>
  db
    .select({ ...publicUserColumns, sessionLastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        ...unexpired(),
        // A suspended member (decision 026) has no session until the suspension ends.
        sql`(${users.suspendedUntil} is null or ${users.suspendedUntil} <= now())`,
      ),
    )
    .limit(1)
    .prepare("session-by-id"),
);

/**
 * The row's key of the session a Cookie header carries, signed by the site, or null; its verdict is remembered per
 * header (decision 273): the signature and the hash depend on the header and the secret alone, while whether the
 * session is still in force is read from its row on every request.
 */
const sessionIdOfCookie = headerVerdicts(async (header) => {
  const sid: unknown = (await sessionStorage.getSession(header)).get("sid");
  return typeof sid === "string" && sid.length >= 32 && sid.length <= 128 ? hashSessionId(sid) : null;
});

/** The session a Cookie header names, if still in force (writes `last_seen_at` when it is stale). */
export async function readSession(cookieHeader: string | null | undefined): Promise<CurrentSession | null> {
  const id = cookieHeader ? await sessionIdOfCookie(cookieHeader) : null;
  if (!id) return null;
  const [row] = await sessionByIdQuery().execute({
    id,
    idleSeconds: SESSION_IDLE_MS / 1000,
    maxAgeSeconds: SESSION_MAX_AGE_MS / 1000,
  });
  if (!row) return null;
  const { sessionLastSeenAt, ...user } = row;
  if (Date.now() - new Date(sessionLastSeenAt).getTime() > LAST_SEEN_WRITE_INTERVAL_MS) {
    // The member's own last visit moves with it (decision 352): it outlives the session, for the weekly digest.
    await db.execute(sql`with seen as (
        update ${sessions} set last_seen_at = now() where ${sessions.id} = ${id} returning ${sessions.userId} as user_id)
      update ${users} set last_seen_at = now() where ${users.id} in (select user_id from seen)`);
  }
  return { id, user };
}

/**
 * The browser's session, or null. Read once per page view: the root's loader and the page's both ask, each with
 * its own copy of the Request but the same load context (decisions 111, 270; after an action the loaders read
 * again, so they see what the action changed).
 */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  // A page cache's member template is rendered as its template member (decision 120), whatever the request says.
  const template = templateMember.getStore();
  if (template) return Promise.resolve(template);
  const view = pageViewOf(request);
  let current = sessionOfPageView.get(view);
  if (!current) {
    current = readSession(request.headers.get("Cookie"));
    sessionOfPageView.set(view, current);
  }
  return current;
}
const sessionOfPageView = new WeakMap<object, Promise<CurrentSession | null>>();

/**
 * The member a page cache's member template is rendered as (decisions 120, 122): a plain member with a verified
 * e-mail address, whose id (above any PostgreSQL integer), name and address (random letters and digits; the
 * address at a reserved domain) no member has and nothing else in a page contains, so that the cache finds them in
 * the rendered page and puts each member's own in. Drawn anew in each process.
 */
export const TEMPLATE_MEMBER: PublicUser = {
  id: 2 ** 40 + randomInt(2 ** 40),
  username: `m${randomBytes(12).toString("hex")}`,
  email: `e${randomBytes(12).toString("hex")}@example.invalid`,
  isEmailVerified: true,
  forumNotifications: true,
  role: "member",
  createdAt: new Date(0),
  silencedUntil: null,
};
const templateMember = new AsyncLocalStorage<CurrentSession>();

/**
 * Runs a render as the template member: every read of the session in it (getCurrentSession) gets that member, with
 * `traits` a member template is keyed by (decision 122: whether the address is verified).
 */
export function asTemplateMember<T>(
  render: () => Promise<T>,
  traits: Partial<Pick<PublicUser, "isEmailVerified">> = {},
): Promise<T> {
  return templateMember.run({ id: "template-member", user: { ...TEMPLATE_MEMBER, ...traits } }, render);
}

/**
 * The session of a request whose page a member template may stand for (decision 120): a plain member (moderators
 * and admins see tools the template has not) with an e-mail address (members without one get the forum's prompt to
 * add it). Null for anyone else, who gets the page rendered for them.
 */
export async function templatedSession(cookieHeader: string | undefined): Promise<CurrentSession | null> {
  const session = await readSession(cookieHeader);
  const user = session?.user;
  return user && user.email && !isModeratorUser(user) ? session : null;
}

/** The signed-in member, or null. */
export async function getUser(request: Request): Promise<PublicUser | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/** The signed-in member's id, or null. */
export async function getUserId(request: Request): Promise<number | null> {
  return (await getUser(request))?.id ?? null;
}

function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return `/auth?redirectTo=${encodeURIComponent(back)}`;
}

/** Guard for pages: a signed-out visitor is redirected to /auth (and comes back after signing in). */
export async function requireUser(request: Request): Promise<PublicUser> {
  return (await requireSession(request)).user;
}

/** Guard for pages that act on the browser's own session (the profile's signed-in browsers). */
export async function requireSession(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw redirect(signInUrl(request));
  return current;
}

/** Guard for API routes: 401 with a JSON error instead of a redirect. */
export async function requireApiSession(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw apiError(401, "Authentication required");
  return current;
}

export async function requireApiUser(request: Request): Promise<PublicUser> {
  return (await requireApiSession(request)).user;
}

/** Guard for the moderation API (decision 026): moderators and admins; 401 signed out, 403 for other members. */
export async function requireApiModerator(request: Request): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (!isModeratorUser(user)) throw apiError(403, "Forbidden: only moderators and admins can do this.");
  if (await adminLacksSecondFactor(user)) throw apiError(403, ADMIN_SECOND_FACTOR_REQUIRED);
  return user;
}

/**
 * Guard for the admin API: 401 signed out, 403 for members and moderators; `forbidden` words the 403 for the tool
 * at hand ("only admins can grant or revoke roles").
 */
export async function requireApiAdmin(
  request: Request,
  { forbidden = "Forbidden: administrators only.", signedOut = "Authentication required" } = {},
): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw apiError(401, signedOut);
  if (!isAdminUser(user)) throw apiError(403, forbidden);
  if (!(await hasTwoFactor(user.id))) throw apiError(403, ADMIN_SECOND_FACTOR_REQUIRED);
  return user;
}

/**
 * Admins prove it with a second factor (issue 46, decision 291): every admin function (the address export,
 * backups, role changes, every admin page) refuses an admin whose second factor is not on. A page sends them to set
 * it up, saying why; the API answers 403 with this message.
 */
export const ADMIN_SECOND_FACTOR_REQUIRED =
  "Admin functions need two-factor authentication: set it up on your two-factor authentication page first.";

/** Whether the member is an admin without a second factor (who is sent to set one up). */
export async function adminLacksSecondFactor(user: Pick<PublicUser, "id" | "role">): Promise<boolean> {
  return isAdminUser(user) && !(await hasTwoFactor(user.id));
}

/** The redirect that sends an admin without a second factor to set one up, with a toast that says why. */
export function setUpSecondFactorRedirect(): Promise<Response> {
  return redirectWithToast(TWO_FACTOR_SETTINGS_PATH, {
    title: "Set up two-factor authentication",
    description: "Admins need two-factor authentication: set it up to continue.",
    type: "info",
  });
}

/** Guard for admin pages: signed-out visitors go to /auth, members get 403. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isAdminUser(user)) throw new Response("Forbidden: this page is for administrators.", { status: 403 });
  if (await adminLacksSecondFactor(user)) throw await setUpSecondFactorRedirect();
  return user;
}

/**
 * Guard for the moderation pages (decision 026): moderators and admins; signed-out visitors go to /auth. An admin
 * without a second factor is sent to set one up, as on every admin page (decision 291).
 */
export async function requireModerator(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isModeratorUser(user)) throw new Response("Forbidden: this page is for moderators.", { status: 403 });
  if (await adminLacksSecondFactor(user)) throw await setUpSecondFactorRedirect();
  return user;
}

/** "Chrome on Linux": enough to recognise a browser in the list, nothing more is kept of the User-Agent. */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `A browser on ${os}` : "Unknown browser");
}

/**
 * A new session for the member, as a Set-Cookie header value. The id is always new (no fixation), and the
 * session the request came with, if any, is ended: signing in again never leaves the previous one behind.
 */
export async function createUserSession(userId: number, request?: Request): Promise<string> {
  if (request) await endRequestSession(request);
  const { token: sid, hash } = newToken();
  await db.insert(sessions).values({
    id: hash,
    userId,
    device: deviceLabel(request?.headers.get("User-Agent")),
  });
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(users.id, userId));
  // A script signing in over and over must not grow the table without end: the least recently seen go first.
  await db.execute(sql`
    delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.id} not in (
      select ${sessions.id} from ${sessions} where ${sessions.userId} = ${userId}
      order by ${sessions.lastSeenAt} desc limit ${MAX_SESSIONS_PER_MEMBER})`);
  const cookie = await sessionStorage.getSession();
  cookie.set("sid", sid);
  return sessionStorage.commitSession(cookie);
}

/** The most sessions a member keeps (the profile lists them all). */
export const MAX_SESSIONS_PER_MEMBER = 50;

async function endRequestSession(request: Request): Promise<void> {
  const cookie = await sessionStorage.getSession(request.headers.get("Cookie"));
  const sid = cookie.get("sid");
  if (typeof sid === "string") await db.delete(sessions).where(eq(sessions.id, hashSessionId(sid)));
  sessionOfPageView.delete(pageViewOf(request));
}

/** Sign-out: the session's row is deleted (a copy of the cookie no longer works) and the cookie cleared. */
export async function destroyUserSession(request: Request): Promise<string> {
  await endRequestSession(request);
  return sessionStorage.destroySession(await sessionStorage.getSession());
}

/**
 * Ends every session of the member, or every one but `exceptSessionId` (a `CurrentSession.id`). Used when the
 * password or e-mail address changes, by "Sign out of all other devices", and by moderation (a suspended
 * member). Returns how many sessions ended.
 */
export async function endMemberSessions({
  userId,
  exceptSessionId,
}: {
  userId: number;
  exceptSessionId?: string;
}): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** What "Sign out of all other devices" tells the member (page toast and API). */
export function signedOutOthersMessage(ended: number): string {
  if (ended === 0) return "No other browser was signed in.";
  return ended === 1
    ? "You have been signed out of 1 other browser."
    : `You have been signed out of ${ended} other browsers.`;
}

export type SignedInBrowser = { device: string; createdAt: string; lastSeenAt: string; current: boolean };

// Prepared (decision 005): the profile page lists them on every view.
const memberSessionsQuery = preparedQuery("member-sessions", (db) =>
  db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, sql.placeholder("userId")), ...unexpired()))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(MAX_SESSIONS_PER_MEMBER)
    .prepare("member-sessions"),
);

/** The member's signed-in browsers, most recently seen first (expired ones are not listed). */
export async function listMemberSessions({
  userId,
  currentSessionId,
}: {
  userId: number;
  currentSessionId: string;
}): Promise<SignedInBrowser[]> {
  const rows = await memberSessionsQuery().execute({
    userId,
    idleSeconds: SESSION_IDLE_MS / 1000,
    maxAgeSeconds: SESSION_MAX_AGE_MS / 1000,
  });
  return rows.map((row) => ({
    device: row.device,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Deletes sessions past their idle timeout or absolute lifetime (run by the recurring task). */
export async function deleteExpiredSessions(): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)),
        lt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_AGE_MS)),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
