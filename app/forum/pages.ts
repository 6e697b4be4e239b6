/**
 * The forum pages' addresses and who may do what on them (spec part 1, section 4; decision 026). Shared by the
 * loaders (which honour a `?edit=` or `?confirm=` only for what the reader may do) and the components (which
 * show only the links the reader may follow).
 */
// The list's address reading is the loaders' (its own module, which imports the list of categories): re-exported, so a
// page that imports only links from here does not load the categories (decision 430).
export { forumListAsked } from "./list-asked";

/**
 * The page of a topic an address asks for (`?page=N`; `?page=last`: the last of `pageCount`), read here once for
 * its loader and its page-cache section. The section does not know the count (Infinity): the reads clamp it.
 */
export function topicPageAsked(search: URLSearchParams, pageCount = Infinity): number {
  const page = search.get("page");
  return page === "last" ? pageCount : Number(page ?? 1);
}

/** The member hole of the forum list (decision 310): the list of topics with the member's read marks. */
export const FORUM_TOPICS_HOLE = "forum-topics";

/** The member hole of the forum header (decision 312): the link to the member's notifications, with the unread count. */
export const FORUM_NOTIFICATIONS_HOLE = "forum-notifications";

/** `/forum` with its category, list (New, Unread: a member's own), page cursor and the new-topic dialog. */
export function forumHref(params: {
  category?: string | null;
  filter?: string | null;
  cursor?: string | null;
  new?: boolean;
}) {
  const search = new URLSearchParams();
  if (params.category) search.set("category", params.category);
  if (params.filter) search.set("filter", params.filter);
  if (params.cursor) search.set("cursor", params.cursor);
  if (params.new) search.set("new", "1");
  const query = search.toString();
  return query ? `/forum?${query}` : "/forum";
}

/** A topic page; page 1 has no `?page=`. */
export function topicHref(topicId: number, page: number, extra: Record<string, string> = {}) {
  const search = new URLSearchParams(page > 1 ? { page: String(page), ...extra } : extra).toString();
  return `/forum/topic/${topicId}${search ? `?${search}` : ""}`;
}

/**
 * The address of post `number` of a topic: it answers with a redirect to the page that holds the post, at the post
 * (`#post-N`), so a link to any post of a long topic lands on it, without JavaScript (decision 311).
 */
export const postHref = (topicId: number, number: number) => `/forum/topic/${topicId}/post/${number}`;

/** A member's page (decision 360): their posts, topics and likes; names are looked up without case. */
export const memberHref = (username: string) => `/forum/u/${encodeURIComponent(username)}`;

export const repliesLabel = (count: number) => `${count} ${count === 1 ? "reply" : "replies"}`;

/**
 * Only the author edits a post, and not while it is hidden. `own`: the reader wrote it (the loader says so, from the
 * session or, in a member template, from the page cache: decision 120).
 */
export const mayEdit = (post: { own: boolean; hidden?: unknown }) => post.own && !post.hidden;

/** A member flags what someone else wrote. */
export const mayFlag = (userId: number | undefined, item: { own: boolean }) => userId !== undefined && !item.own;

/** `?edit=` is honoured for one's own post in this topic only. */
export const mayOpenEditor = (
  userId: number | undefined,
  topicId: number,
  post: { topicId: number; authorId: number } | null,
): post is { topicId: number; authorId: number } => !!post && post.topicId === topicId && post.authorId === userId;
