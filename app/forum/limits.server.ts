import { hitRateLimit, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * Abuse limits for forum writes, counted in Postgres (shared by every instance). Generous for people, tight
 * enough to stop a script.
 */
export const FORUM_LIMITS = {
  topic: { perWindow: 10, windowSeconds: 24 * 60 * 60 },
  reply: { perWindow: 10, windowSeconds: 60 },
  edit: { perWindow: 30, windowSeconds: 10 * 60 },
} as const;

export type ForumAction = keyof typeof FORUM_LIMITS;

/** Counts one attempt; returns null when allowed, or the message and Retry-After seconds when not. */
export async function checkForumLimit(
  action: ForumAction,
  userId: number,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const { perWindow, windowSeconds } = FORUM_LIMITS[action];
  const result = await hitRateLimit({ key: `forum:${action}:${userId}`, limit: perWindow, windowSeconds });
  if (result.allowed) return null;
  return { message: tooManyRequestsMessage(result.retryAfterSeconds), retryAfterSeconds: result.retryAfterSeconds };
}
