import { apiError } from "~/utils/api.server";
import { checkForumLimit, type ForumAction } from "./limits.server";
import { postsHtml, readableText } from "./post-html.server";
import { ForumWriteRefusedError, type ForumPost } from "./topics.server";
import { topicWatch } from "./watching.server";

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

/**
 * Posts as the API answers them (decision 421): each with `html`, its text rendered as the topic page shows it (the
 * same renderer, sanitiser and memo, decisions 340-341); null where `content` is a hidden post's notice (the reader
 * may not see its text), as the page renders none.
 */
export async function postsWithHtml(posts: ForumPost[]): Promise<Array<ForumPost & { html: string | null }>> {
  const html = await postsHtml(posts.map(readableText));
  return posts.map((post, i) => ({ ...post, html: html[i] ?? null }));
}

export async function postWithHtml(post: ForumPost): Promise<ForumPost & { html: string | null }> {
  return (await postsWithHtml([post]))[0]!;
}

/**
 * A signed-in member's watch of a topic as the API answers it (decisions 350, 421): `watchLevel`, what they chose for
 * the topic (null: nothing), and `effectiveWatchLevel`, the level in effect (that choice, else their category's level
 * for topics, else tracking): what the topic page's form shows.
 */
export async function apiTopicWatch(memberId: number, topicId: number) {
  const { level, effective } = await topicWatch({ memberId, topicId });
  return { watchLevel: level, effectiveWatchLevel: effective };
}
