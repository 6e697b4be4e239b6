import type { ReactNode } from "react";
import { FormattedDate } from "~/components/formatted-date";
import { formatUtcDate } from "~/utils/dates";
import { postHref, repliesLabel } from "../pages";
import { PageLinks } from "./page-links";

/*
 * A member page's parts (decision 360): the summary, the posts, the topics started and, on one's own page, the
 * bookmarks. Links are plain anchors (the page navigates them with one handler, useLinkNavigation).
 */

export type MemberCountsView = { posts: number; topics: number; likesGiven: number; likesReceived: number };

/** The day a member joined (the time of day says nothing here). */
function JoinDate({ date }: { date: Date | string }) {
  const value = typeof date === "string" ? new Date(date) : date;
  return <time dateTime={value.toISOString()}>{formatUtcDate(value, "long")}</time>;
}

/** The member's join date and counts, as a description list. */
export function MemberSummary({ joined, counts }: { joined: Date | string; counts: MemberCountsView }) {
  const rows: Array<[string, ReactNode]> = [
    ["Joined", <JoinDate key="joined" date={joined} />],
    ["Posts", counts.posts.toLocaleString("en-US")],
    ["Topics started", counts.topics.toLocaleString("en-US")],
    ["Likes given", counts.likesGiven.toLocaleString("en-US")],
    ["Likes received", counts.likesReceived.toLocaleString("en-US")],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border border-violet-200 bg-white p-4 sm:grid-cols-[auto_1fr_auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Which page of a member page's list is shown, of how many, and where each page is (`?posts=`, `?topics=`...). */
export type ListPaging = { page: number; pageCount: number; total: number; href: (page: number) => string };

/**
 * A member page's paged list: a section with its heading (the count in it), the page links (PageLinks) above and
 * below, and its items as an ordered list, or what is empty. The one shape of the page's three lists.
 */
function PagedList<Item>({
  id,
  heading,
  pagesLabel,
  listLabel,
  empty,
  paging: { page, pageCount, total, href },
  items,
  itemKey,
  renderItem,
  intro = null,
  focusable = false,
}: {
  id: string;
  /** the heading's words; the count follows them */
  heading: string;
  pagesLabel: string;
  listLabel: string;
  empty: string;
  paging: ListPaging;
  items: Item[];
  itemKey: (item: Item) => number;
  renderItem: (item: Item) => ReactNode;
  /** a line between the top page links and the list */
  intro?: ReactNode;
  /** the heading takes focus after an in-page change (a bookmark removed, with JavaScript) */
  focusable?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} tabIndex={focusable ? -1 : undefined} className="font-serif text-2xl font-bold">
        {`${heading} (${total.toLocaleString("en-US")})`}
      </h2>
      {total === 0 ? (
        <p className="mt-3">{empty}</p>
      ) : (
        <>
          {pageCount > 1 ? <p className="mt-1 text-sm">{`Page ${page} of ${pageCount}`}</p> : null}
          <PageLinks page={page} pageCount={pageCount} href={href} label={pagesLabel} />
          {intro}
          <ol aria-label={listLabel} className="mt-2 space-y-3">
            {items.map((item) => (
              <li key={itemKey(item)} className="rounded-lg border border-violet-200 bg-white p-4">
                {renderItem(item)}
              </li>
            ))}
          </ol>
          <PageLinks page={page} pageCount={pageCount} href={href} label={`${pagesLabel} (bottom)`} />
        </>
      )}
    </section>
  );
}

const HiddenMark = () => (
  <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-ink">Hidden from other readers</span>
);

/** A post in a list: a link to its own address (decision 311) by its place, what follows it, and its excerpt. */
function PostInList({
  post,
  children,
}: {
  post: { topicId: number; topicTitle: string; number: number; excerpt: string; hidden: boolean };
  children: ReactNode;
}) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={postHref(post.topicId, post.number)} className="font-semibold text-cosmic underline">
          {`Post #${post.number} in `}
          <bdi>{post.topicTitle}</bdi>
        </a>{" "}
        {children} {post.hidden ? <HiddenMark /> : null}
      </p>
      <p dir="auto" className="mt-1 break-words">
        {post.excerpt}
      </p>
    </>
  );
}

export type MemberPostView = {
  id: number;
  topicId: number;
  topicTitle: string;
  number: number;
  excerpt: string;
  createdAt: Date | string;
  hidden: boolean;
};

/** The member's posts, newest first. */
export function MemberPosts({ posts, ...paging }: { posts: MemberPostView[] } & ListPaging) {
  return (
    <PagedList
      id="member-posts"
      heading="Posts"
      pagesLabel="Post pages"
      listLabel="Posts"
      empty="No posts yet."
      paging={paging}
      items={posts}
      itemKey={(post) => post.id}
      renderItem={(post) => (
        <PostInList post={post}>
          <span className="text-sm">
            <FormattedDate date={post.createdAt} />
          </span>
        </PostInList>
      )}
    />
  );
}

export type MemberTopicView = {
  id: number;
  title: string;
  categoryLabel: string;
  postCount: number;
  createdAt: Date | string;
  hidden: boolean;
};

/** The topics the member started, newest first. */
export function MemberTopics({ topics, ...paging }: { topics: MemberTopicView[] } & ListPaging) {
  return (
    <PagedList
      id="member-topics"
      heading="Topics started"
      pagesLabel="Topic pages"
      listLabel="Topics started"
      empty="No topics started yet."
      paging={paging}
      items={topics}
      itemKey={(topic) => topic.id}
      renderItem={(topic) => (
        <>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <a href={`/forum/topic/${topic.id}`} className="font-semibold text-cosmic underline">
              <bdi>{topic.title}</bdi>
            </a>{" "}
            {topic.hidden ? <HiddenMark /> : null}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
            <span>{topic.categoryLabel}</span>{" "}
            <span>
              Started <FormattedDate date={topic.createdAt} />
            </span>{" "}
            <span>{repliesLabel(topic.postCount)}</span>
          </p>
        </>
      )}
    />
  );
}

export type BookmarkView = {
  postId: number;
  topicId: number;
  topicTitle: string;
  number: number;
  author: string;
  excerpt: string;
  bookmarkedAt: Date | string;
  hidden: boolean;
};

/** The member's own bookmarks (only they see them), newest first, each with its Remove button. */
export function MemberBookmarks({ bookmarks, ...paging }: { bookmarks: BookmarkView[] } & ListPaging) {
  return (
    <PagedList
      id="bookmarks"
      heading="Your bookmarks"
      pagesLabel="Bookmark pages"
      listLabel="Bookmarks"
      empty="No bookmarks yet. A post's Bookmark button keeps it here; only you see this list."
      paging={paging}
      items={bookmarks}
      itemKey={(item) => item.postId}
      intro={<p className="text-sm">Only you see this list.</p>}
      focusable
      renderItem={(item) => (
        <>
          <PostInList post={item}>
            <span className="text-sm">
              {"by "}
              <bdi>{item.author}</bdi>
            </span>
          </PostInList>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
            <span>
              Bookmarked <FormattedDate date={item.bookmarkedAt} />
            </span>{" "}
            {/* a plain form: the list is a member hole the page cache renders outside the router (decision 360) */}
            <form method="post">
              <input type="hidden" name="intent" value="unbookmark" />
              <input type="hidden" name="postId" value={item.postId} />
              <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-cosmic">
                Remove bookmark
                <span className="sr-only">{` from post #${item.number} in ${item.topicTitle}`}</span>
              </button>
            </form>
          </div>
        </>
      )}
    />
  );
}
