import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { formatUtcDateTime } from "~/utils/dates";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { failure, INVALID_CREDENTIALS, WRONG_CURRENT_PASSWORD, type AccountFailure } from "./errors";
import { hitRateLimit, limits, peekRateLimit, resetRateLimit } from "./limits.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { getUserById, namedByAddress, type PublicUser } from "./users.server";

/**
 * Checks a sign-in (username or e-mail + password, DESIGN decision 3) under the abuse limits: 5 failures per
 * account from one address (decision 294) and 30 per IP in 15 minutes, then 429 until the window ends. Unknown accounts cost the same scrypt
 * work as known ones, and both answer the same message.
 */
export async function verifyLogin({
  login,
  password,
  ip,
}: {
  login: string;
  password: string;
  ip: string;
}): Promise<{ ok: true; user: PublicUser } | AccountFailure> {
  const accountLimit = limits.loginAccount(login, ip);
  const ipLimit = limits.loginIp(ip);
  const [account, address] = await Promise.all([peekRateLimit(accountLimit), peekRateLimit(ipLimit)]);
  if (!account.allowed || !address.allowed) {
    return failure(429, tooManyRequestsMessage(Math.max(account.retryAfterSeconds, address.retryAfterSeconds)));
  }

  const candidates = await findCandidates(login);
  let matched: number | null = null;
  if (candidates.length === 0) {
    await verifyPassword(password, await dummyPasswordHash());
  }
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) {
      matched = candidate.id;
      break;
    }
  }
  if (matched === null) {
    await Promise.all([hitRateLimit(accountLimit), hitRateLimit(ipLimit)]);
    return failure(401, INVALID_CREDENTIALS);
  }
  // A right password clears the failed passwords from this address; wrong second-factor codes are counted apart
  // (limits.secondFactor) and stay.
  await resetRateLimit(accountLimit.key);
  // A suspended member (decision 026) is told so, only once the password proved who they are.
  const suspension = await activeSuspension(matched);
  if (suspension) return failure(403, suspendedMessage(suspension));
  const user = await getUserById(matched);
  return user ? { ok: true, user } : failure(401, INVALID_CREDENTIALS);
}

async function activeSuspension(userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ until: users.suspendedUntil })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.suspendedUntil} > now()`))
    .limit(1);
  return row?.until ?? null;
}

export function suspendedMessage(until: Date): string {
  return `Your account is suspended until ${formatUtcDateTime(until)}. You can sign in again after that.`;
}

async function findCandidates(login: string) {
  const value = login.trim();
  const columns = { id: users.id, passwordHash: users.passwordHash };
  if (value.includes("@")) {
    // The account that verified the address; else each account that entered it (a handful at most).
    return db.select(columns).from(users).where(namedByAddress(value)).orderBy(users.id).limit(5);
  }
  return db
    .select(columns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${value})`)
    .limit(1);
}

/** Checks the signed-in member's current password (e-mail change, re-authentication), under its own limit. */
export async function checkCurrentPassword({
  userId,
  password,
}: {
  userId: number;
  password: string;
}): Promise<{ ok: true } | AccountFailure> {
  const [row] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return failure(401, "Please sign in again.");
  const limit = limits.currentPassword(userId);
  const state = await peekRateLimit(limit);
  if (!state.allowed) return failure(429, tooManyRequestsMessage(state.retryAfterSeconds));
  if (await verifyPassword(password, row.passwordHash)) return { ok: true };
  await hitRateLimit(limit);
  return failure(400, WRONG_CURRENT_PASSWORD, "currentPassword");
}
