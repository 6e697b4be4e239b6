import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { issueEmailVerification } from "~/accounts/email.server";
import { hashToken } from "~/accounts/tokens.server";
import { createUser } from "~/accounts/users.server";
import { action as forgotPassword } from "~/routes/api.forgot-password";
import { action as forgotByUsername } from "~/routes/api.forgot-password-by-username";
import { action as forgotUsername } from "~/routes/api.forgot-username";
import { action as login } from "~/routes/api.login";
import { action as resetApi } from "~/routes/api.reset-password";
import { action as resetPage, loader as resetPageLoader } from "~/routes/reset-password";
import { action as verifyEmail, loader as verifyEmailPage } from "~/routes/verify-email";
import { call, formPost, get, jsonPost, randomIp } from "../support/routes";
import { linkIn, outboxFor, tokenOf, uniqueName } from "./helpers/accounts";

const PASSWORD = "Secret123!";

async function member(withEmail = true) {
  const username = uniqueName("tok");
  const email = withEmail ? `${username}@example.test` : null;
  const user = await createUser({ username, email, password: PASSWORD });
  return { ...user, username, email };
}

async function requestReset(email: string) {
  const answer = await call(forgotPassword, jsonPost("/api/forgot-password", { email }));
  expect(answer.status).toBe(200);
  const mails = await outboxFor(email);
  return tokenOf(linkIn(mails.at(-1)!.text, "/reset-password"));
}

describe("forgot flows answer the same whether or not an account exists", () => {
  it("forgot-password by e-mail", async () => {
    const m = await member();
    const known = await call(forgotPassword, jsonPost("/api/forgot-password", { email: m.email }));
    const unknown = await call(
      forgotPassword,
      jsonPost("/api/forgot-password", { email: `${uniqueName("no")}@example.test` }),
    );
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, headers: unknown.headers });
    expect((await outboxFor(m.email!)).at(-1)!.subject).toMatch(/Reset your/);
  });

  it("forgot-password by username", async () => {
    const m = await member();
    const known = await call(forgotByUsername, jsonPost("/api/forgot-password-by-username", { username: m.username }));
    const unknown = await call(
      forgotByUsername,
      jsonPost("/api/forgot-password-by-username", { username: uniqueName("nobody") }),
    );
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect((await outboxFor(m.email!)).length).toBe(1);
    const empty = await call(forgotByUsername, jsonPost("/api/forgot-password-by-username", { username: "  " }));
    expect(empty).toMatchObject({ status: 400, body: { error: "Username is required" } });
  });

  it("forgot-username mails every username of the address", async () => {
    const m = await member();
    const known = await call(forgotUsername, jsonPost("/api/forgot-username", { email: m.email!.toUpperCase() }));
    const unknown = await call(
      forgotUsername,
      jsonPost("/api/forgot-username", { email: `${uniqueName("no")}@example.test` }),
    );
    expect(known.body).toEqual(unknown.body);
    const [mail] = await outboxFor(m.email!);
    expect(mail!.text).toContain(`Your username is: ${m.username}`);
    const bad = await call(forgotUsername, jsonPost("/api/forgot-username", { email: "nope" }));
    expect(bad).toMatchObject({ status: 400, body: { error: "Please enter a valid email address" } });
  });

  it("limits recovery requests per IP (30 an hour) and per target (5 an hour) with 429", async () => {
    const target = `${uniqueName("flood")}@example.test`;
    for (let i = 0; i < 5; i++) {
      expect((await call(forgotPassword, jsonPost("/api/forgot-password", { email: target }))).status).toBe(200);
    }
    expect((await call(forgotPassword, jsonPost("/api/forgot-password", { email: target }))).status).toBe(429);

    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const email = `${uniqueName("lim")}@example.test`;
      expect((await call(forgotPassword, jsonPost("/api/forgot-password", { email }), { ip })).status).toBe(200);
    }
    expect(
      (await call(forgotPassword, jsonPost("/api/forgot-password", { email: "a@example.test" }), { ip })).status,
    ).toBe(429);
  });
});

describe("password reset tokens", () => {
  it("store only a hash, work once, and sign the member in with the new password", async () => {
    const m = await member();
    const token = await requestReset(m.email!);
    const [row] = await db.select({ stored: users.passwordResetToken }).from(users).where(eq(users.id, m.id));
    expect(row!.stored).toBe(hashToken(token));
    expect(row!.stored).not.toBe(token);

    expect((await call(resetPageLoader, get(`/reset-password?token=${token}`))).body.usable).toBe(true);
    const mismatch = await call(
      resetPage,
      formPost("/reset-password", { token, password: "NewPass456", confirmPassword: "Other456" }),
    );
    expect(mismatch.status).toBe(400);
    const same = await call(
      resetPage,
      formPost("/reset-password", {
        token,
        password: m.username.slice(0, 16),
        confirmPassword: m.username.slice(0, 16),
      }),
    );
    expect(same.status).toBe(400);

    const done = await call(
      resetPage,
      formPost("/reset-password", { token, password: "NewPass456", confirmPassword: "NewPass456" }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/forum");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);

    const reused = await call(
      resetPage,
      formPost("/reset-password", { token, password: "Other789x", confirmPassword: "Other789x" }),
    );
    expect(reused.status).toBe(400);
    expect(JSON.stringify(reused.body)).toContain("This password reset link is invalid or has expired.");
    expect((await call(resetPageLoader, get(`/reset-password?token=${token}`))).body.usable).toBe(false);

    expect((await call(login, jsonPost("/api/login", { username: m.username, password: PASSWORD }))).status).toBe(401);
    expect((await call(login, jsonPost("/api/login", { username: m.username, password: "NewPass456" }))).status).toBe(
      200,
    );
  });

  it("sign out every browser that was signed in before the reset", async () => {
    const m = await member();
    const { createUserSession, getUser } = await import("~/accounts/session.server");
    const before = (await createUserSession(m.id)).split(";")[0]!;
    const signedIn = (cookie: string) => getUser(get("/forum", cookie));
    expect((await signedIn(before))?.id).toBe(m.id);

    const token = await requestReset(m.email!);
    await new Promise((r) => setTimeout(r, 5)); // the old session is older than the reset by a few ms at least
    const done = await call(
      resetPage,
      formPost("/reset-password", { token, password: "NewPass456", confirmPassword: "NewPass456" }),
    );
    expect(done.status).toBe(302);
    const after = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!;

    expect(await signedIn(before)).toBeNull();
    expect((await signedIn(after))?.id).toBe(m.id);
    // A session signed after the reset (a new sign-in elsewhere) is honoured.
    expect((await signedIn((await createUserSession(m.id)).split(";")[0]!))?.id).toBe(m.id);
  });

  it("expire after an hour", async () => {
    const m = await member();
    const token = await requestReset(m.email!);
    await db
      .update(users)
      .set({ passwordResetTokenExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, m.id));
    const answer = await call(resetApi, jsonPost("/api/reset-password", { token, password: "NewPass456" }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/invalid or has expired/);
  });

  it("refuse a wrong or missing token", async () => {
    const wrong = await call(
      resetApi,
      jsonPost("/api/reset-password", { token: "not-a-real-token", password: "NewPass456" }),
    );
    expect(wrong.status).toBe(400);
    const missing = await call(resetApi, jsonPost("/api/reset-password", { password: "NewPass456" }));
    expect(missing).toMatchObject({ status: 400, body: { error: "Reset token is required" } });
  });

  it("a newer request replaces the older link", async () => {
    const m = await member();
    const first = await requestReset(m.email!);
    const second = await requestReset(m.email!);
    expect(
      (await call(resetApi, jsonPost("/api/reset-password", { token: first, password: "NewPass456" }))).status,
    ).toBe(400);
    expect(
      (await call(resetApi, jsonPost("/api/reset-password", { token: second, password: "NewPass456" }))).status,
    ).toBe(200);
  });

  it("two racing uses of one link: exactly one succeeds", async () => {
    const m = await member();
    const token = await requestReset(m.email!);
    const answers = await Promise.all(
      ["RaceOne111", "RaceTwo222"].map((password) =>
        call(resetApi, jsonPost("/api/reset-password", { token, password })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe("e-mail verification tokens", () => {
  it("verify once, valid 24 hours", async () => {
    const m = await member();
    const issued = await issueEmailVerification({ userId: m.id, origin: "http://localhost" });
    expect(issued.ok).toBe(true);
    const mail = (await outboxFor(m.email!)).at(-1)!;
    const token = tokenOf(linkIn(mail.text, "/verify-email"));
    const [row] = await db
      .select({ expires: users.emailVerificationTokenExpires })
      .from(users)
      .where(eq(users.id, m.id));
    const hours = (new Date(row!.expires!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Opening the link (a mail scanner's prefetch, a link preview) changes nothing: the page asks to confirm.
    for (let i = 0; i < 2; i++) {
      const opened = await call(verifyEmailPage, get(`/verify-email?token=${token}`));
      expect(opened.body).toMatchObject({ result: "pending", token });
    }
    const [before] = await db.select({ v: users.isEmailVerified }).from(users).where(eq(users.id, m.id));
    expect(before!.v).toBe(false);

    const confirmed = await call(verifyEmail, formPost(`/verify-email?token=${token}`, { intent: "verify" }));
    expect(confirmed).toMatchObject({ status: 200, body: { result: "verified" } });
    const [after] = await db.select({ v: users.isEmailVerified }).from(users).where(eq(users.id, m.id));
    expect(after!.v).toBe(true);
    expect((await call(verifyEmailPage, get(`/verify-email?token=${token}`))).body).toMatchObject({
      result: "invalid",
      token: null,
    });
    const again = await call(verifyEmail, formPost(`/verify-email?token=${token}`, { intent: "verify" }));
    expect(again).toMatchObject({ status: 400, body: { result: "invalid" } });
  });

  it("report an expired link as expired and a wrong one as invalid", async () => {
    const m = await member();
    await issueEmailVerification({ userId: m.id, origin: "http://localhost" });
    const token = tokenOf(linkIn((await outboxFor(m.email!)).at(-1)!.text, "/verify-email"));
    await db
      .update(users)
      .set({ emailVerificationTokenExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, m.id));
    expect((await call(verifyEmailPage, get(`/verify-email?token=${token}`))).body.result).toBe("expired");
    expect((await call(verifyEmailPage, get(`/verify-email?token=wrong`))).body.result).toBe("invalid");
    expect((await call(verifyEmailPage, get(`/verify-email`))).body.result).toBe("invalid");
    const late = await call(verifyEmail, formPost(`/verify-email?token=${token}`, { intent: "verify" }));
    expect(late).toMatchObject({ status: 400, body: { result: "expired" } });
    const [row] = await db.select({ v: users.isEmailVerified }).from(users).where(eq(users.id, m.id));
    expect(row!.v).toBe(false);
  });
});
