import { apiError } from "~/utils/api.server";
import { checkForumLimit, type ForumAction } from "./limits.server";
import { ForumWriteRefusedError } from "./topics.server";

/** Small helpers for the forum's JSON API: errors are `{ error }` with a 4xx status (never a 500 for bad input). */
export async function enforceLimit(
  action: ForumAction,
  userId: number,
  isRepeat?: () => Promise<boolean>,
): Promise<void> {
  const limited = await checkForumLimit(action, userId, isRepeat);
  if (limited) throw apiError(429, limited.message, {}, { "Retry-After": String(limited.retryAfterSeconds) });
}

/** Runs a forum write; a refusal (locked topic, silenced member: decision 026) is thrown as its JSON answer. */
export async function refusedAsApiError<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ForumWriteRefusedError) throw apiError(error.status, error.message);
    throw error;
  }
}
