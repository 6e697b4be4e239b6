import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import { renderSVG } from "uqr";
import { db } from "#db/client.server";
import { adminApiTokens, loginChallenges, userRecoveryCodes, userTotp, users } from "#db/schema";
import { SITE_NAME } from "~/site";
import { COOKIES, cookieMaxAge } from "~/utils/cookies";
import { env, publicOrigin, secureCookies } from "~/utils/env.server";
import { safeRedirectPath } from "~/utils/http.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { enqueueAccountMail } from "./account-mail.server";
import { failure, type AccountFailure } from "./errors";
import { hitRateLimit, limits, peekRateLimit, resetRateLimit } from "./limits.server";
import type { SecondFactorChange } from "./mail-templates";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { hashToken, newToken } from "./tokens.server";
import { RECOVERY_CODE_COUNT } from "./two-factor";
import { isModeratorUser, type PublicUser } from "./users.server";

/**
 * The optional second factor of admins and moderators (issue 33, decision 210): TOTP (RFC 6238 with its defaults:
 * SHA-1, 6 digits, 30-second steps) through otplib, a code accepted up to one step early or late, never twice (the
 * last accepted step is kept); ten one-time recovery codes of 118 bits, kept under the password KDF (decision 293). The secret is stored AES-256-GCM
 * encrypted with a key of the server's own (TOTP_SECRET_KEY, generated into DATA_DIR like the session secret) and
 * shown to the member only while enrolling.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** one step either way, for clocks a little apart */
const EPOCH_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** how long the second step of a sign-in may wait after the password */
export const LOGIN_CHALLENGE_SECONDS = COOKIES.signInSecondStep.maxAgeSeconds;

export const WRONG_CODE = "That code is not right. Enter the 6-digit code your authenticator app shows now.";
export const WRONG_RECOVERY_CODE = "That recovery code is not right, or it has been used already.";
export const WRONG_CODE_OR_RECOVERY =
  "That code is not right. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.";
export const CHALLENGE_EXPIRED = "Your sign-in took too long or was already used. Enter your password again.";

// ---------------------------------------------------------------------------------------------- the secret at rest

const key = Buffer.from(hkdfSync("sha256", env.TOTP_SECRET_KEY, "", "totp-secret-aes-256-gcm-v1", 32));

/** "v1.<iv>.<tag>.<ciphertext>", base64url: AES-256-GCM with a fresh 96-bit nonce each time. */
export function encryptSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret, or null when it cannot be read (another key, or a changed value: GCM's tag refuses it). */
export function decryptSecret(stored: string): string | null {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------- state

export type TwoFactorState = { state: "off" } | { state: "pending" } | { state: "on"; recoveryCodesLeft: number };

/** Only staff may enrol (members never see the section); a second factor already on stays on whatever the role. */
export function mayEnrolTwoFactor(user: Pick<PublicUser, "role">): boolean {
  return isModeratorUser(user);
}

export async function twoFactorState(userId: number): Promise<TwoFactorState> {
  const [row] = await db
    .select({ enabledAt: userTotp.enabledAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .limit(1);
  if (!row) return { state: "off" };
  if (!row.enabledAt) return { state: "pending" };
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return { state: "on", recoveryCodesLeft: left?.n ?? 0 };
}

/** Whether signing in (and re-authenticating) asks this account for a code. */
export async function hasTwoFactor(userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
    .limit(1);
  return !!row;
}

// ---------------------------------------------------------------------------------------------- enrolment

/** A new secret, waiting for its first code (replaces an earlier unconfirmed one); refused when one is on. */
export async function startEnrolment(userId: number): Promise<{ ok: true } | AccountFailure> {
  if (await hasTwoFactor(userId)) return failure(409, "Two-factor authentication is already on.");
  const secretEncrypted = encryptSecret(generateSecret({ length: 20 }));
  await db
    .insert(userTotp)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted, lastTimeStep: null, createdAt: sql`now()` },
      where: isNull(userTotp.enabledAt),
    });
  return { ok: true };
}

export async function cancelEnrolment(userId: number): Promise<void> {
  await db.delete(userTotp).where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)));
}

export type Enrolment = { secret: string; groupedSecret: string; uri: string; qrSvgDataUri: string };

/** What the member types or scans into the authenticator app, while enrolment waits for the first code. */
export async function pendingEnrolment(user: Pick<PublicUser, "id" | "username">): Promise<Enrolment | null> {
  const secret = (await storedSecret(user.id, "pending"))?.secret;
  if (!secret) return null;
  const uri = generateURI({ issuer: SITE_NAME, label: user.username, secret });
  const svg = renderSVG(uri, { border: 2 });
  return {
    secret,
    groupedSecret: groupSecret(secret),
    uri,
    qrSvgDataUri: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** The base32 secret in groups of four, for typing: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** A member and the code they typed (from the authenticator app, or a recovery code where that is allowed). */
type MemberCode = { user: Pick<PublicUser, "id" | "username">; code: string };

/** The first code switches the second factor on; the answer carries the recovery codes, shown this once. */
export async function confirmEnrolment({
  user,
  code,
}: MemberCode): Promise<{ ok: true; recoveryCodes: string[] } | AccountFailure> {
  const limited = await underCodeLimit(user.id);
  if (limited) return limited;
  const secret = (await storedSecret(user.id, "pending"))?.secret;
  if (!secret) return failure(409, "Start the set-up again: there is no set-up waiting for a code.");
  const step = await totpStep(secret, code);
  if (step === null) return wrongCode(user.id, WRONG_CODE, "code");
  const recoveryCodes = newRecoveryCodes();
  const rows = await recoveryCodeRows(user.id, recoveryCodes);
  const switched = await db.transaction(async (tx) => {
    const done = await tx
      .update(userTotp)
      .set({ enabledAt: sql`now()`, lastTimeStep: step })
      .where(and(eq(userTotp.userId, user.id), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId });
    if (done.length === 0) return false;
    await replaceRecoveryCodes(tx, user.id, rows);
    return true;
  });
  if (!switched) return failure(409, "Two-factor authentication is already on.");
  await noticeSecondFactorChange(user.id, "enabled");
  return { ok: true, recoveryCodes };
}

/** Turning it off: a current code (or a recovery code) as well as the recent authentication the page asked for. */
export async function disableTwoFactor({ user, code }: MemberCode): Promise<{ ok: true } | AccountFailure> {
  const checked = await checkCode({ user, code, allowRecovery: true });
  if (!checked.ok) return checked;
  await db.transaction(async (tx) => {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    // the admin's API tokens were made behind this second factor: none outlives it (decision 291)
    await tx
      .update(adminApiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminApiTokens.userId, user.id), isNull(adminApiTokens.revokedAt)));
  });
  await noticeSecondFactorChange(user.id, "disabled");
  return { ok: true };
}

/** Ten new recovery codes (the old ones stop working), after a current code. */
export async function regenerateRecoveryCodes({
  user,
  code,
}: MemberCode): Promise<{ ok: true; recoveryCodes: string[] } | AccountFailure> {
  const checked = await checkCode({ user, code, allowRecovery: true });
  if (!checked.ok) return checked;
  const recoveryCodes = newRecoveryCodes();
  const rows = await recoveryCodeRows(user.id, recoveryCodes);
  await db.transaction((tx) => replaceRecoveryCodes(tx, user.id, rows));
  await noticeSecondFactorChange(user.id, "recovery-codes");
  return { ok: true, recoveryCodes };
}

/**
 * Every change of a second factor, and every recovery code used, is mailed to the member (issue 46, decision 292):
 * someone who learnt the password and the phone cannot change the account's second factor unseen.
 */
function noticeSecondFactorChange(userId: number, change: SecondFactorChange): Promise<void> {
  return enqueueAccountMail({ kind: "second-factor", userId, change, origin: publicOrigin() });
}

// ---------------------------------------------------------------------------------------------- codes

/**
 * The decrypted TOTP secret of a member's set-up that waits for its first code (`pending`) or of a second factor that
 * is on (`enabled`), with the last accepted time step; null where there is none or it does not decrypt.
 */
async function storedSecret(
  userId: number,
  state: "pending" | "enabled",
): Promise<{ secret: string; lastTimeStep: number | null } | null> {
  const [row] = await db
    .select({ secretEncrypted: userTotp.secretEncrypted, lastTimeStep: userTotp.lastTimeStep })
    .from(userTotp)
    .where(
      and(
        eq(userTotp.userId, userId),
        state === "pending" ? isNull(userTotp.enabledAt) : isNotNull(userTotp.enabledAt),
      ),
    )
    .limit(1);
  const secret = row ? decryptSecret(row.secretEncrypted) : null;
  return row && secret ? { secret, lastTimeStep: row.lastTimeStep } : null;
}

/** The time step of a right code (one step early or late allowed), or null; the code's spaces are ignored. */
async function totpStep(secret: string, code: string, afterTimeStep?: number): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
  });
  // a TOTP verification's answer names the time step of the code it matched
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** The first group names the code's row (not secret); the other six are the secret: 24 of 31 characters, 118 bits. */
const LOOKUP_LENGTH = 4;
const SECRET_LENGTH = 24;

const randomChars = (n: number) =>
  Array.from({ length: n }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");

/**
 * "xxxx-xxxx-xxxx-xxxx-xxxx-xxxx-xxxx" (decision 293): a lookup group, then 24 characters of 31 (about 118 bits, the
 * 112 of ASVS 2.6.2 and more), without the look-alikes 0/o, 1/l/i; the lookups of one set differ.
 */
function newRecoveryCodes(): string[] {
  const lookups = new Set<string>();
  while (lookups.size < RECOVERY_CODE_COUNT) lookups.add(randomChars(LOOKUP_LENGTH));
  return [...lookups].map((lookup) => `${lookup}${randomChars(SECRET_LENGTH)}`.match(/.{4}/g)!.join("-"));
}

/** A recovery code as typed (any case, spaces or dashes anywhere), split into its lookup and its secret. */
function parseRecoveryCode(code: string): { lookup: string; secret: string } | null {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (normal.length !== LOOKUP_LENGTH + SECRET_LENGTH) return null;
  return { lookup: normal.slice(0, LOOKUP_LENGTH), secret: normal.slice(LOOKUP_LENGTH) };
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** The codes' rows: each secret under the password KDF (salted scrypt), hashed before the transaction begins. */
async function recoveryCodeRows(userId: number, codes: string[]) {
  return Promise.all(
    codes.map(async (code) => {
      const { lookup, secret } = parseRecoveryCode(code)!;
      return { userId, lookup, codeHash: await hashPassword(secret) };
    }),
  );
}

async function replaceRecoveryCodes(
  tx: Tx,
  userId: number,
  rows: Awaited<ReturnType<typeof recoveryCodeRows>>,
): Promise<void> {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(rows);
}

/**
 * Uses up a recovery code: true once per code. One slow hash per try (the lookup names the row); the update that
 * marks it used is its own guard against a second use at once.
 */
async function spendRecoveryCode(userId: number, code: string): Promise<boolean> {
  const parsed = parseRecoveryCode(code);
  if (!parsed) {
    await verifyPassword(code, await dummyPasswordHash()); // the same time as a wrong code of the right shape
    return false;
  }
  const [row] = await db
    .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.lookup, parsed.lookup),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .limit(1);
  if (!(await verifyPassword(parsed.secret, row?.codeHash ?? (await dummyPasswordHash())))) return false;
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userRecoveryCodes.id, row!.id), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return used.length === 1;
}

/**
 * A current TOTP code of an account whose second factor is on, accepted once: the last accepted step moves forward
 * in the same statement that checks it, so two requests with one code cannot both pass.
 */
async function spendTotpCode(userId: number, code: string): Promise<boolean> {
  const stored = await storedSecret(userId, "enabled");
  if (!stored) return false;
  const step = await totpStep(stored.secret, code, stored.lastTimeStep ?? undefined);
  if (step === null) return false;
  const moved = await db
    .update(userTotp)
    .set({ lastTimeStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step))))
    .returning({ userId: userTotp.userId });
  return moved.length === 1;
}

/**
 * Wrong codes are throttled on their own (decision 294): per account (limits.secondFactor) and, at sign-in, per
 * client address as failed sign-ins are (password spraying); never against the password sign-in's lockout.
 */
async function underCodeLimit(userId: number, ip?: string): Promise<AccountFailure | null> {
  const states = await Promise.all([
    peekRateLimit(limits.secondFactor(userId)),
    ...(ip ? [peekRateLimit(limits.loginIp(ip))] : []),
  ]);
  if (states.every((s) => s.allowed)) return null;
  return failure(429, tooManyRequestsMessage(Math.max(...states.map((s) => s.retryAfterSeconds))));
}

async function wrongCode(userId: number, message: string, field: string, ip?: string): Promise<AccountFailure> {
  await Promise.all([hitRateLimit(limits.secondFactor(userId)), ...(ip ? [hitRateLimit(limits.loginIp(ip))] : [])]);
  return failure(400, message, field);
}

/** A right code clears the account's wrong ones. */
async function codeAccepted(userId: number): Promise<{ ok: true }> {
  await resetRateLimit(limits.secondFactor(userId).key);
  return { ok: true };
}

/**
 * Checks a second-factor code of an account whose second factor is on: a TOTP code, or with `allowRecovery` a
 * recovery code (used up). Wrong ones count against the sign-in limits; under them, 429.
 */
export async function checkCode({
  user,
  code,
  allowRecovery = false,
  recoveryOnly = false,
  ip,
  field = "code",
}: MemberCode & {
  allowRecovery?: boolean;
  recoveryOnly?: boolean;
  ip?: string;
  field?: string;
}): Promise<{ ok: true } | AccountFailure> {
  const limited = await underCodeLimit(user.id, ip);
  if (limited) return limited;
  const totp = !recoveryOnly && (await spendTotpCode(user.id, code));
  if (totp) return codeAccepted(user.id);
  if ((allowRecovery || recoveryOnly) && (await spendRecoveryCode(user.id, code))) {
    await noticeSecondFactorChange(user.id, "recovery-code-used");
    return codeAccepted(user.id);
  }
  const message = recoveryOnly ? WRONG_RECOVERY_CODE : allowRecovery ? WRONG_CODE_OR_RECOVERY : WRONG_CODE;
  return wrongCode(user.id, message, field, ip);
}

// ---------------------------------------------------------------------------------------------- sign-in's second step

const challengeCookie = createCookie(COOKIES.signInSecondStep.name, {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  maxAge: cookieMaxAge("signInSecondStep"),
  secrets: [env.SESSION_SECRET],
});

/**
 * The password was right and the account has a second factor: no session yet, but a pending sign-in (a row, named
 * by a random token in a signed cookie) that the code page completes within five minutes, once. Returns the
 * Set-Cookie header value.
 */
export async function startLoginChallenge(userId: number, redirectTo: string | null | undefined): Promise<string> {
  const { token, hash } = newToken();
  // the expired ones of anyone, and this member's earlier pending sign-ins: one at a time
  await db
    .delete(loginChallenges)
    .where(or(lt(loginChallenges.expiresAt, sql`now()`), eq(loginChallenges.userId, userId)));
  await db.insert(loginChallenges).values({
    id: hash,
    userId,
    redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null,
    expiresAt: sql`now() + make_interval(secs => ${LOGIN_CHALLENGE_SECONDS})`,
  });
  return challengeCookie.serialize(token);
}

export type LoginChallenge = { id: string; user: Pick<PublicUser, "id" | "username">; redirectTo: string | null };

/** The pending sign-in the browser's cookie names, if still in force. */
export async function readLoginChallenge(request: Request): Promise<LoginChallenge | null> {
  const token = (await challengeCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (typeof token !== "string" || token.length < 32 || token.length > 128) return null;
  const [row] = await db
    .select({
      id: loginChallenges.id,
      userId: users.id,
      username: users.username,
      redirectTo: loginChallenges.redirectTo,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(and(eq(loginChallenges.id, hashToken(token)), gt(loginChallenges.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  return { id: row.id, user: { id: row.userId, username: row.username }, redirectTo: row.redirectTo };
}

/**
 * The second step: the code (or, with `recovery`, a recovery code) for the pending sign-in. On success the pending
 * sign-in is used up (deleted: a second request with it finds nothing).
 */
export async function completeLoginChallenge({
  challenge,
  code,
  recovery,
  ip,
}: {
  challenge: LoginChallenge;
  code: string;
  recovery: boolean;
  ip: string;
}): Promise<{ ok: true; userId: number; redirectTo: string | null } | AccountFailure> {
  const checked = await checkCode({
    user: challenge.user,
    code,
    recoveryOnly: recovery,
    ip,
    field: recovery ? "recoveryCode" : "code",
  });
  if (!checked.ok) return checked;
  const used = await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.id, challenge.id), gt(loginChallenges.expiresAt, sql`now()`)))
    .returning({ userId: loginChallenges.userId });
  if (used.length !== 1) return failure(401, CHALLENGE_EXPIRED);
  return { ok: true, userId: challenge.user.id, redirectTo: challenge.redirectTo };
}

/** Clears the pending sign-in's cookie (Set-Cookie value). */
export function clearLoginChallengeCookie(): Promise<string> {
  return challengeCookie.serialize("", { maxAge: 0 });
}
