import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPostLikes, forumPosts, forumTopics, users } from "#db/schema";
import { excerptOf, postPlainText } from "./post-markdown.server";
import { pageCountFor, postVisibleTo, topicVisibleTo, type Reader } from "./topics.server";

/**
 * Member pages (`/forum/u/<username>`, decision 360): who a member is on the forum (the name, the join date), what
 * they wrote (posts and topics started, newest first, paged) and their likes given and received (counts).
 *
 * What a page shows does not depend on who reads it, with two exceptions: the member themselves (their own hidden
 * posts and topics, marked, as the topic page shows them to their author) and moderators (every post and topic that
 * is not deleted, as the moderation pages show them). Everyone else, signed in or not, sees what a signed-out visitor
 * sees: never a hidden or deleted post, nor a post of a hidden or deleted topic. So the page is the same for every
 * plain member and visitor, which the page cache relies on (the member templates of `forum-member`).
 */
export const MEMBER_ITEMS_PER_PAGE = 20;

/** How long an excerpt of a post is on a member page (characters). */
export const EXCERPT_CHARACTERS = 200;

export type ForumMember = {
  id: number;
  username: string;
  createdAt: Date;
  suspendedUntil: Date | null;
  silencedUntil: Date | null;
};

/** The longest name worth looking up (usernames are far shorter): anything longer names nobody. */
const NAME_LIMIT = 100;

/**
 * The member a name names, compared without case (usernames are unique without case, and the mention code looks
 * names up the same way: decision 313), through users_username_lower_idx. Null: nobody.
 */
export async function findMemberByName(name: string | undefined): Promise<ForumMember | null> {
  const wanted = name?.trim();
  if (!wanted || wanted.length > NAME_LIMIT) return null;
  const [member] = await db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      suspendedUntil: users.suspendedUntil,
      silencedUntil: users.silencedUntil,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${wanted})`)
    .limit(1);
  return member ?? null;
}

/**
 * Whose eyes a member page's lists are read with: the member's own or a moderator's (they may see hidden items), or
 * a signed-out visitor's for everyone else (null), so a plain member sees exactly what a visitor sees.
 */
export function memberPageReader(reader: Reader, memberId: number): Reader {
  return reader && (reader.canModerate || reader.id === memberId) ? reader : null;
}

/**
 * Who reads a member page: the signed-in member (or a visitor, null); in the member template of a member's own page
 * (decision 360), the member whose page it is (set by the page cache), since the template is rendered as a made-up
 * member who is nobody's page.
 */
export function memberPageViewer(context: AppLoadContext, reader: Reader): Reader {
  const owner = context.forumMemberPageOwner;
  return owner === undefined ? reader : { id: owner, canModerate: false };
}

/** What may be shown of posts and their topics to this reader (topics.server's rules, the one place for them). */
const visiblePosts = (reader: Reader): SQL => and(postVisibleTo(reader), topicVisibleTo(reader))!;

/** A post on a member page: where it is, its address's parts, an excerpt, and whether it is hidden. */
export type MemberPostItem = {
  id: number;
  topicId: number;
  topicTitle: string;
  number: number;
  excerpt: string;
  createdAt: Date;
  hidden: boolean;
};

export type MemberTopicItem = {
  id: number;
  title: string;
  category: string;
  postCount: number;
  createdAt: Date;
  hidden: boolean;
};

export type Paged<T> = { items: T[]; page: number; pageCount: number; total: number };

/** A post's words (its Markdown read as text, decision 340) on one line, cut to EXCERPT_CHARACTERS characters. */
export function postExcerpt(content: string): string {
  return excerptOf(postPlainText(content).replace(/\s+/g, " ").trim(), EXCERPT_CHARACTERS);
}

/** The page asked for, as a whole number from 1 (anything else: 1); clamped to the last page by the caller. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1;
}

/**
 * One page of a member page's list of `total` items (posts, topics started, bookmarks), newest first: the page asked
 * for clamped to the last, and its rows read with `read` (never when there are none). The one shape of the page's
 * paged queries: the count comes first (memberCounts, or the list's own), the rows by LIMIT and OFFSET.
 */
export async function readMemberListPage<Row>({
  page,
  total,
  read,
}: {
  page: number;
  total: number;
  read: (window: { limit: number; offset: number }) => Promise<Row[]>;
}): Promise<Paged<Row>> {
  const pageCount = pageCountFor(total, MEMBER_ITEMS_PER_PAGE);
  const current = Math.min(Math.max(1, page), pageCount);
  const items = total
    ? await read({ limit: MEMBER_ITEMS_PER_PAGE, offset: (current - 1) * MEMBER_ITEMS_PER_PAGE })
    : [];
  return { items, page: current, pageCount, total };
}

/** A post's row as its excerpt: the page never sends a whole post (decision 360). */
export function withExcerpt<Row extends { content: string }>({
  content,
  ...row
}: Row): Omit<Row, "content"> & { excerpt: string } {
  return { ...row, excerpt: postExcerpt(content) };
}

/** The member's counts as the page shows them: posts, topics started, likes given and likes received. */
export type MemberCounts = { posts: number; topics: number; likesGiven: number; likesReceived: number };

/**
 * The four counts in one statement, each read with the reader's eyes (hidden and deleted posts count for nobody who
 * may not see them): the member's posts (forum_posts_author_idx), topics (forum_topics_author_idx), likes they gave
 * (forum_post_likes_user_idx) and the likes of their visible posts (the posts' kept like_count).
 */
export async function memberCounts({ memberId, reader }: { memberId: number; reader: Reader }): Promise<MemberCounts> {
  const visible = visiblePosts(reader);
  const [row] = (await db.execute(sql`
    select
      (select count(*)::int from ${forumPosts} join ${forumTopics} on ${forumTopics.id} = ${forumPosts.topicId}
        where ${forumPosts.authorId} = ${memberId} and ${visible}) as posts,
      (select count(*)::int from ${forumTopics} where ${forumTopics.authorId} = ${memberId} and ${topicVisibleTo(reader)})
        as topics,
      (select count(*)::int from ${forumPostLikes}
        join ${forumPosts} on ${forumPosts.id} = ${forumPostLikes.postId}
        join ${forumTopics} on ${forumTopics.id} = ${forumPosts.topicId}
        where ${forumPostLikes.userId} = ${memberId} and ${visible}) as likes_given,
      (select coalesce(sum(${forumPosts.likeCount}), 0)::int from ${forumPosts}
        join ${forumTopics} on ${forumTopics.id} = ${forumPosts.topicId}
        where ${forumPosts.authorId} = ${memberId} and ${visible}) as likes_received`)) as unknown as Array<{
    posts: number;
    topics: number;
    likes_given: number;
    likes_received: number;
  }>;
  return {
    posts: row?.posts ?? 0,
    topics: row?.topics ?? 0,
    likesGiven: row?.likes_given ?? 0,
    likesReceived: row?.likes_received ?? 0,
  };
}

/** Which page of a member's list to read, with whose eyes. */
type MemberListQuery = {
  memberId: number;
  reader: Reader;
  page: number;
  /** the count memberCounts gave (the same reader), so the pages are known without counting again */
  total: number;
};

/** One page of the member's posts, newest first (forum_posts_author_idx), as the reader may see them. */
export async function listMemberPosts({
  memberId,
  reader,
  page,
  total,
}: MemberListQuery): Promise<Paged<MemberPostItem>> {
  const paged = await readMemberListPage({
    page,
    total,
    read: ({ limit, offset }) =>
      db
        .select({
          id: forumPosts.id,
          topicId: forumPosts.topicId,
          topicTitle: forumTopics.title,
          number: forumPosts.number,
          content: forumPosts.content,
          createdAt: forumPosts.createdAt,
          hidden: sql<boolean>`(${forumPosts.hiddenAt} is not null or ${forumTopics.hiddenAt} is not null)`,
        })
        .from(forumPosts)
        .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
        .where(and(eq(forumPosts.authorId, memberId), visiblePosts(reader)))
        .orderBy(sql`${forumPosts.createdAt} desc nulls last`, desc(forumPosts.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...paged, items: paged.items.map(withExcerpt) };
}

/** One page of the topics the member started, newest first (forum_topics_author_idx), as the reader may see them. */
export async function listMemberTopics({
  memberId,
  reader,
  page,
  total,
}: MemberListQuery): Promise<Paged<MemberTopicItem>> {
  return readMemberListPage({
    page,
    total,
    read: ({ limit, offset }) =>
      db
        .select({
          id: forumTopics.id,
          title: forumTopics.title,
          category: forumTopics.category,
          postCount: forumTopics.postCount,
          createdAt: forumTopics.createdAt,
          hidden: sql<boolean>`${forumTopics.hiddenAt} is not null`,
        })
        .from(forumTopics)
        .where(and(eq(forumTopics.authorId, memberId), topicVisibleTo(reader)))
        .orderBy(desc(forumTopics.createdAt), desc(forumTopics.id))
        .limit(limit)
        .offset(offset),
  });
}

/** What the moderation pages show of a member (decision 026): a silence or a suspension in force, for moderators. */
export type MemberStanding = { suspendedUntil: Date | null; silencedUntil: Date | null };

/**
 * Everything a member page shows, read with the reader's eyes: the member, their counts, the page of posts and of
 * topics asked for (`?posts=`, `?topics=`), and for moderators the member's standing. Null: no member of that name.
 */
export async function loadMemberPage({
  name,
  reader,
  postsPage,
  topicsPage,
}: {
  name: string | undefined;
  reader: Reader;
  postsPage: number;
  topicsPage: number;
}) {
  const member = await findMemberByName(name);
  if (!member) return null;
  const eyes = memberPageReader(reader, member.id);
  const counts = await memberCounts({ memberId: member.id, reader: eyes });
  const [posts, topics] = await Promise.all([
    listMemberPosts({ memberId: member.id, reader: eyes, page: postsPage, total: counts.posts }),
    listMemberTopics({ memberId: member.id, reader: eyes, page: topicsPage, total: counts.topics }),
  ]);
  const now = Date.now();
  const inForce = (until: Date | null) => (until && until.getTime() > now ? until : null);
  const standing: MemberStanding | null = reader?.canModerate
    ? { suspendedUntil: inForce(member.suspendedUntil), silencedUntil: inForce(member.silencedUntil) }
    : null;
  return {
    member: { id: member.id, username: member.username, createdAt: member.createdAt },
    own: reader?.id === member.id,
    counts,
    posts,
    topics,
    standing,
  };
}
