import { describe, expect, it } from "vitest";
import { rawSql } from "#db/client.server";
import { ACCOUNT_MAIL_QUEUE } from "~/accounts/account-mail.server";
import { COMMON_PASSWORD_MESSAGE, commonPasswordCount } from "~/accounts/common-passwords.server";
import { limits } from "~/accounts/limits.server";
import { createUser } from "~/accounts/users.server";
import { jobsOf } from "~/jobs/queue.server";
import { action as changeEmailApi } from "~/routes/api.change-email";
import { action as forgotPassword } from "~/routes/api.forgot-password";
import { action as forgotByUsername } from "~/routes/api.forgot-password-by-username";
import { action as login } from "~/routes/api.login";
import { action as register } from "~/routes/api.register";
import { action as resetApi } from "~/routes/api.reset-password";
import { loader as apiUser } from "~/routes/api.user";
import { action as authAction } from "~/routes/auth";
import { action as resetPage } from "~/routes/reset-password";
import { publicOrigin } from "~/utils/env.server";
import { call, cookieFrom, formPost, get, jsonPost } from "../support/routes";
import { linkIn, outboxFor, tokenOf, uniqueName } from "./helpers/accounts";

/**
 * Recovery and account mail (decision 013): requests only enqueue, so known and unknown addresses answer alike
 * in time; security notices; the daily per-address limit. And the common-password rule (decision 014).
 */
const PASSWORD = "Secret123!";

async function member() {
  const username = uniqueName("mq");
  const email = `${username}@example.test`;
  const user = await createUser({ username, email, password: PASSWORD, isEmailVerified: true });
  return { ...user, username, email };
}

async function signIn(username: string, password = PASSWORD) {
  const answer = await call(login, jsonPost("/api/login", { username, password }));
  expect(answer.status).toBe(200);
  return cookieFrom(answer.headers);
}

const signedIn = async (cookie: string) => (await call(apiUser, get("/api/user", cookie))).status === 200;

describe("recovery requests only enqueue the mail", () => {
  it("answer with a queued job that carries no token; the job sends the mail", async () => {
    const m = await member();
    const answer = await call(forgotPassword, jsonPost("/api/forgot-password", { email: m.email }));
    expect(answer.status).toBe(200);
    const pending = (await jobsOf(ACCOUNT_MAIL_QUEUE)).filter(
      (job) =>
        JSON.stringify(job.payload) ===
        JSON.stringify({ kind: "reset-by-email", email: m.email, origin: publicOrigin() }),
    );
    expect(pending).toHaveLength(1); // done or not (another file's process may already have run it)
    const mails = await outboxFor(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Reset your/);
  });

  it("a known and an unknown address take the same time (median of 9 each, within 1.5x)", async () => {
    const known = await Promise.all(Array.from({ length: 9 }, () => member()));
    const unknown = Array.from({ length: 9 }, () => `${uniqueName("nobody")}@example.test`);
    // One warm-up of each path (prepared statements, module loading).
    await call(forgotPassword, jsonPost("/api/forgot-password", { email: `${uniqueName("warm")}@example.test` }));
    const time = async (email: string) => {
      const start = performance.now();
      const answer = await call(forgotPassword, jsonPost("/api/forgot-password", { email }));
      const ms = performance.now() - start;
      expect(answer.status).toBe(200);
      return ms;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Interleaved, so a burst of load on the machine hits both alike.
    for (let i = 0; i < 9; i++) {
      knownMs.push(await time(known[i]!.email));
      unknownMs.push(await time(unknown[i]!));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[4]!;
    const [k, u] = [median(knownMs), median(unknownMs)];
    expect(Math.max(k, u) / Math.min(k, u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThanOrEqual(
      1.5,
    );
    // The mails still go out, from the queue.
    expect((await outboxFor(known[0]!.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/Reset your/),
    ]);
  });
});

describe("at most 6 mails a day to one address", () => {
  it("the 6th request within an hour is refused by the hourly limit, the 7th of the day by the daily one", async () => {
    const m = await member();
    const ask = () => call(forgotPassword, jsonPost("/api/forgot-password", { email: m.email }));
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    const hourly = await ask();
    expect(hourly.status).toBe(429);
    expect(hourly.body.error).toMatch(/^Too many requests\. Please wait \d+ (seconds|minutes) and try again\.$/);

    // An hour later (the hourly window moved on; the daily one has not).
    await rawSql()`delete from rate_limits where key = ${limits.recoveryTarget(m.email).key}`;
    expect((await ask()).status).toBe(200);
    const daily = await ask();
    expect(daily.status).toBe(429);
    expect(daily.body.error).toMatch(/^Too many requests\. Please wait \d+ (seconds|minutes) and try again\.$/);
    expect(await outboxFor(m.email)).toHaveLength(6);

    // A reset asked by username is answered as usual (the request cannot know the address), but the mail job
    // counts the address's day and sends nothing more.
    const byUsername = await call(
      forgotByUsername,
      jsonPost("/api/forgot-password-by-username", { username: m.username }),
    );
    expect(byUsername.status).toBe(200);
    expect(await outboxFor(m.email)).toHaveLength(6);
  });
});

describe("security notices", () => {
  it("an e-mail change is told to the OLD address", async () => {
    const m = await member();
    const cookie = await signIn(m.username);
    const newEmail = `${m.username}@new.example.test`;
    const answer = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail, currentPassword: PASSWORD }, cookie),
    );
    expect(answer.status).toBe(200);
    const toOld = await outboxFor(m.email);
    expect(toOld).toHaveLength(1);
    expect(toOld[0]!.subject).toMatch(/e-mail address was changed/);
    expect(toOld[0]!.text).toContain(`changed to ${m.username[0]}•••@new.example.test`);
    expect(toOld[0]!.text).not.toContain(newEmail);
    // The new address gets its verification link, not the notice.
    expect((await outboxFor(newEmail)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/Confirm your email/),
    ]);
  });

  it("a password reset is told to the member, and ends every other session", async () => {
    const m = await member();
    const elsewhere = await signIn(m.username);
    expect((await call(forgotPassword, jsonPost("/api/forgot-password", { email: m.email }))).status).toBe(200);
    const token = tokenOf(linkIn((await outboxFor(m.email)).at(-1)!.text, "/reset-password"));
    const done = await call(
      resetPage,
      formPost("/reset-password", { token, password: "NewPass456", confirmPassword: "NewPass456" }),
    );
    expect(done.status).toBe(302);
    const here = cookieFrom(done.headers);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    const notice = (await outboxFor(m.email)).at(-1)!;
    expect(notice.subject).toMatch(/password was changed/);
    expect(notice.text).toContain("every other browser signed in to it was signed out");
  });
});

describe("common passwords are refused, with the reason, tied to the password field", () => {
  it("the list holds at least the 10,000 most common passwords", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it("registration (API and page) refuses password123 and creates nothing", async () => {
    const username = uniqueName("common");
    const api = await call(
      register,
      jsonPost("/api/register", { username, email: `${username}@example.test`, password: "password123" }),
    );
    expect(api).toMatchObject({ status: 400, body: { error: COMMON_PASSWORD_MESSAGE } });
    const page = await call(
      authAction,
      formPost("/auth", { intent: "register", username, email: `${username}@example.test`, password: "Password123" }),
    );
    expect(page.status).toBe(400);
    expect(page.body.result.error).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    expect((await call(login, jsonPost("/api/login", { username, password: "password123" }))).status).toBe(401);
    // A password that is not common is accepted.
    const ok = await call(
      register,
      jsonPost("/api/register", { username, email: `${username}@example.test`, password: "Tz7!qLm2Wx" }),
    );
    expect(ok.status).toBe(201);
  });

  it("a reset refuses password123 and keeps the link usable", async () => {
    const m = await member();
    await call(forgotPassword, jsonPost("/api/forgot-password", { email: m.email }));
    const token = tokenOf(linkIn((await outboxFor(m.email)).at(-1)!.text, "/reset-password"));
    const page = await call(
      resetPage,
      formPost("/reset-password", { token, password: "password123", confirmPassword: "password123" }),
    );
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({
      intent: "reset-password",
      result: { error: { password: [COMMON_PASSWORD_MESSAGE] } },
    });
    const api = await call(resetApi, jsonPost("/api/reset-password", { token, password: "password123" }));
    expect(api).toMatchObject({ status: 400, body: { error: COMMON_PASSWORD_MESSAGE } });
    expect((await call(resetApi, jsonPost("/api/reset-password", { token, password: "Tz7!qLm2Wx" }))).status).toBe(200);
  });
});
