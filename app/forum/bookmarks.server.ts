import type { AppLoadContext } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumBookmarks, forumPosts, forumTopics, users } from "#db/schema";
import { rendersPageHole } from "~/components/page-hole";
import { FORUM_BOOKMARKS_HOLE } from "./member-pages";
import { readMemberListPage, withExcerpt, type Paged } from "./members.server";
import { postVisibleTo, topicVisibleTo, type Reader } from "./topics.server";

/**
 * Bookmarks (decision 360): a member keeps a post to come back to. One row per member and post (the primary key, so
 * a second bookmark of the same post is no second row), listed only on the member's own page, newest first
 * (forum_bookmarks_user_created_idx), removable there and on the post's card. A member bookmarks a post they may
 * read: one that is neither hidden nor deleted in a topic that is neither, or a hidden one of their own.
 */
export type BookmarkOutcome = { status: "done"; topicId: number; number: number } | { status: "not-found" };

export async function setBookmark({
  memberId,
  postId,
  topicId,
  bookmark,
}: {
  memberId: number;
  postId: number;
  /** the topic the post must be in (the page the form was on); null: any (the member page's Remove form) */
  topicId: number | null;
  bookmark: boolean;
}): Promise<BookmarkOutcome> {
  const [post] = await db
    .select({ topicId: forumPosts.topicId, number: forumPosts.number })
    .from(forumPosts)
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .where(
      and(
        eq(forumPosts.id, postId),
        topicId === null ? undefined : eq(forumPosts.topicId, topicId),
        // Taking a bookmark away is always allowed (the post may have been hidden since); adding one only to a post the
        // member may read, as a member with no moderator's eyes (their own hidden post, never another's).
        bookmark ? postVisibleTo({ id: memberId, canModerate: false }) : undefined,
        bookmark ? topicVisibleTo({ id: memberId, canModerate: false }) : undefined,
      ),
    )
    .limit(1);
  if (!post) return { status: "not-found" };
  if (bookmark) {
    await db.insert(forumBookmarks).values({ userId: memberId, postId }).onConflictDoNothing();
  } else {
    await db.delete(forumBookmarks).where(and(eq(forumBookmarks.userId, memberId), eq(forumBookmarks.postId, postId)));
  }
  return { status: "done", topicId: post.topicId, number: post.number };
}

/** Which of these posts the member has bookmarked (the topic page's buttons). */
export async function bookmarkedBy({ memberId, postIds }: { memberId: number; postIds: number[] }) {
  if (postIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ postId: forumBookmarks.postId })
    .from(forumBookmarks)
    .where(and(eq(forumBookmarks.userId, memberId), sql`${forumBookmarks.postId} = any(${sql.param(postIds)}::int[])`));
  return new Set(rows.map((row) => row.postId));
}

/** A bookmark on the member's page: the post's place, author and excerpt, and when it was kept. */
export type BookmarkItem = {
  postId: number;
  topicId: number;
  topicTitle: string;
  number: number;
  author: string;
  excerpt: string;
  bookmarkedAt: Date;
  hidden: boolean;
};

/**
 * One page of the member's bookmarks, newest first, read with the member's own eyes (`reader`: a bookmarked post
 * hidden or deleted since is left out for a member who may not see it; a moderator sees what they may see anywhere).
 */
export async function listBookmarks({
  reader,
  page,
}: {
  reader: NonNullable<Reader>;
  page: number;
}): Promise<Paged<BookmarkItem>> {
  const where = and(eq(forumBookmarks.userId, reader.id), postVisibleTo(reader), topicVisibleTo(reader));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(forumBookmarks)
    .innerJoin(forumPosts, eq(forumPosts.id, forumBookmarks.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .where(where);
  const paged = await readMemberListPage({
    page,
    total,
    read: ({ limit, offset }) =>
      db
        .select({
          postId: forumBookmarks.postId,
          topicId: forumPosts.topicId,
          topicTitle: forumTopics.title,
          number: forumPosts.number,
          author: users.username,
          content: forumPosts.content,
          bookmarkedAt: forumBookmarks.createdAt,
          hidden: sql<boolean>`(${forumPosts.hiddenAt} is not null or ${forumTopics.hiddenAt} is not null)`,
        })
        .from(forumBookmarks)
        .innerJoin(forumPosts, eq(forumPosts.id, forumBookmarks.postId))
        .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
        .innerJoin(users, eq(users.id, forumPosts.authorId))
        .where(where)
        .orderBy(sql`${forumBookmarks.createdAt} desc nulls last`, sql`${forumBookmarks.postId} desc nulls last`)
        .limit(limit)
        .offset(offset),
  });
  return { ...paged, items: paged.items.map(withExcerpt) };
}

/**
 * The bookmarks one's own member page shows: null in the page's member template, where the page cache fills the
 * list per response (FORUM_BOOKMARKS_HOLE), as the forum header's notifications link.
 */
export async function ownBookmarks({
  context,
  reader,
  page,
}: {
  context: AppLoadContext;
  reader: NonNullable<Reader>;
  page: number;
}): Promise<Paged<BookmarkItem> | null> {
  if (rendersPageHole(context, FORUM_BOOKMARKS_HOLE)) return null;
  return listBookmarks({ reader, page });
}
