import { env } from "~/utils/env.server";
import { hitMinimumInterval, hitRateLimit, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * Abuse limits for forum writes, counted in Postgres (shared by every instance). Generous for people, tight
 * enough to stop a script. Besides the windows, a member's posts (topics and replies) are paced: at most one
 * every FORUM_POST_INTERVAL_SECONDS (5 s by default, as Discourse does), decision 092.
 */
export const FORUM_LIMITS = {
  topic: { perWindow: 10, windowSeconds: 24 * 60 * 60 },
  reply: { perWindow: 10, windowSeconds: 60 },
  edit: { perWindow: 30, windowSeconds: 10 * 60 },
} as const;

export type ForumAction = keyof typeof FORUM_LIMITS;

const PACED: ReadonlySet<ForumAction> = new Set(["topic", "reply"]);
export const paceKey = (userId: number) => `forum:pace:${userId}`;

export function paceMessage(retryAfterSeconds: number): string {
  return `You are posting too quickly. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"} before posting again.`;
}

/** Counts one attempt; returns null when allowed, or the message and Retry-After seconds when not. */
/**
 * `isRepeat` says whether the pace lets this submission through whatever the last post's time: one that repeats
 * the post just made (a double submit, answered with the first post by createTopic/createPost), so a double click
 * is not an error, or a topic author's first reply to the topic (`replyPassesPace`, issue 47). It is still counted.
 */
export async function checkForumLimit(
  action: ForumAction,
  userId: number,
  isRepeat?: () => Promise<boolean>,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  if (PACED.has(action) && env.FORUM_POST_INTERVAL_SECONDS > 0) {
    const pace = await hitMinimumInterval({ key: paceKey(userId), seconds: env.FORUM_POST_INTERVAL_SECONDS });
    if (!pace.allowed && !(await isRepeat?.())) {
      return { message: paceMessage(pace.retryAfterSeconds), retryAfterSeconds: pace.retryAfterSeconds };
    }
  }
  const { perWindow, windowSeconds } = FORUM_LIMITS[action];
  const result = await hitRateLimit({ key: `forum:${action}:${userId}`, limit: perWindow, windowSeconds });
  if (result.allowed) return null;
  return { message: tooManyRequestsMessage(result.retryAfterSeconds), retryAfterSeconds: result.retryAfterSeconds };
}
