import { isForumCategory } from "./categories";
import { isTopicFilter } from "./reading";

/**
 * What /forum's address asks for, read here once for its loader and its page-cache section: the category, the list
 * (New, Unread), the page cursor and the new-topic dialog. Anything not one of these is none.
 */
export function forumListAsked(search: URLSearchParams) {
  const category = search.get("category");
  const filter = search.get("filter");
  return {
    category: isForumCategory(category) ? category : null,
    filter: isTopicFilter(filter) ? filter : null,
    cursor: search.get("cursor"),
    newTopic: search.get("new") === "1",
  };
}
