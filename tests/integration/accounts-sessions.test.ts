import { existsSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { sessions } from "#db/schema";
import { deleteExpiredSessions, hashSessionId } from "~/accounts/session.server";
import { createUser } from "~/accounts/users.server";
import { action as changeEmailApi } from "~/routes/api.change-email";
import { action as login } from "~/routes/api.login";
import { action as logoutOthersApi } from "~/routes/api.logout-others";
import { loader as sessionsApi } from "~/routes/api.sessions";
import { loader as apiUser } from "~/routes/api.user";
import { action as profileAction, loader as profileLoader } from "~/routes/user-profile";
import { startAppServer } from "../../scripts/app-server";
import { call, cookieFrom, formPost, get, jsonPost } from "../support/routes";
import { uniqueName } from "./helpers/accounts";

/**
 * Members' sessions as PostgreSQL rows (decision 011). The sign-out cases go through the real server (the
 * production build, as a browser or an attacker with a copied cookie meets it); the rest calls the routes
 * against the real database, like the other accounts tests.
 */
const PASSWORD = "Secret123!";
const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function member() {
  const username = uniqueName("sess");
  const user = await createUser({
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
    isEmailVerified: true,
  });
  return { ...user, username };
}

/** Signs in through POST /api/login with a browser's User-Agent; returns the Cookie header value. */
async function signIn(username: string, userAgent = CHROME_LINUX, cookie?: string): Promise<string> {
  const request = jsonPost("/api/login", { username, password: PASSWORD }, cookie);
  request.headers.set("User-Agent", userAgent);
  const answer = await call(login, request);
  expect(answer.status).toBe(200);
  return cookieFrom(answer.headers);
}

async function signedInAs(cookie: string): Promise<string | null> {
  const answer = await call(apiUser, get("/api/user", cookie));
  return answer.status === 200 ? answer.body.user.username : null;
}

/** The id the cookie carries (Remix's signed cookie: base64 JSON, then the signature). */
function sidOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")).sid;
}

describe("sign-out on the real server ends the session, not just the cookie", () => {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  beforeAll(async () => {
    expect(existsSync(path.resolve(import.meta.dirname, "../../build/index.js")), "run `npm run build` first").toBe(
      true,
    );
    server = await startAppServer({});
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function serverSignIn(username: string): Promise<{ cookie: string; setCookie: string }> {
    const response = await fetch(`${server!.base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": CHROME_LINUX },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    return { cookie: setCookie.split(";")[0]!, setCookie };
  }

  const apiUserStatus = async (cookie: string) =>
    (await fetch(`${server!.base}/api/user`, { headers: { Cookie: cookie } })).status;

  it("a copy of the cookie taken before POST /api/logout answers 401 on /api/user afterwards", async () => {
    const m = await member();
    const { cookie, setCookie } = await serverSignIn(m.username);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).not.toMatch(/; Secure/i); // plain http: text browsers keep it only without (decision 130)
    const copy = cookie;
    expect(await apiUserStatus(copy)).toBe(200);

    const out = await fetch(`${server!.base}/api/logout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect(await apiUserStatus(copy)).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
  });

  it("a copy of the cookie taken before POST /logout is signed out on pages", async () => {
    const m = await member();
    const { cookie } = await serverSignIn(m.username);
    const profile = (c: string) =>
      fetch(`${server!.base}/user-profile`, { headers: { Cookie: c }, redirect: "manual" });
    expect((await profile(cookie)).status).toBe(200);

    const out = await fetch(`${server!.base}/logout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: "",
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const after = await profile(cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await apiUserStatus(cookie)).toBe(401);
  });
});

describe("over https the cookie is __Host- and Secure", () => {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  beforeAll(async () => {
    server = await startAppServer({ PUBLIC_URL: "https://members.example.test" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("PUBLIC_URL https: __Host-session, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; the cookie works", async () => {
    const m = await member();
    const response = await fetch(`${server!.base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: m.username, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/; Domain=/i);
    const me = await fetch(`${server!.base}/api/user`, { headers: { Cookie: setCookie!.split(";")[0]! } });
    expect(me.status).toBe(200);
  });
});

describe("session ids", () => {
  it("are new at every sign-in, stored only as their sha-256, and a sign-in ends the session it came with", async () => {
    const m = await member();
    const first = await signIn(m.username);
    const second = await signIn(m.username);
    expect(sidOf(first)).not.toBe(sidOf(second));
    expect(await signedInAs(first)).toBe(m.username);
    expect(await signedInAs(second)).toBe(m.username);

    const ids = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, m.id))).map((r) => r.id);
    expect(ids.sort()).toEqual([hashSessionId(sidOf(first)), hashSessionId(sidOf(second))].sort());
    expect(ids).not.toContain(sidOf(first));

    // Signing in again from a browser that has a session (fixation, or a shared computer): a new id, the old one ends.
    const third = await signIn(m.username, CHROME_LINUX, first);
    expect(sidOf(third)).not.toBe(sidOf(first));
    expect(await signedInAs(first)).toBeNull();
    expect(await signedInAs(third)).toBe(m.username);
  });
});

describe("the session cookie's checked signature is remembered per header (decision 273), the session is not", () => {
  it("a session ended after its cookie was seen is gone at once; a changed cookie is checked in full", async () => {
    const m = await member();
    const cookie = await signIn(m.username);
    for (let view = 0; view < 3; view += 1) expect(await signedInAs(cookie)).toBe(m.username);
    // the same header again, its session's row deleted (another device's "sign out of all other devices")
    await db.delete(sessions).where(eq(sessions.id, hashSessionId(sidOf(cookie))));
    expect(await signedInAs(cookie)).toBeNull();

    const other = await signIn(m.username);
    expect(await signedInAs(other)).toBe(m.username);
    const [name, value] = [other.slice(0, other.indexOf("=")), other.slice(other.indexOf("=") + 1)];
    // a signature changed in its last characters, or a payload naming another id: no session, every time
    const forged = [`${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`, `${name}=x${value}`];
    for (const header of forged) {
      expect(await signedInAs(header)).toBeNull();
      expect(await signedInAs(header)).toBeNull();
    }
    expect(await signedInAs(other)).toBe(m.username);
  });
});

describe("sessions per member", () => {
  it("are kept to the 50 most recently seen: a 51st sign-in ends the least recently seen one", async () => {
    const m = await member();
    const { createUserSession, MAX_SESSIONS_PER_MEMBER } = await import("~/accounts/session.server");
    expect(MAX_SESSIONS_PER_MEMBER).toBe(50);
    const oldest = await signIn(m.username);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, hashSessionId(sidOf(oldest))));
    for (let i = 0; i < 49; i++) await createUserSession(m.id);
    expect(await signedInAs(oldest)).toBe(m.username);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, hashSessionId(sidOf(oldest))));
    const newest = await signIn(m.username);
    expect(await signedInAs(newest)).toBe(m.username);
    expect(await signedInAs(oldest)).toBeNull();
    expect(await db.$count(sessions, eq(sessions.userId, m.id))).toBe(50);
  });
});

describe("idle timeout and absolute lifetime", () => {
  const setTimes = (cookie: string, times: { lastSeenAt?: string; createdAt?: string }) =>
    db
      .update(sessions)
      .set({
        ...(times.lastSeenAt ? { lastSeenAt: sql`now() - ${times.lastSeenAt}::interval` } : {}),
        ...(times.createdAt ? { createdAt: sql`now() - ${times.createdAt}::interval` } : {}),
      })
      .where(eq(sessions.id, hashSessionId(sidOf(cookie))));
  const lastSeen = async (cookie: string) =>
    (
      await db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.id, hashSessionId(sidOf(cookie))))
    )[0]?.at;

  it("a session unused for 14 days ends; one used 13 days ago is honoured and its last-seen moves", async () => {
    const m = await member();
    const idle = await signIn(m.username);
    const recent = await signIn(m.username);
    await setTimes(idle, { lastSeenAt: "14 days 1 minute" });
    await setTimes(recent, { lastSeenAt: "13 days" });
    expect(await signedInAs(idle)).toBeNull();
    expect(await signedInAs(recent)).toBe(m.username);
    expect(Date.now() - new Date((await lastSeen(recent))!).getTime()).toBeLessThan(60_000);
  });

  it("last-seen is written at most every few minutes, not on every request", async () => {
    const m = await member();
    const cookie = await signIn(m.username);
    await setTimes(cookie, { lastSeenAt: "2 minutes" });
    const before = new Date((await lastSeen(cookie))!).getTime();
    expect(await signedInAs(cookie)).toBe(m.username);
    expect(new Date((await lastSeen(cookie))!).getTime()).toBe(before);
    await setTimes(cookie, { lastSeenAt: "6 minutes" });
    expect(await signedInAs(cookie)).toBe(m.username);
    expect(Date.now() - new Date((await lastSeen(cookie))!).getTime()).toBeLessThan(60_000);
  });

  it("a session ends 60 days after sign-in however recently it was used", async () => {
    const m = await member();
    const old = await signIn(m.username);
    const young = await signIn(m.username);
    await setTimes(old, { createdAt: "60 days 1 minute" });
    await setTimes(young, { createdAt: "59 days" });
    expect(await signedInAs(old)).toBeNull();
    expect(await signedInAs(young)).toBe(m.username);
  });

  it("the recurring clean-up deletes expired rows and keeps live ones", async () => {
    const m = await member();
    const idle = await signIn(m.username);
    const old = await signIn(m.username);
    const live = await signIn(m.username);
    await setTimes(idle, { lastSeenAt: "15 days" });
    await setTimes(old, { createdAt: "61 days" });
    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(2);
    const left = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, m.id))).map(
      (r) => r.id,
    );
    expect(left).toEqual([hashSessionId(sidOf(live))]);
  });
});

describe("signed-in browsers and 'Sign out of all other devices'", () => {
  it("the profile lists the browsers with a device label and marks this one; the form ends the others only", async () => {
    const m = await member();
    const other = await member();
    const here = await signIn(m.username, CHROME_LINUX);
    const there = await signIn(m.username, FIREFOX_WINDOWS);
    const third = await signIn(m.username, CHROME_LINUX);
    const someoneElse = await signIn(other.username);

    const page = await call(profileLoader, get("/user-profile", here));
    expect(page.status).toBe(200);
    const browsers = page.body.browsers as Array<{
      device: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }>;
    expect(browsers).toHaveLength(3);
    expect(browsers.filter((b) => b.current)).toEqual([expect.objectContaining({ device: "Chrome on Linux" })]);
    expect(browsers.map((b) => b.device).sort()).toEqual(["Chrome on Linux", "Chrome on Linux", "Firefox on Windows"]);
    expect(JSON.stringify(browsers)).not.toMatch(/[0-9a-f]{64}/); // no session hashes leave the server

    const answer = await call(profileAction, formPost("/user-profile", { intent: "sign-out-others" }, here));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/user-profile");
    expect(await signedInAs(here)).toBe(m.username);
    expect(await signedInAs(there)).toBeNull();
    expect(await signedInAs(third)).toBeNull();
    expect(await signedInAs(someoneElse)).toBe(other.username);
    expect((await call(profileLoader, get("/user-profile", here))).body.browsers).toHaveLength(1);
  });

  it("the JSON API: GET /api/sessions lists them, POST /api/logout-others ends the others", async () => {
    const m = await member();
    const here = await signIn(m.username, FIREFOX_WINDOWS);
    const there = await signIn(m.username, CHROME_LINUX);
    const list = await call(sessionsApi, get("/api/sessions", here));
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions.find((s: { current: boolean }) => s.current).device).toBe("Firefox on Windows");

    const out = await call(logoutOthersApi, jsonPost("/api/logout-others", {}, here));
    expect(out).toMatchObject({
      status: 200,
      body: { ended: 1, message: "You have been signed out of 1 other browser." },
    });
    expect(await signedInAs(here)).toBe(m.username);
    expect(await signedInAs(there)).toBeNull();
    expect((await call(logoutOthersApi, jsonPost("/api/logout-others", {}, there))).status).toBe(401);
    expect((await call(sessionsApi, get("/api/sessions"))).status).toBe(401);
  });
});

describe("changing the e-mail address ends every other session", () => {
  it("through the API and the profile form: the browser that changed it stays signed in", async () => {
    const m = await member();
    const here = await signIn(m.username);
    const there = await signIn(m.username);
    const answer = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail: `${m.username}@new.example.test`, currentPassword: PASSWORD }, here),
    );
    expect(answer.status).toBe(200);
    expect(await signedInAs(here)).toBe(m.username);
    expect(await signedInAs(there)).toBeNull();

    const again = await signIn(m.username);
    const form = await call(
      profileAction,
      formPost(
        "/user-profile",
        { intent: "change-email", newEmail: `${m.username}@third.example.test`, currentPassword: PASSWORD },
        here,
      ),
    );
    expect(form.status).toBe(302);
    expect(await signedInAs(here)).toBe(m.username);
    expect(await signedInAs(again)).toBeNull();
  });

  it("a wrong current password changes nothing and ends nothing", async () => {
    const m = await member();
    const here = await signIn(m.username);
    const there = await signIn(m.username);
    const answer = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail: `${m.username}@new.example.test`, currentPassword: "Wrong1234" }, here),
    );
    expect(answer.status).toBe(400);
    expect(await signedInAs(there)).toBe(m.username);
  });
});
