import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import {
  enqueueAccountMail,
  sendAddressInUseMail,
  sendPasswordChangedMail,
  sendSecondFactorMail,
  sendVerificationMail,
} from "./account-mail.server";
import { failure, type AccountFailure } from "./errors";
import { limits, underLimits } from "./limits.server";
import { checkCurrentPassword } from "./login.server";
import type { SecondFactorChange } from "./mail-templates";
import { endMemberSessions } from "./session.server";
import { hashToken, newToken, VERIFICATION_TOKEN_TTL_MS } from "./tokens.server";
import {
  addressFreeToVerify,
  isUniqueViolation,
  publicUserColumns,
  VERIFIED_EMAIL_INDEX,
  type PublicUser,
} from "./users.server";

/**
 * A member's e-mail address: adding one, changing it (current password required), and verifying it with a
 * single-use link valid 24 hours (DESIGN decision 4). A new address is always unverified until its link is used.
 */

/**
 * Sends a verification link for the member's current address, from the mail job (decision 013). Limited per
 * account per hour and per address per day.
 */
export async function issueEmailVerification({
  userId,
  origin,
}: {
  userId: number;
  origin: string;
}): Promise<{ ok: true } | AccountFailure> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.email) return failure(400, "There is no email address on file to verify.");
  const limited = await underLimits([limits.verificationMail(userId), limits.mailAddressDaily(row.email)]);
  if (limited) return limited;
  await enqueueAccountMail({ kind: "verify-email", userId, origin });
  return { ok: true };
}

/**
 * Run by the mail job: stores a fresh verification token for the member's current address and mails the link. When
 * another account has verified that address (decision 295), the address is told that instead, with no link: the
 * request answered as every other did, so whoever entered it learns nothing of the other account.
 */
export async function mailEmailVerification({ userId, origin }: { userId: number; origin: string }): Promise<void> {
  const [taken] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.email} is not null`, sql`not ${addressFreeToVerify}`))
    .limit(1);
  if (taken?.email) {
    await sendAddressInUseMail({ to: taken.email, origin });
    return;
  }
  const { token, hash } = newToken();
  const [row] = await db
    .update(users)
    .set({
      emailVerificationToken: hash,
      emailVerificationTokenExpires: new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS),
    })
    .where(and(eq(users.id, userId), sql`${users.email} is not null`))
    .returning({ username: users.username, email: users.email });
  if (!row?.email) return;
  await sendVerificationMail({ to: row.email, username: row.username, origin, token });
}

/** Run by the mail job: the member's password changed (reset); they are told at their current address. */
export async function mailPasswordChanged({ userId, origin }: { userId: number; origin: string }): Promise<void> {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.email) return;
  // A security notice is sent whatever any budget says, and spends none (decision 290): the owner must know.
  await sendPasswordChangedMail({ to: row.email, username: row.username, origin });
}

/** Run by the mail job: the member's second factor changed, or a recovery code signed them in (decision 292). */
export async function mailSecondFactorChange({
  userId,
  change,
  origin,
}: {
  userId: number;
  change: SecondFactorChange;
  origin: string;
}): Promise<void> {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.email) return;
  // A security notice: sent to the address whether or not it was verified, spending no budget.
  await sendSecondFactorMail({ to: row.email, username: row.username, change, origin });
}

export type VerifyEmailResult = "verified" | "expired" | "invalid" | "taken";

/**
 * Reads a verification link without using it (the page's GET, decision 295): mail scanners and link previews open
 * every link, so only the confirm button's POST verifies.
 */
export async function peekEmailVerificationToken(token: string): Promise<"pending" | "expired" | "invalid"> {
  if (!token) return "invalid";
  const [row] = await db
    .select({ expires: users.emailVerificationTokenExpires })
    .from(users)
    .where(eq(users.emailVerificationToken, hashToken(token)))
    .limit(1);
  if (!row) return "invalid";
  return row.expires && new Date(row.expires).getTime() > Date.now() ? "pending" : "expired";
}

/**
 * Uses a verification link: one UPDATE that checks and clears the token, so a link works once. An address another
 * account verified meanwhile stays that account's (decision 295: the unique index settles a race) and the link is
 * answered "taken": only the reader of that mailbox, who owns both accounts' address, holds the link.
 */
export async function verifyEmailToken(token: string): Promise<VerifyEmailResult> {
  if (!token) return "invalid";
  const hash = hashToken(token);
  const usable = and(eq(users.emailVerificationToken, hash), gt(users.emailVerificationTokenExpires, new Date()));
  const [verified] = await db
    .update(users)
    .set({ isEmailVerified: true, emailVerificationToken: null, emailVerificationTokenExpires: null })
    .where(and(usable, addressFreeToVerify))
    .returning({ id: users.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, VERIFIED_EMAIL_INDEX)) return [];
      throw error;
    });
  if (verified) return "verified";
  const [pending] = await db.select({ id: users.id }).from(users).where(usable).limit(1);
  if (pending) {
    await db
      .update(users)
      .set({ emailVerificationToken: null, emailVerificationTokenExpires: null })
      .where(eq(users.id, pending.id));
    return "taken";
  }
  const [expired] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailVerificationToken, hash))
    .limit(1);
  return expired ? "expired" : "invalid";
}

/** Adds an address to an account that has none (no password needed: the member is signed in). */
export async function addEmail({
  userId,
  email,
  origin,
}: {
  userId: number;
  email: string;
  origin: string;
}): Promise<{ ok: true; user: PublicUser } | AccountFailure> {
  const [user] = await db
    .update(users)
    .set({ email: email.trim(), isEmailVerified: false, passwordResetToken: null, passwordResetTokenExpires: null })
    .where(and(eq(users.id, userId), isNull(users.email)))
    .returning(publicUserColumns);
  if (!user) {
    return failure(409, "Your account already has an email address. Use the change email form instead.", "email");
  }
  await issueEmailVerification({ userId, origin });
  return { ok: true, user };
}

/**
 * Replaces the address after checking the current password; verification resets and a new link is mailed. The
 * old address is told, and every other session of the member ends (`sessionId` is the one making the change).
 */
export async function changeEmail({
  userId,
  sessionId,
  newEmail,
  currentPassword,
  origin,
}: {
  userId: number;
  sessionId: string;
  newEmail: string;
  currentPassword: string;
  origin: string;
}): Promise<{ ok: true; user: PublicUser } | AccountFailure> {
  const check = await checkCurrentPassword({ userId, password: currentPassword });
  if (!check.ok) return check;
  const email = newEmail.trim();
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (current?.email && current.email.toLowerCase() === email.toLowerCase()) {
    return failure(400, "That is already your email address.", "newEmail");
  }
  // A reset link mailed to the old address must not outlive the change.
  const [user] = await db
    .update(users)
    .set({ email, isEmailVerified: false, passwordResetToken: null, passwordResetTokenExpires: null })
    .where(eq(users.id, userId))
    .returning(publicUserColumns);
  if (!user) return failure(401, "Please sign in again.");
  await endMemberSessions({ userId, exceptSessionId: sessionId });
  if (current?.email) {
    await enqueueAccountMail({
      kind: "email-changed",
      to: current.email,
      username: user.username,
      newEmail: email,
      origin,
    });
  }
  await issueEmailVerification({ userId, origin });
  return { ok: true, user };
}
