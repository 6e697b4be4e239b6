import { env } from "~/utils/env.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";
import { issueEmailVerification } from "./email.server";
import { failure, USERNAME_TAKEN, type AccountFailure } from "./errors";
import { hitRateLimit, limits } from "./limits.server";
import { createUser, UsernameTakenError, type PublicUser } from "./users.server";

/**
 * Registration: at most 10 per IP per hour; the unique index on lower(username) settles two simultaneous
 * registrations of one name (one wins, the other gets USERNAME_TAKEN). A verification mail always goes out
 * (DESIGN decision 4); with REQUIRE_EMAIL_VERIFICATION the member is not signed in until they follow it.
 */
export async function registerMember({
  username,
  email,
  password,
  ip,
  origin,
}: {
  username: string;
  email: string;
  password: string;
  ip: string;
  origin: string;
}): Promise<{ ok: true; user: PublicUser; requiresEmailVerification: boolean } | AccountFailure> {
  if (isCommonPassword(password)) return failure(400, COMMON_PASSWORD_MESSAGE, "password");
  const limit = await hitRateLimit(limits.register(ip));
  if (!limit.allowed) return failure(429, tooManyRequestsMessage(limit.retryAfterSeconds));
  let user: PublicUser;
  try {
    user = await createUser({ username, email, password });
  } catch (error) {
    if (error instanceof UsernameTakenError) return failure(409, USERNAME_TAKEN, "username");
    throw error;
  }
  // Over the address's daily mail limit the account still exists; the profile can resend later.
  await issueEmailVerification({ userId: user.id, origin });
  return { ok: true, user, requiresEmailVerification: env.REQUIRE_EMAIL_VERIFICATION };
}
