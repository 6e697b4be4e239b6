import type { ForumCategoryKey } from "./categories";
import type { ReadMark, TopicFilter } from "./reading";
import { listMemberTopics, readMarks } from "./reading.server";
import { listTopics } from "./topics.server";

/**
 * One page of the forum list as the page shows it: the latest topics (or a member's New or Unread list), each with
 * what a topic card shows and no more (the data is sent twice: in the HTML and as the page's JSON), and for a member
 * the read mark of each (decision 310). The one read behind the list, whether the page renders it or the page cache
 * fills it into a member template's hole.
 */
export async function loadTopicList({
  memberId,
  category,
  cursor,
  filter,
}: {
  memberId: number | null;
  category: ForumCategoryKey | null;
  cursor: string | null;
  filter: TopicFilter | null;
}) {
  const shownFilter = memberId === null ? null : filter;
  const { topics, nextCursor } =
    memberId !== null && shownFilter
      ? await listMemberTopics({ memberId, filter: shownFilter, category, cursor })
      : await listTopics({ category, cursor });
  const marks = memberId === null ? null : await readMarks({ memberId, topicIds: topics.map((topic) => topic.id) });
  return {
    topics: topics.map(({ id, title, category, author, createdAt, lastActivityAt, postCount }) => ({
      id,
      title,
      category,
      author,
      createdAt,
      lastActivityAt,
      postCount,
      mark: (marks?.get(id) ?? null) as ReadMark,
    })),
    category,
    filter: shownFilter,
    isFirstPage: !cursor,
    nextCursor,
  };
}
