import { isModeratorUser, type PublicUser } from "~/accounts/users.server";
import { jsonError } from "~/utils/http.server";
import { checkForumLimit, type ForumAction } from "./limits.server";
import { ForumWriteRefusedError, type Reader } from "./topics.server";

/** Small helpers for the forum's JSON API: errors are `{ error }` with a 4xx status (never a 500 for bad input). */
export async function enforceLimit(
  action: ForumAction,
  userId: number,
  isRepeat?: () => Promise<boolean>,
): Promise<void> {
  const limited = await checkForumLimit(action, userId, isRepeat);
  if (limited) throw jsonError(limited.message, 429, { "Retry-After": String(limited.retryAfterSeconds) });
}

/** Runs a forum write; a refusal (locked topic, silenced member: decision 026) is thrown as its JSON answer. */
export async function refusedAsApiError<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ForumWriteRefusedError) throw jsonError(error.message, error.status);
    throw error;
  }
}

/** The API's reader: a hidden post's text is shown only to its author and to moderators. */
export function apiReader(user: PublicUser | null): Reader {
  return user ? { id: user.id, canModerate: isModeratorUser(user) } : null;
}
