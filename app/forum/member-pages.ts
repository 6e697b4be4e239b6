import { memberHref } from "./pages";

/*
 * A member page's own addresses and hole (decision 360), apart from pages.ts: the topic and list pages load that
 * module's chunk and have no use for these.
 */

/** The member hole of one's own member page: the list of one's bookmarks (empty on every other member page). */
export const FORUM_BOOKMARKS_HOLE = "forum-bookmarks";

/** A page of one of a member page's lists (`?posts=`, `?topics=`, `?bookmarks=`), the others' pages kept. */
export function memberListHref(username: string, search: string, list: "posts" | "topics" | "bookmarks", page: number) {
  const next = new URLSearchParams(search);
  if (page > 1) next.set(list, String(page));
  else next.delete(list);
  const query = next.toString();
  return `${memberHref(username)}${query ? `?${query}` : ""}`;
}
