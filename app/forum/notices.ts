/**
 * The forum's words that both the server and the page components use (decision 026). No validation here: the
 * schemas (`./schemas`, zod) stay on the server, and this module is what the browser may import.
 */
export const HIDDEN_POST_NOTICE = "This post was hidden by a moderator";
export const HIDDEN_TOPIC_NOTICE = "This topic was hidden by a moderator";
export const TOPIC_LOCKED = "This topic is locked: it takes no new replies.";

/** A topic page's 404 answers (their texts tell the error page which of the two it is). */
export const TOPIC_INVALID_ID = "Topic Not Found: the address does not name a topic.";
export const TOPIC_MISSING = "Topic Not Found: this topic may have been deleted or moved.";
/** A topic page's 500 answers (spec section 8), by the read that failed. */
export const FETCH_TOPIC_FAILED = "Failed to fetch topic";
export const FETCH_POSTS_FAILED = "Failed to fetch posts";

/**
 * What the page says while the forum's data is on its way (spec section 8: 'Loading topics', 'Loading discussion'),
 * by the address being opened. The site's shell says it, so it shows when the forum or a topic is opened from any
 * other page too, while that page is still the one shown (issue 47).
 */
export function forumLoadingText(pathname: string): string | null {
  if (pathname === "/forum" || pathname === "/forum/") return "Loading topics";
  if (pathname.startsWith("/forum/topic/")) return "Loading discussion";
  return null;
}
