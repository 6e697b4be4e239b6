import { FormattedDate } from "~/components/formatted-date";
import { ALL_TOPICS, categoryLabel, FORUM_CATEGORIES } from "../categories";
import { forumHref, memberHref, postHref, repliesLabel } from "../pages";
import { unreadLabel, type ReadMark, type TopicFilter } from "../reading";
import { CategoryBadge } from "./category-badge";

/*
 * The forum page's lists. Category, topic and page links are plain anchors: the page navigates them on the client
 * with one handler (useLinkNavigation) instead of a router <Link> per link.
 */
export type TopicCard = {
  id: number;
  title: string;
  category: string;
  author: { username: string };
  createdAt: Date | string;
  lastActivityAt: Date | string;
  postCount: number;
  /** the reader's read mark (decision 310): only a member's list has one */
  mark?: ReadMark;
};

export function CategoryNav({ category }: { category: string | null }) {
  return (
    <nav aria-label="Forum categories">
      <ul className="space-y-1">
        {[{ key: null, label: ALL_TOPICS.label }, ...FORUM_CATEGORIES].map((c) => (
          <li key={c.key ?? "all"}>
            <a
              href={forumHref({ category: c.key })}
              aria-current={c.key === category ? "page" : undefined}
              className="block rounded px-3 py-2 text-ink hover:bg-cosmic-light aria-[current=page]:bg-cosmic aria-[current=page]:text-white"
            >
              {c.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Latest" and a member's own lists beside it (decision 310), as links: each list has an address. */
export function TopicFilterNav({ category, filter }: { category: string | null; filter: TopicFilter | null }) {
  const lists = [
    { key: null, label: "Latest" },
    { key: "new", label: "New" },
    { key: "unread", label: "Unread" },
  ] as const;
  return (
    <nav aria-label="Topic lists">
      <ul className="flex flex-wrap gap-2 text-sm">
        {lists.map((list) => (
          <li key={list.key ?? "latest"}>
            <a
              href={forumHref({ category, filter: list.key })}
              aria-current={list.key === filter ? "page" : undefined}
              className="block rounded border border-violet-300 px-3 py-1 text-cosmic aria-[current=page]:bg-cosmic aria-[current=page]:text-white"
            >
              {list.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A topic's read mark: "New", or how many posts are unread as a link to the first of them. */
function TopicMark({ topicId, mark }: { topicId: number; mark: ReadMark }) {
  if (!mark) return null;
  const badge = "rounded bg-amber-100 px-2 py-0.5 font-semibold text-ink";
  if (mark.state === "new") return <span className={badge}>New</span>;
  return (
    <a href={postHref(topicId, mark.firstUnread ?? 1)} className={`${badge} underline`}>
      {unreadLabel(mark.unread)}
    </a>
  );
}

const EMPTY_LISTS: Record<TopicFilter, string> = {
  new: "No new topics",
  unread: "No unread topics",
};

/**
 * One page of topics (the latest, or a member's New or Unread list) with its page links. For a member it is the
 * forum list's member hole (decision 310): the page cache renders it per response with renderToStaticMarkup, so it
 * must render the same HTML there as in the page (no adjacent text nodes: React's stream separates them).
 */
export function TopicList({
  topics,
  category,
  filter = null,
  isFirstPage,
  nextCursor,
}: {
  topics: TopicCard[];
  category: string | null;
  filter?: TopicFilter | null;
  isFirstPage: boolean;
  nextCursor: string | null;
}) {
  return (
    <>
      {topics.length === 0 && filter ? (
        <div className="mt-8 rounded-lg border border-dashed border-violet-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold">{EMPTY_LISTS[filter]}</p>
          <a href={forumHref({ category })} className="mt-4 inline-block text-cosmic underline">
            Back to the latest topics
          </a>
        </div>
      ) : topics.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-violet-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold">No topics yet</p>
          {isFirstPage ? (
            <a
              href={forumHref({ category, new: true })}
              className="mt-4 inline-block rounded bg-cosmic px-4 py-2 font-semibold text-white"
            >
              Create First Topic
            </a>
          ) : (
            <a href={forumHref({ category })} className="mt-4 inline-block text-cosmic underline">
              Back to the newest topics
            </a>
          )}
        </div>
      ) : (
        <ul aria-label="Topics" className="mt-6 space-y-3">
          {topics.map((topic) => (
            <li key={topic.id} className="rounded-lg border border-violet-200 bg-white p-4 shadow-sm">
              <h3 className="text-lg font-semibold">
                <a href={`/forum/topic/${topic.id}`} className="text-cosmic hover:underline">
                  <bdi>{topic.title}</bdi>
                </a>
              </h3>
              {topic.mark ? (
                <p className="mt-1 text-sm">
                  <TopicMark topicId={topic.id} mark={topic.mark} />
                </p>
              ) : null}
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
                <CategoryBadge label={categoryLabel(topic.category)} />
                <span>
                  {"by "}
                  <a href={memberHref(topic.author.username)} className="underline">
                    <bdi>{topic.author.username}</bdi>
                  </a>
                </span>
                <span>
                  Created <FormattedDate date={topic.createdAt} />
                </span>
                <span>{repliesLabel(topic.postCount)}</span>
                <span>
                  Latest activity <FormattedDate date={topic.lastActivityAt} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}

      {!isFirstPage || nextCursor ? (
        <nav aria-label="Topic pages" className="mt-6 flex gap-3 text-sm">
          {!isFirstPage ? (
            <a
              href={forumHref({ category, filter })}
              className="rounded border border-violet-300 px-3 py-1 text-cosmic"
            >
              Newest topics
            </a>
          ) : null}
          {nextCursor ? (
            <a
              href={forumHref({ category, filter, cursor: nextCursor })}
              className="rounded border border-violet-300 px-3 py-1 text-cosmic"
            >
              Older topics
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
