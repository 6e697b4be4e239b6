import { and, count, eq, isNull, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { loginChallenges, rateLimits, sessions, userRecoveryCodes, userTotp, users } from "#db/schema";
import { newToken } from "~/accounts/tokens.server";
import { decryptSecret, WRONG_CODE, WRONG_RECOVERY_CODE } from "~/accounts/two-factor.server";
import * as loginApi from "~/routes/api.login";
import * as resetApi from "~/routes/api.reset-password";
import * as authPage from "~/routes/auth";
import * as secondStep from "~/routes/auth_.two-factor";
import * as confirmPage from "~/routes/confirm-password";
import * as resetPage from "~/routes/reset-password";
import * as profilePage from "~/routes/user-profile";
import * as settingsPage from "~/routes/user-profile_.two-factor";
import { call, cookieFrom, formPost, get, jsonPost, routeRequest } from "../support/routes";
import { cookieFor, member } from "./forum-helpers";

/**
 * The optional second factor of admins and moderators (issue 33, decision 210): enrolment (recent authentication,
 * the key, a first code, ten recovery codes once), sign-in in two steps, codes that cannot be replayed, recovery
 * codes used once, wrong codes counted like wrong passwords, turning it off and the re-authentication with a code.
 * Codes are made here with otplib from the key the page showed.
 */
const PASSWORD = "Passw0rd!x";
const SETTINGS = "/user-profile/two-factor";
const STEP = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A code the server has not accepted yet: the earliest time step after the last one used that it accepts now. */
async function freshCode(userId: number, secret: string): Promise<string> {
  const [row] = await db.select({ last: userTotp.lastTimeStep }).from(userTotp).where(eq(userTotp.userId, userId));
  const nowStep = Math.floor(Date.now() / 1000 / STEP);
  const step = Math.max(nowStep, (row?.last ?? -1) + 1);
  // the server accepts one step ahead: wait until this step is at most that
  if (step > nowStep + 1) await sleep((step - 1) * STEP * 1000 - Date.now() + 200);
  return generate({ secret, epoch: step * STEP });
}

/** A code of a step the server has already accepted (a replay). */
async function usedCode(userId: number, secret: string): Promise<string> {
  const [row] = await db.select({ last: userTotp.lastTimeStep }).from(userTotp).where(eq(userTotp.userId, userId));
  return generate({ secret, epoch: row!.last! * STEP });
}

const settings = (cookie: string) => call(settingsPage.loader, get(SETTINGS, cookie));
const post = (fn: typeof settingsPage.action, path: string, form: Record<string, string>, cookie?: string) =>
  call(fn, formPost(path, form, cookie));

/** The second step of signing in (/auth/two-factor): a code or a recovery code, with the pending sign-in's cookie. */
const signInCode = (form: Record<string, string>, cookie: string) =>
  post(secondStep.action, "/auth/two-factor", form, cookie);

/** An admin with the second factor set up through the page; its key, cookie and recovery codes. */
async function enrolledStaff(role: "admin" | "moderator" = "admin") {
  const user = await member(role === "admin" ? { admin: true, secondFactor: false } : { moderator: true });
  const cookie = await cookieFor(user.id);
  const started = await post(settingsPage.action, SETTINGS, { intent: "start" }, cookie);
  expect(started.status).toBe(302);
  const page = await settings(cookie);
  expect(page.status).toBe(200);
  expect(page.body.state).toEqual({ state: "pending" });
  const secret = String(page.body.enrolment.secret);
  // the code of the step before this one (one step early is accepted), leaving this step and the next for the test
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - STEP });
  const confirmed = await post(settingsPage.action, SETTINGS, { intent: "confirm", code }, cookie);
  expect(confirmed.status).toBe(200);
  const recoveryCodes = confirmed.body.recoveryCodes as string[];
  return { user, cookie, secret, recoveryCodes };
}

/** The password step of /auth: its answer and the pending sign-in's cookie. */
async function passwordStep(username: string, redirectTo?: string) {
  const form: Record<string, string> = { intent: "login", username, password: PASSWORD };
  if (redirectTo) form.redirectTo = redirectTo;
  const answer = await call(authPage.action, formPost("/auth", form));
  return { answer, cookie: cookieFrom(answer.headers) };
}

const sessionCount = async (userId: number) =>
  (await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

describe("two-factor enrolment", () => {
  it("shows the key once started with recent authentication, stores it encrypted, and switches on with a code", async () => {
    const admin = await member({ admin: true, secondFactor: false });
    const cookie = await cookieFor(admin.id);
    const before = await settings(cookie);
    expect(before.body.state).toEqual({ state: "off" });
    expect(before.body.enrolment).toBeNull();
    const profile = await call(profilePage.loader, get("/user-profile", cookie));
    expect(profile.body.twoFactor).toBe("off");

    // a stale session is sent to confirm the password first
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(sessions.userId, admin.id));
    const stale = await post(settingsPage.action, SETTINGS, { intent: "start" }, cookie);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/confirm-password?returnTo=%2Fuser-profile%2Ftwo-factor");
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, admin.id))).toEqual([]);
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now()` })
      .where(eq(sessions.userId, admin.id));

    expect((await post(settingsPage.action, SETTINGS, { intent: "start" }, cookie)).status).toBe(302);
    const page = await settings(cookie);
    const { secret, groupedSecret, uri, qrSvgDataUri } = page.body.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupedSecret).toBe(secret.match(/.{4}/g).join(" "));
    expect(uri).toBe(
      `otpauth://totp/Numerology%20Ontology:${admin.username}?secret=${secret}&issuer=Numerology%20Ontology`,
    );
    expect(Buffer.from(qrSvgDataUri.split(",")[1], "base64").toString()).toMatch(/^<svg /);
    // stored encrypted: the key is not in the row, and the app's key opens it
    const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, admin.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(decryptSecret(row!.secretEncrypted)).toBe(secret);
    expect(row!.enabledAt).toBeNull();

    // not on until a right code
    const wrong = await post(settingsPage.action, SETTINGS, { intent: "confirm", code: "000000" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.error.code).toEqual([WRONG_CODE]);
    const malformed = await post(settingsPage.action, SETTINGS, { intent: "confirm", code: "12ab" }, cookie);
    expect(malformed.status).toBe(400);
    expect((await db.select().from(userTotp).where(eq(userTotp.userId, admin.id)))[0]!.enabledAt).toBeNull();

    const code = await freshCode(admin.id, secret);
    const confirmed = await post(settingsPage.action, SETTINGS, { intent: "confirm", code }, cookie);
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    // a lookup group and 24 characters of 31 (118 bits: at least the 112 of ASVS 2.6.2; decision 293)
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){6}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    // under the password KDF, salted: scrypt with a salt of its own per code, the secret part nowhere in clear
    for (const s of stored) {
      expect(s.codeHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(codes.some((c) => c.startsWith(`${s.lookup}-`))).toBe(true);
      expect(codes.some((c) => s.codeHash.includes(c.replaceAll("-", "").slice(4)))).toBe(false);
    }
    expect(new Set(stored.map((s) => s.codeHash.split("$")[4])).size).toBe(10);
    const on = await settings(cookie);
    expect(on.body.state).toEqual({ state: "on", recoveryCodesLeft: 10 });
    // the key is never sent again
    expect(on.body.enrolment).toBeNull();
    expect(JSON.stringify(on.body)).not.toContain(secret);
    expect((await call(profilePage.loader, get("/user-profile", cookie))).body.twoFactor).toBe("on");
  });

  it("is for admins and moderators only: a member gets 403 and no section on the profile", async () => {
    const plain = await member();
    const cookie = await cookieFor(plain.id);
    expect((await settings(cookie)).status).toBe(403);
    expect((await post(settingsPage.action, SETTINGS, { intent: "start" }, cookie)).status).toBe(403);
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, plain.id))).toEqual([]);
    expect((await call(profilePage.loader, get("/user-profile", cookie))).body.twoFactor).toBeNull();
    // a moderator may
    const { user } = await enrolledStaff("moderator");
    expect((await db.select().from(userTotp).where(eq(userTotp.userId, user.id)))[0]!.enabledAt).not.toBeNull();
  });
});

describe("signing in with a second factor", () => {
  it("asks for the code after the password, then makes the session; a wrong code and a replayed one are refused", async () => {
    const { user, secret } = await enrolledStaff();
    await db.delete(sessions).where(eq(sessions.userId, user.id));

    const { answer, cookie } = await passwordStep(user.username, "/admin/emails");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/auth/two-factor");
    expect(cookie).toMatch(/^auth_second_step=/);
    expect(await sessionCount(user.id)).toBe(0);
    const [challenge] = await db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id));
    expect(challenge!.redirectTo).toBe("/admin/emails");

    const page = await call(secondStep.loader, get("/auth/two-factor", cookie));
    expect(page.status).toBe(200);
    expect(page.body.recovery).toBe(false);
    // without the pending sign-in, the code page sends back to the password
    const none = await call(secondStep.loader, get("/auth/two-factor"));
    expect(none.status).toBe(302);
    expect(none.headers.get("Location")).toBe("/auth");

    const wrong = await signInCode({ intent: "code", code: "000000" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.error.code).toEqual([WRONG_CODE]);
    expect(await sessionCount(user.id)).toBe(0);

    const code = await freshCode(user.id, secret);
    const right = await signInCode({ intent: "code", code }, cookie);
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/emails");
    const sessionCookie = cookieFrom(right.headers);
    expect(sessionCookie).toMatch(/__session=[^;]+/);
    expect(sessionCookie).toMatch(/auth_second_step=;|auth_second_step=$/);
    expect(await sessionCount(user.id)).toBe(1);
    // the pending sign-in was used up
    expect(await db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id))).toEqual([]);
    const again = await signInCode({ intent: "code", code }, cookie);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/auth");

    // the same code with a new pending sign-in: refused (its time step was used)
    const second = await passwordStep(user.username);
    const replay = await signInCode({ intent: "code", code: await usedCode(user.id, secret) }, second.cookie);
    expect(replay.status).toBe(400);
    expect(replay.body.result.error.code).toEqual([WRONG_CODE]);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("takes each recovery code once", async () => {
    const { user, recoveryCodes } = await enrolledStaff();
    const first = await passwordStep(user.username);
    const recoveryPage = await call(secondStep.loader, get("/auth/two-factor?method=recovery", first.cookie));
    expect(recoveryPage.body.recovery).toBe(true);
    const typed = recoveryCodes[3]!.toUpperCase().replace("-", " ");
    const used = await signInCode({ intent: "recovery", recoveryCode: typed }, first.cookie);
    expect(used.status).toBe(302);
    expect(used.headers.get("Location")).toBe("/forum");
    const left = await db
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, user.id), isNull(userRecoveryCodes.usedAt)));
    expect(left[0]!.n).toBe(9);

    const second = await passwordStep(user.username);
    const reused = await signInCode({ intent: "recovery", recoveryCode: recoveryCodes[3]! }, second.cookie);
    expect(reused.status).toBe(400);
    expect(reused.body.result.error.recoveryCode).toEqual([WRONG_RECOVERY_CODE]);
    const other = await signInCode({ intent: "recovery", recoveryCode: recoveryCodes[4]! }, second.cookie);
    expect(other.status).toBe(302);
  });

  it("throttles wrong codes on their own (5 per account in 15 minutes), never the password sign-in (decision 294)", async () => {
    const { user, secret } = await enrolledStaff();
    let cookie = "";
    for (let i = 0; i < 5; i++) {
      ({ cookie } = await passwordStep(user.username));
      const wrong = await signInCode({ intent: "code", code: "000000" }, cookie);
      expect(wrong.status).toBe(400);
    }
    const [limit] = await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `second-factor:user:${user.id}`));
    expect(limit!.count).toBe(5);
    // the password step still answers (to the code page), and the failed passwords' count was not touched...
    const password = await passwordStep(user.username);
    expect(password.answer.status).toBe(302);
    expect(password.answer.headers.get("Location")).toBe("/auth/two-factor");
    const passwordCounts = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`login:account-ip:${user.username.toLowerCase()}:%`}`);
    expect(passwordCounts).toEqual([]);
    // ...but a code, even a right one, waits for the window
    const right = await signInCode({ intent: "code", code: await freshCode(user.id, secret) }, password.cookie);
    expect(right.status).toBe(429);
    expect(await sessionCount(user.id)).toBe(1); // the enrolment's own
  });

  it("expires the pending sign-in after five minutes", async () => {
    const { user, secret } = await enrolledStaff();
    const { cookie } = await passwordStep(user.username);
    await db
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginChallenges.userId, user.id));
    const late = await signInCode({ intent: "code", code: await freshCode(user.id, secret) }, cookie);
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/auth");
  });

  it("the JSON sign-in asks for the code too", async () => {
    const { user, secret } = await enrolledStaff();
    const without = await call(
      loginApi.action,
      jsonPost("/api/login", { username: user.username, password: PASSWORD }),
    );
    expect(without.status).toBe(401);
    expect(without.body.twoFactorRequired).toBe(true);
    expect(without.headers.get("Set-Cookie")).toBeNull();
    const wrong = await call(
      loginApi.action,
      jsonPost("/api/login", { username: user.username, password: PASSWORD, code: "000000" }),
    );
    expect(wrong.status).toBe(401);
    const right = await call(
      loginApi.action,
      jsonPost("/api/login", { username: user.username, password: PASSWORD, code: await freshCode(user.id, secret) }),
    );
    expect(right.status).toBe(200);
    expect(right.headers.get("Set-Cookie")).toMatch(/__session=/);
  });
});

describe("a password reset with a second factor", () => {
  it("signs in only after the code: the mailed link stands for the password alone", async () => {
    const { user, secret } = await enrolledStaff();
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    const resetRequest = async () => {
      const { token, hash } = newToken();
      await db
        .update(users)
        .set({ passwordResetToken: hash, passwordResetTokenExpires: new Date(Date.now() + 60_000) })
        .where(eq(users.id, user.id));
      return token;
    };
    const page = await call(
      resetPage.action,
      formPost("/reset-password", {
        token: await resetRequest(),
        password: "Fresh456!",
        confirmPassword: "Fresh456!",
      }),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth/two-factor");
    expect(await sessionCount(user.id)).toBe(0);
    const done = await signInCode({ intent: "code", code: await freshCode(user.id, secret) }, cookieFrom(page.headers));
    expect(done.status).toBe(302);
    expect(await sessionCount(user.id)).toBe(1);

    const api = await call(
      resetApi.action,
      jsonPost("/api/reset-password", { token: await resetRequest(), password: "Fresh789!" }),
    );
    expect(api.status).toBe(200);
    expect(api.headers.get("Set-Cookie")).toBeNull();
    // a new password ends the sessions there were, and this reset made none
    expect(await sessionCount(user.id)).toBe(0);
  });
});

describe("changing the second factor", () => {
  it("turning it off needs recent authentication (password and code) and a current code", async () => {
    const { user, cookie, secret } = await enrolledStaff();
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(sessions.userId, user.id));
    const stale = await post(settingsPage.action, SETTINGS, { intent: "disable", code: "000000" }, cookie);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/confirm-password?returnTo=%2Fuser-profile%2Ftwo-factor");

    // the re-authentication asks for a code as well as the password
    const confirmLoader = await call(confirmPage.loader, get(`/confirm-password?returnTo=${SETTINGS}`, cookie));
    expect(confirmLoader.body.needsCode).toBe(true);
    const passwordOnly = await call(
      confirmPage.action,
      routeRequest("/confirm-password", { cookie, form: { password: PASSWORD, returnTo: SETTINGS } }),
    );
    expect(passwordOnly.status).toBe(400);
    const confirmed = await call(
      confirmPage.action,
      routeRequest("/confirm-password", {
        cookie,
        form: { password: PASSWORD, code: await freshCode(user.id, secret), returnTo: SETTINGS },
      }),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(SETTINGS);

    const wrong = await post(settingsPage.action, SETTINGS, { intent: "disable", code: "000000" }, cookie);
    expect(wrong.status).toBe(400);
    expect((await settings(cookie)).body.state.state).toBe("on");
    const off = await post(
      settingsPage.action,
      SETTINGS,
      { intent: "disable", code: await freshCode(user.id, secret) },
      cookie,
    );
    expect(off.status).toBe(302);
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toEqual([]);
    expect(await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual([]);
    // signing in is the password alone again, and an admin is sent to set a second factor up again (decision 291)
    const { answer } = await passwordStep(user.username);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(SETTINGS);
    expect(await sessionCount(user.id)).toBeGreaterThan(0);
  });

  it("new recovery codes need a code and replace the old ones", async () => {
    const { user, cookie, recoveryCodes } = await enrolledStaff();
    const refused = await post(settingsPage.action, SETTINGS, { intent: "regenerate", code: "000000" }, cookie);
    expect(refused.status).toBe(400);
    const renewed = await post(
      settingsPage.action,
      SETTINGS,
      { intent: "regenerate", code: recoveryCodes[0]! },
      cookie,
    );
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const { cookie: pending } = await passwordStep(user.username);
    const old = await signInCode({ intent: "recovery", recoveryCode: recoveryCodes[1]! }, pending);
    expect(old.status).toBe(400);
    const current = await signInCode({ intent: "recovery", recoveryCode: fresh[0]! }, pending);
    expect(current.status).toBe(302);
  });
});
