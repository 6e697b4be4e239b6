import { eq, sql } from "drizzle-orm";
import { generateSecret } from "otplib";
import { db } from "#db/client.server";
import { userTotp, users } from "#db/schema";
import { createUserSession } from "~/accounts/session.server";
import { encryptSecret } from "~/accounts/two-factor.server";
import { createUser } from "~/accounts/users.server";
import { routeRequest } from "../support/routes";

/**
 * A second factor switched on for the member (as the settings page leaves it, without recovery codes): admins need
 * one to reach any admin function (decision 291). Returns the TOTP key, for making codes with otplib.
 */
export async function enrolSecondFactor(userId: number): Promise<string> {
  const secret = generateSecret({ length: 20 });
  await db
    .insert(userTotp)
    .values({ userId, secretEncrypted: encryptSecret(secret), enabledAt: sql`now()` })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted: encryptSecret(secret), enabledAt: sql`now()`, lastTimeStep: null },
    });
  return secret;
}

/**
 * Test helpers for the forum's integration tests: unique members and their signed-in requests. An admin comes with
 * a second factor on (`totpSecret`), as admins must have (decision 291), unless `secondFactor: false`.
 */
export async function member(
  options: {
    email?: string | null;
    admin?: boolean;
    moderator?: boolean;
    verified?: boolean;
    secondFactor?: boolean;
  } = {},
) {
  const suffix = Math.random().toString(36).slice(2, 10);
  const user = await createUser({
    username: `fm_${suffix}`,
    email: options.email === undefined ? `fm_${suffix}@example.test` : options.email,
    password: "Passw0rd!x",
    isEmailVerified: options.verified ?? false,
  });
  if (options.admin) await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
  if (options.moderator) await db.update(users).set({ role: "moderator" }).where(eq(users.id, user.id));
  const totpSecret = options.admin && options.secondFactor !== false ? await enrolSecondFactor(user.id) : null;
  return { ...user, totpSecret };
}

export async function cookieFor(userId: number): Promise<string> {
  return (await createUserSession(userId)).split(";")[0]!;
}

/** A request to a forum route, signed in as `userId` when given (a session of that member's own). */
export async function jsonRequest(
  path: string,
  {
    method = "GET",
    body,
    userId,
    headers = {},
  }: { method?: string; body?: unknown; userId?: number; headers?: Record<string, string> } = {},
) {
  return routeRequest(path, { method, json: body, headers, cookie: userId ? await cookieFor(userId) : undefined });
}

/** An HTML form posted to a forum route, signed in as `userId` when given. */
export async function formRequest(path: string, fields: Record<string, string>, userId?: number) {
  return routeRequest(path, { form: fields, cookie: userId ? await cookieFor(userId) : undefined });
}
