import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { db, rawSql } from "#db/client.server";
import { adminApiTokens, sessions, userRecoveryCodes, users } from "#db/schema";
import { ADMIN_SECOND_FACTOR_REQUIRED } from "~/accounts/session.server";
import { newToken } from "~/accounts/tokens.server";
import { confirmEnrolment, pendingEnrolment, startEnrolment } from "~/accounts/two-factor.server";
import * as tokensPage from "~/routes/admin.api-tokens";
import * as backupsPage from "~/routes/admin.backups._index";
import * as emailsPage from "~/routes/admin.emails";
import * as moderationPage from "~/routes/admin.moderation._index";
import * as rolesPage from "~/routes/admin.moderation.roles";
import * as emailsApi from "~/routes/api.admin.email-list";
import * as loginApi from "~/routes/api.login";
import * as rolesApi from "~/routes/api.moderation.roles";
import * as authPage from "~/routes/auth";
import * as secondStep from "~/routes/auth_.two-factor";
import * as resetPage from "~/routes/reset-password";
import * as settingsPage from "~/routes/user-profile_.two-factor";
import { call, cookieFrom, formPost, get, jsonPost, randomIp, routeRequest } from "../support/routes";
import { cookieFor, member } from "./forum-helpers";
import { outboxFor } from "./helpers/accounts";

/**
 * Staff who prove it (issue 46): admins need a second factor for every admin function (decision 291), and are sent
 * to set one up at sign-in and on reaching an admin page; the export's bearer tokens are an admin's own, expiring
 * and revocable; every change of a second factor is mailed (decision 292); recovery codes under the password KDF
 * (decision 293); wrong codes throttled apart and the sign-in lockout keyed on account and address (decision 294).
 */
const PASSWORD = "Passw0rd!x";
const SETTINGS = "/user-profile/two-factor";

describe("an admin without a second factor", () => {
  it("reaches no admin page, export, backup or role change, and is sent to set one up", async () => {
    const admin = await member({ admin: true, secondFactor: false });
    const cookie = await cookieFor(admin.id);
    for (const [loader, path] of [
      [emailsPage.loader, "/admin/emails"],
      [backupsPage.loader, "/admin/backups"],
      [rolesPage.loader, "/admin/moderation/roles"],
      [moderationPage.loader, "/admin/moderation"],
      [tokensPage.loader, "/admin/api-tokens"],
    ] as const) {
      const page = await call(loader as never, get(path, cookie));
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toBe(SETTINGS);
      expect(page.headers.get("Set-Cookie"), path).toMatch(/toast/);
    }
    const exported = await call(emailsApi.loader, get("/api/admin/email-list", cookie));
    expect(exported.status).toBe(403);
    expect(JSON.stringify(exported.body)).not.toContain("@example.test");
    const role = await call(
      rolesApi.action,
      jsonPost("/api/moderation/roles", { username: admin.username, role: "moderator", reason: "x" }, cookie),
    );
    expect(role.status).toBe(403);
    expect(role.body.error).toBe(ADMIN_SECOND_FACTOR_REQUIRED);

    // the settings page says why
    const settings = await call(settingsPage.loader, get(SETTINGS, cookie));
    expect(settings.body.required).toBe(true);
  });

  it("is signed in and sent to set one up; once it is on, the admin pages open", async () => {
    const admin = await member({ admin: true, secondFactor: false });
    const signIn = await call(
      authPage.action,
      formPost("/auth", { intent: "login", username: admin.username, password: PASSWORD, redirectTo: "/admin/emails" }),
    );
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe(SETTINGS);
    const cookie = cookieFrom(signIn.headers);
    expect(cookie).toMatch(/__session=/);

    await startEnrolment(admin.id);
    const { secret } = (await pendingEnrolment(admin))!;
    expect((await confirmEnrolment({ user: admin, code: await generate({ secret }) })).ok).toBe(true);
    const session = cookie.split(/;\s*/).find((part) => part.startsWith("__session="))!;
    const page = await call(emailsPage.loader, get("/admin/emails", session));
    expect(page.status).toBe(200);
    expect(page.body.emails).toContain(admin.email);
  });
});

describe("an admin without a second factor who resets the password", () => {
  it("is signed in and sent to set one up too", async () => {
    const admin = await member({ admin: true, secondFactor: false });
    const { token, hash } = newToken();
    await db
      .update(users)
      .set({ passwordResetToken: hash, passwordResetTokenExpires: new Date(Date.now() + 60_000) })
      .where(eq(users.id, admin.id));
    const reset = await call(
      resetPage.action,
      formPost("/reset-password", { token, password: "Fresh456!", confirmPassword: "Fresh456!" }),
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe(SETTINGS);
    expect(cookieFrom(reset.headers)).toMatch(/__session=/);
  });
});

describe("the admins' API tokens", () => {
  it("are made by an admin who passed the second factor, shown once, stored hashed, listed, expiring and revocable", async () => {
    const admin = await member({ admin: true });
    const cookie = await cookieFor(admin.id);
    const made = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "create", name: "newsletter", days: "7" }, cookie),
    );
    expect(made.status).toBe(200);
    const token = made.body.token as string;
    expect(token).toMatch(/^noat_[A-Za-z0-9_-]{43}$/);
    // stored as its hash only
    const [row] = await db.select().from(adminApiTokens).where(eq(adminApiTokens.userId, admin.id));
    expect(JSON.stringify(row)).not.toContain(token.slice(5));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // listed, without the token
    const page = await call(tokensPage.loader, get("/admin/api-tokens", cookie));
    expect(page.body.tokens).toMatchObject([{ name: "newsletter", revokedAt: null, lastUsedAt: null }]);
    expect(JSON.stringify(page.body)).not.toContain(token);

    const useToken = (value: string) =>
      call(emailsApi.loader, routeRequest("/api/admin/email-list", { headers: { Authorization: `Bearer ${value}` } }));
    const ok = await useToken(token);
    expect(ok.status).toBe(200);
    expect(ok.body.emails).toContain(admin.email);
    expect((await call(tokensPage.loader, get("/admin/api-tokens", cookie))).body.tokens[0].lastUsedAt).not.toBeNull();
    // a made-up token, and the environment's old shared token, open nothing
    expect((await useToken(`noat_${"A".repeat(43)}`)).status).toBe(403);
    expect((await useToken("test-admin-api-token-0123456789")).status).toBe(403);

    // a bad form: 400 with the field's message
    const bad = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "create", name: "", days: "1000" }, cookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result.error.name).toBeTruthy();
    expect(bad.body.result.error.days).toBeTruthy();

    // made only after the re-authentication (password and code)
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(sessions.userId, admin.id));
    const stale = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "create", name: "late", days: "7" }, cookie),
    );
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/confirm-password?returnTo=%2Fadmin%2Fapi-tokens");
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now()` })
      .where(eq(sessions.userId, admin.id));

    // revoked: refused at once; another admin cannot revoke it
    const other = await member({ admin: true });
    const foreign = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "revoke", id: String(row!.id) }, await cookieFor(other.id)),
    );
    expect(foreign.status).toBe(302);
    expect((await useToken(token)).status).toBe(200);
    const revoked = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "revoke", id: String(row!.id) }, cookie),
    );
    expect(revoked.status).toBe(302);
    expect((await useToken(token)).status).toBe(403);

    // expired: refused
    const second = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "create", name: "short", days: "7" }, cookie),
    );
    expect((await useToken(second.body.token)).status).toBe(200);
    await db
      .update(adminApiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminApiTokens.name, "short"));
    expect((await useToken(second.body.token)).status).toBe(403);
  });

  it("stop when the admin's second factor is turned off or they are no longer an admin", async () => {
    const admin = await member({ admin: true });
    const cookie = await cookieFor(admin.id);
    const made = await call(
      tokensPage.action,
      formPost("/admin/api-tokens", { intent: "create", name: "x", days: "30" }, cookie),
    );
    const useToken = () =>
      call(
        emailsApi.loader,
        routeRequest("/api/admin/email-list", { headers: { Authorization: `Bearer ${made.body.token}` } }),
      );
    expect((await useToken()).status).toBe(200);
    const off = await call(
      settingsPage.action,
      formPost(SETTINGS, { intent: "disable", code: await generate({ secret: admin.totpSecret! }) }, cookie),
    );
    expect(off.status).toBe(302);
    expect((await useToken()).status).toBe(403);
    const [row] = await db.select().from(adminApiTokens).where(eq(adminApiTokens.userId, admin.id));
    expect(row!.revokedAt).not.toBeNull();

    // a token of an admin who is a member again opens nothing
    const other = await member({ admin: true });
    const { createAdminApiToken } = await import("~/accounts/admin-tokens.server");
    const { token } = await createAdminApiToken({ userId: other.id, name: "y", days: 7 });
    const otherUse = () =>
      call(emailsApi.loader, routeRequest("/api/admin/email-list", { headers: { Authorization: `Bearer ${token}` } }));
    expect((await otherUse()).status).toBe(200);
    await db.update(users).set({ role: "member" }).where(eq(users.id, other.id));
    expect((await otherUse()).status).toBe(403);
  });
});

describe("security notices of the second factor", () => {
  it("mails every change (on, new recovery codes, a recovery code used, off)", async () => {
    const admin = await member({ admin: true, secondFactor: false, verified: true });
    await startEnrolment(admin.id);
    const { secret } = (await pendingEnrolment(admin))!;
    const step = Math.floor(Date.now() / 1000 / 30);
    const enrolled = await confirmEnrolment({ user: admin, code: await generate({ secret, epoch: (step - 1) * 30 }) });
    if (!enrolled.ok) throw new Error(enrolled.error);
    const subjects = async () => (await outboxFor(admin.email!)).map((m) => m.subject);
    expect(await subjects()).toEqual([expect.stringMatching(/Two-factor authentication was turned on$/)]);

    const cookie = await cookieFor(admin.id);
    const renewed = await call(
      settingsPage.action,
      formPost(SETTINGS, { intent: "regenerate", code: await generate({ secret, epoch: step * 30 }) }, cookie),
    );
    expect(renewed.status).toBe(200);
    expect((await subjects()).at(-1)).toMatch(/New recovery codes were made$/);

    const password = await call(
      authPage.action,
      formPost("/auth", { intent: "login", username: admin.username, password: PASSWORD }),
    );
    const pending = cookieFrom(password.headers);
    const recovered = await call(
      secondStep.action,
      formPost("/auth/two-factor", { intent: "recovery", recoveryCode: renewed.body.recoveryCodes[0] }, pending),
    );
    expect(recovered.status).toBe(302);
    const used = (await outboxFor(admin.email!)).at(-1)!;
    expect(used.subject).toMatch(/A recovery code was used to sign in$/);
    expect(used.text).toContain("/auth?dialog=reset");

    const off = await call(
      settingsPage.action,
      formPost(SETTINGS, { intent: "disable", code: renewed.body.recoveryCodes[1] }, cookie),
    );
    expect(off.status).toBe(302);
    expect((await subjects()).at(-1)).toMatch(/Two-factor authentication was turned off$/);
  });
});

describe("recovery codes of before", () => {
  it("are deleted by the migration (their owners make new ones)", async () => {
    const admin = await member({ admin: true });
    await db.insert(userRecoveryCodes).values({ userId: admin.id, codeHash: "a".repeat(64) });
    // the migration's own statement (db/migrations/0013_staff_second_factor.sql)
    await rawSql().unsafe(`DELETE FROM "user_recovery_codes" WHERE "lookup" IS NULL`);
    expect(await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, admin.id))).toEqual([]);
  });
});

describe("the sign-in lockout", () => {
  it("is keyed on account and client address together: a stranger elsewhere cannot lock the owner out", async () => {
    const owner = await member();
    const login = (ip: string, password: string) =>
      call(loginApi.action, jsonPost("/api/login", { username: owner.username, password }), { ip });
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) expect((await login(stranger, "wrong password")).status).toBe(401);
    expect((await login(stranger, PASSWORD)).status).toBe(429);
    // the owner, from their own address, signs in
    expect((await login(randomIp(), PASSWORD)).status).toBe(200);
  });
});
