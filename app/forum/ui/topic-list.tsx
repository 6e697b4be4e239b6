import { Link } from "@remix-run/react";
import { FormattedDate } from "~/components/formatted-date";
import { ALL_TOPICS, categoryLabel, FORUM_CATEGORIES } from "../categories";
import { forumHref, repliesLabel } from "../pages";
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

export function TopicList({
  topics,
  category,
  isFirstPage,
  nextCursor,
}: {
  topics: TopicCard[];
  category: string | null;
  isFirstPage: boolean;
  nextCursor: string | null;
}) {
  return (
    <>
      {topics.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-violet-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold">No topics yet</p>
          {isFirstPage ? (
            <Link
              to={forumHref({ category, new: true })}
              className="mt-4 inline-block rounded bg-cosmic px-4 py-2 font-semibold text-white"
            >
              Create First Topic
            </Link>
          ) : (
            <Link to={forumHref({ category })} className="mt-4 inline-block text-cosmic underline">
              Back to the newest topics
            </Link>
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
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
                <CategoryBadge label={categoryLabel(topic.category)} />
                <span>
                  by <bdi>{topic.author.username}</bdi>
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
            <a href={forumHref({ category })} className="rounded border border-violet-300 px-3 py-1 text-cosmic">
              Newest topics
            </a>
          ) : null}
          {nextCursor ? (
            <a
              href={forumHref({ category, cursor: nextCursor })}
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
