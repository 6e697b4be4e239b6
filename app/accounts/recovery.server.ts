import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { enqueueAccountMail, sendPasswordResetMail, sendUsernameReminderMail } from "./account-mail.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";
import { failure, INVALID_RESET_LINK, type AccountFailure } from "./errors";
import { hitRateLimit, limits, underLimits } from "./limits.server";
import { hashPassword } from "./password.server";
import { endMemberSessions } from "./session.server";
import { hashToken, newToken, RESET_TOKEN_TTL_MS } from "./tokens.server";
import { addressFreeToVerify, getUserById, namedByAddress, type PublicUser } from "./users.server";

/**
 * Forgotten passwords and usernames (DESIGN decision 5). Requests answer the same whether or not an account
 * exists (no enumeration); only the per-IP limit can refuse one. Reset links are single use and valid 1 hour.
 */
type Requested = { ok: true } | AccountFailure;

/**
 * A recovery request counts against the IP's limit and the target's hourly and daily limits, whether or not an
 * account exists, then only enqueues the mail job (decision 013): known and unknown targets cost the same. A
 * refused request is not counted, so the daily limit counts mails, not attempts.
 */
async function underRecoveryLimit(
  ip: string,
  target: { email: string } | { username: string },
): Promise<AccountFailure | null> {
  const value = "email" in target ? target.email : target.username;
  return underLimits([
    limits.recoveryMail(ip),
    limits.recoveryTarget(value),
    "email" in target ? limits.mailAddressDaily(value) : limits.recoveryTargetDaily(value),
  ]);
}

/** The mail a recovery request asks for: a reset link found by address or by username, or the usernames of an address. */
export type RecoveryMail =
  | { kind: "reset-by-email"; email: string }
  | { kind: "reset-by-username"; username: string }
  | { kind: "username-reminder"; email: string };

export async function requestRecoveryMail({
  mail,
  ip,
  origin,
}: {
  mail: RecoveryMail;
  ip: string;
  origin: string;
}): Promise<Requested> {
  const limited = await underRecoveryLimit(ip, mail);
  if (limited) return limited;
  await enqueueAccountMail(
    "email" in mail
      ? { ...mail, email: mail.email.trim(), origin }
      : { ...mail, username: mail.username.trim(), origin },
  );
  return { ok: true };
}

// ----------------------------------------------------------------------- run by the mail job (mail-jobs.server.ts)

const recipientColumns = { id: users.id, username: users.username, email: users.email };

function accountsWithEmail(email: string) {
  return db.select(recipientColumns).from(users).where(namedByAddress(email)).orderBy(users.id).limit(5);
}

async function issueReset(user: { id: number; username: string; email: string }, origin: string) {
  const { token, hash } = newToken();
  await db
    .update(users)
    .set({ passwordResetToken: hash, passwordResetTokenExpires: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
    .where(eq(users.id, user.id));
  await sendPasswordResetMail({ to: user.email, username: user.username, origin, token });
}

export async function mailPasswordResetByEmail({ email, origin }: { email: string; origin: string }): Promise<void> {
  for (const account of await accountsWithEmail(email)) {
    if (account.email) await issueReset({ ...account, email: account.email }, origin);
  }
}

/** The request could not know the address (it named a username): the address's daily limit is counted here. */
export async function mailPasswordResetByUsername({
  username,
  origin,
}: {
  username: string;
  origin: string;
}): Promise<void> {
  const [account] = await db
    .select(recipientColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  if (!account?.email) return;
  if (!(await hitRateLimit(limits.mailAddressDaily(account.email))).allowed) {
    console.warn("[accounts] password reset by username not mailed: the address had its mails for today");
    return;
  }
  await issueReset({ ...account, email: account.email }, origin);
}

export async function mailUsernameReminder({ email, origin }: { email: string; origin: string }): Promise<void> {
  const accounts = await accountsWithEmail(email);
  const first = accounts[0];
  if (first?.email) {
    await sendUsernameReminderMail({ to: first.email, usernames: accounts.map((a) => a.username), origin });
  }
}

/** Whether a reset link can still be used (the page shows the form or an explanation). Does not consume it. */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.passwordResetToken, hashToken(token)), gt(users.passwordResetTokenExpires, new Date())))
    .limit(1);
  return !!row;
}

/**
 * Sets a new password with a reset link. The UPDATE both checks and clears the token, so two racing submissions
 * of one link cannot both succeed. Following the link proves the member reads that mailbox, so the address
 * counts as verified too.
 */
export async function resetPassword({
  token,
  password,
  origin,
}: {
  token: string;
  password: string;
  origin: string;
}): Promise<{ ok: true; user: PublicUser } | AccountFailure> {
  const hash = hashToken(token);
  const [holder] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.passwordResetToken, hash), gt(users.passwordResetTokenExpires, new Date())))
    .limit(1);
  if (!holder) return failure(400, INVALID_RESET_LINK, "token");
  if (holder.username.toLowerCase() === password.toLowerCase()) {
    return failure(400, "Password cannot be the same as your username", "password");
  }
  if (isCommonPassword(password)) return failure(400, COMMON_PASSWORD_MESSAGE, "password");
  const passwordHash = await hashPassword(password);
  const [updated] = await db
    .update(users)
    .set({
      passwordHash,
      passwordResetToken: null,
      passwordResetTokenExpires: null,
      // unless another account verified this address first (decision 295: a verified address is one account's)
      isEmailVerified: sql`${users.email} is not null and ${addressFreeToVerify}`,
    })
    .where(
      and(eq(users.id, holder.id), eq(users.passwordResetToken, hash), gt(users.passwordResetTokenExpires, new Date())),
    )
    .returning({ id: users.id });
  if (!updated) return failure(400, INVALID_RESET_LINK, "token");
  // Every browser signed in before the reset is signed out (the route signs this one in afterwards), and the
  // member is told.
  await endMemberSessions({ userId: updated.id });
  await enqueueAccountMail({ kind: "password-changed", userId: updated.id, origin });
  const user = await getUserById(updated.id);
  return user ? { ok: true, user } : failure(400, INVALID_RESET_LINK, "token");
}
