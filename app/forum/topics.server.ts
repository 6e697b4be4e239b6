import { and, asc, eq, gt, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { isModeratorUser, type PublicUser } from "~/accounts/users.server";
import { ensureQueue } from "~/jobs/queue.server";
import { formatUtcDateTime } from "~/utils/dates";
import { parseId } from "~/utils/ids";
import type { ForumCategoryKey } from "./categories";
import { notify, NOTIFICATION_MAIL_QUEUE } from "./member-notifications.server";
import { notifyMentionsAndQuotes } from "./mentions.server";
import { HIDDEN_POST_NOTICE, TOPIC_LOCKED } from "./notices";
import { topicLevelFor } from "./watch-levels.server";
import { queueWatchFanOut, WATCH_FANOUT_QUEUE } from "./watching.server";

/**
 * Topics and posts. Built to hold a million posts: every list is served by an index and paginated (topics by a
 * keyset cursor on (last_activity_at, id), posts by their per-topic number), and the counts pages show live in
 * columns kept in the same transaction as each insert. Post numbers come from forum_topics.post_count under the
 * topic's row lock, so they are gapless and never collide (decision 020).
 */
export const TOPICS_PER_PAGE = 20;
export const POSTS_PER_PAGE = 25;
/** A second identical submission by the same member within this window returns the first post (double submit). */
export const DUPLICATE_WINDOW_SECONDS = 10;

export type Author = { id: number; username: string };

export { HIDDEN_POST_NOTICE, HIDDEN_TOPIC_NOTICE, TOPIC_LOCKED } from "./notices";
/** Hidden by members' flags, before a moderator looked (hidden_by is null). */
export const PENDING_REVIEW_REASON = "Flagged by several members; pending a moderator's review.";

/** A hidden post or topic: the reason is shown only to its author and to moderators. */
export type HiddenState = { reason: string | null } | null;

/**
 * A refused write (decision 026): the topic is locked, hidden or deleted, the post hidden, or the member
 * silenced. Routes answer it with its status and message.
 */
export class ForumWriteRefusedError extends Error {
  constructor(
    message: string,
    readonly status: 403 | 409 = 403,
  ) {
    super(message);
  }
}

export function silencedMessage(until: Date): string {
  return `You have been silenced by a moderator until ${formatUtcDateTime(until)}: you cannot post until then.`;
}

export type TopicSummary = {
  id: number;
  title: string;
  description: string | null;
  category: string;
  authorId: number;
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
  postCount: number;
  author: { username: string };
  lockedAt: Date | null;
  hidden: HiddenState;
};

export type ForumPost = {
  id: number;
  topicId: number;
  authorId: number;
  number: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  edited: boolean;
  author: { username: string };
  hidden: HiddenState;
};

export const topicColumns = {
  id: forumTopics.id,
  title: forumTopics.title,
  description: forumTopics.description,
  category: forumTopics.category,
  authorId: forumTopics.authorId,
  createdAt: forumTopics.createdAt,
  updatedAt: forumTopics.updatedAt,
  lastActivityAt: forumTopics.lastActivityAt,
  postCount: forumTopics.postCount,
  lockedAt: forumTopics.lockedAt,
  hiddenAt: forumTopics.hiddenAt,
  hiddenReason: forumTopics.hiddenReason,
  hiddenBy: forumTopics.hiddenBy,
  username: users.username,
  // The exact timestamp (microseconds) for the keyset cursor; a JS Date keeps only milliseconds.
  activityKey: sql<string>`${forumTopics.lastActivityAt}::text`,
};

type HiddenColumns = { hiddenAt: Date | null; hiddenReason: string | null; hiddenBy: number | null };
export type TopicRow = Omit<TopicSummary, "author" | "hidden"> &
  HiddenColumns & { username: string; activityKey: string };

function hiddenState({ hiddenAt, hiddenReason, hiddenBy }: HiddenColumns): HiddenState {
  if (!hiddenAt) return null;
  return { reason: hiddenBy === null ? PENDING_REVIEW_REASON : hiddenReason };
}

export function toTopic(row: TopicRow): TopicSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    authorId: row.authorId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastActivityAt: row.lastActivityAt,
    postCount: row.postCount,
    author: { username: row.username },
    lockedAt: row.lockedAt,
    hidden: hiddenState(row),
  };
}

// ------------------------------------------------------------------------------------------ cursors

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function encodeCursor(activityKey: string, id: number): string {
  return Buffer.from(`${activityKey}|${id}`).toString("base64url");
}

/** A cursor that does not decode is treated as "from the start", never as a server error. */
export function decodeCursor(cursor: string | null | undefined): { activityKey: string; id: number } | null {
  if (!cursor || cursor.length > 200) return null;
  const [activityKey, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const topicId = parseId(id);
  if (!activityKey || !TIMESTAMP_TEXT.test(activityKey) || topicId === null) return null;
  return { activityKey, id: topicId };
}

// ------------------------------------------------------------------------------------------ topics

/**
 * The topic list's four shapes (all topics or one category; first page or after a cursor), each a prepared
 * statement served by forum_topics_[category_]activity_idx.
 */
function topicPageQuery(byCategory: boolean, afterCursor: boolean) {
  return preparedQuery(`forum-topics-${byCategory}-${afterCursor}`, (db) => {
    const conditions = [
      // Hidden and deleted topics leave the list (decision 026); they are rare, so a filter on the index scan.
      sql`${forumTopics.hiddenAt} is null and ${forumTopics.deletedAt} is null`,
      byCategory ? sql`${forumTopics.category} = ${sql.placeholder("category")}` : undefined,
      afterCursor
        ? sql`(${forumTopics.lastActivityAt}, ${forumTopics.id}) < (${sql.placeholder("activityKey")}::timestamptz, ${sql.placeholder("afterId")}::int)`
        : undefined,
    ].filter(Boolean);
    return (
      db
        .select(topicColumns)
        .from(forumTopics)
        .innerJoin(users, eq(users.id, forumTopics.authorId))
        .where(conditions.length ? and(...conditions) : undefined)
        // NULLS LAST as in the indexes: a plain DESC (NULLS FIRST) would not match them and sort the whole table.
        .orderBy(sql`${forumTopics.lastActivityAt} desc nulls last`, sql`${forumTopics.id} desc nulls last`)
        .limit(sql.placeholder("limit"))
        .prepare(`forum-topics-${byCategory}-${afterCursor}`)
    );
  });
}
const topicPageQueries = {
  "all-first": topicPageQuery(false, false),
  "all-after": topicPageQuery(false, true),
  "category-first": topicPageQuery(true, false),
  "category-after": topicPageQuery(true, true),
};

const topicByIdQuery = preparedQuery("forum-topic", (db) =>
  db
    .select(topicColumns)
    .from(forumTopics)
    .innerJoin(users, eq(users.id, forumTopics.authorId))
    .where(and(eq(forumTopics.id, sql.placeholder("id")), isNull(forumTopics.deletedAt)))
    .limit(1)
    .prepare("forum-topic"),
);

/** One page of topics, latest activity first (index forum_topics_[category_]activity_idx). */
export async function listTopics({
  category,
  cursor,
  limit = TOPICS_PER_PAGE,
}: {
  category?: ForumCategoryKey | null;
  cursor?: string | null;
  limit?: number;
}): Promise<{ topics: TopicSummary[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const values = { category, activityKey: after?.activityKey, afterId: after?.id, limit: limit + 1 };
  const rows = (await topicPageQueries[`${category ? "category" : "all"}-${after ? "after" : "first"}`]().execute(
    values,
  )) as TopicRow[];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    topics: page.map(toTopic),
    nextCursor: rows.length > limit && last ? encodeCursor(last.activityKey, last.id) : null,
  };
}

/** A topic that has not been deleted (a hidden one too: callers decide who may see it, see canSeeHidden). */
export async function getTopic(id: number): Promise<TopicSummary | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = (await topicByIdQuery().execute({ id })) as TopicRow[];
  return row ? toTopic(row) : null;
}

/**
 * Creates a topic. The same member submitting the same title again within the duplicate window gets the first
 * topic back (`created: false`): a per-author advisory lock serialises the check and the insert.
 */
export async function createTopic({
  authorId,
  title,
  description,
  category,
}: {
  authorId: number;
  title: string;
  description: string | null;
  category: ForumCategoryKey;
}): Promise<{ topic: TopicSummary; created: boolean }> {
  await ensureQueue(WATCH_FANOUT_QUEUE);
  const { id, created } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('forum-topic'), ${authorId})`);
    await refuseSilenced(tx, authorId);
    const [existing] = await tx
      .select({ id: forumTopics.id })
      .from(forumTopics)
      .where(
        and(
          eq(forumTopics.authorId, authorId),
          eq(forumTopics.title, title),
          sql`${forumTopics.createdAt} > now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`,
        ),
      )
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const [inserted] = await tx
      .insert(forumTopics)
      .values({ authorId, title, description, category })
      .returning({ id: forumTopics.id });
    // The category's watchers are told by a job, queued with the topic (decision 350).
    await queueWatchFanOut(tx, { topicId: inserted!.id });
    return { id: inserted!.id, created: true };
  });
  return { topic: (await getTopic(id))!, created };
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Throws ForumWriteRefusedError when the member is silenced (decision 026). */
async function refuseSilenced(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx
    .select({ until: users.silencedUntil })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.silencedUntil} > now()`))
    .limit(1);
  if (row?.until) throw new ForumWriteRefusedError(silencedMessage(row.until));
}

/**
 * Whether this submission repeats the member's own topic or post from the last few seconds (a double submit that
 * createTopic/createPost will answer with the first one): the forum's pace (decision 092) lets it through.
 */
export async function isRecentRepeat(
  submission: { authorId: number } & ({ title: string } | { topicId: number; content: string }),
): Promise<boolean> {
  const recent = (createdAt: typeof forumTopics.createdAt | typeof forumPosts.createdAt) =>
    sql`${createdAt} > now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`;
  const rows =
    "title" in submission
      ? await db
          .select({ id: forumTopics.id })
          .from(forumTopics)
          .where(
            and(
              eq(forumTopics.authorId, submission.authorId),
              eq(forumTopics.title, submission.title),
              recent(forumTopics.createdAt),
            ),
          )
          .limit(1)
      : await db
          .select({ id: forumPosts.id })
          .from(forumPosts)
          .where(
            and(
              eq(forumPosts.topicId, submission.topicId),
              eq(forumPosts.authorId, submission.authorId),
              eq(forumPosts.content, submission.content),
              recent(forumPosts.createdAt),
            ),
          )
          .limit(1);
  return rows.length > 0;
}

/**
 * Whether a reply passes the forum's pace (decision 092) whatever the last post's time: a double submit of the reply
 * just made (answered with the first), or the first reply of a topic's author to that topic. A topic's own creation
 * does not count against the first words its author adds to it (issue 47: a member who created a topic and replied
 * at once was refused); the topic itself was paced, the next reply is, and the windows still count both.
 */
export async function replyPassesPace(reply: { authorId: number; topicId: number; content: string }): Promise<boolean> {
  if (await isRecentRepeat(reply)) return true;
  const [ownNewTopic] = await db
    .select({ id: forumTopics.id })
    .from(forumTopics)
    .where(
      and(
        eq(forumTopics.id, reply.topicId),
        eq(forumTopics.authorId, reply.authorId),
        sql`not exists (select 1 from ${forumPosts} where ${forumPosts.topicId} = ${forumTopics.id} and ${forumPosts.authorId} = ${reply.authorId})`,
      ),
    )
    .limit(1);
  return ownNewTopic !== undefined;
}

// ------------------------------------------------------------------------------------------- posts

const postColumns = {
  id: forumPosts.id,
  topicId: forumPosts.topicId,
  authorId: forumPosts.authorId,
  number: forumPosts.number,
  content: forumPosts.content,
  createdAt: forumPosts.createdAt,
  updatedAt: forumPosts.updatedAt,
  edited: sql<boolean>`${forumPosts.updatedAt} > ${forumPosts.createdAt}`,
  hiddenAt: forumPosts.hiddenAt,
  hiddenReason: forumPosts.hiddenReason,
  hiddenBy: forumPosts.hiddenBy,
  username: users.username,
};

type PostRow = Omit<ForumPost, "author" | "hidden"> & HiddenColumns & { username: string };

function toPost({ username, hiddenAt, hiddenReason, hiddenBy, ...row }: PostRow): ForumPost {
  return { ...row, author: { username }, hidden: hiddenState({ hiddenAt, hiddenReason, hiddenBy }) };
}

/** Who reads: a hidden post's text and reason are shown only to its author and to moderators. */
export type Reader = { id: number; canModerate: boolean } | null;

/** The reader a signed-in member (or a signed-out visitor, null) is, for every visibility question below. */
export function readerOf(user: Pick<PublicUser, "id" | "role"> | null): Reader {
  return user ? { id: user.id, canModerate: isModeratorUser(user) } : null;
}

export function canSeeHidden(reader: Reader, authorId: number): boolean {
  return Boolean(reader && (reader.canModerate || reader.id === authorId));
}

/**
 * May this reader see this topic (and so any of its posts)? A hidden topic only its author (who is told why) and
 * moderators; a deleted one (getTopic does not return it) only moderators. The one answer for pages, the API,
 * notifications and every list (decision 162).
 */
export function canSeeTopic(reader: Reader, topic: { authorId: number; hidden: HiddenState }): boolean {
  return !topic.hidden || canSeeHidden(reader, topic.authorId);
}

/**
 * canSeeTopic as a condition on forum_topics, for queries that list or search many topics: never a deleted topic;
 * a hidden one only for its author and moderators.
 */
export function topicVisibleTo(reader: Reader): SQL {
  if (reader?.canModerate) return sql`${forumTopics.deletedAt} is null`;
  if (reader)
    return sql`${forumTopics.deletedAt} is null and (${forumTopics.hiddenAt} is null or ${forumTopics.authorId} = ${reader.id})`;
  return sql`${forumTopics.deletedAt} is null and ${forumTopics.hiddenAt} is null`;
}

/** The same for forum_posts (the post itself; its topic is asked with topicVisibleTo). */
export function postVisibleTo(reader: Reader): SQL {
  if (reader?.canModerate) return sql`${forumPosts.deletedAt} is null`;
  if (reader)
    return sql`${forumPosts.deletedAt} is null and (${forumPosts.hiddenAt} is null or ${forumPosts.authorId} = ${reader.id})`;
  return sql`${forumPosts.deletedAt} is null and ${forumPosts.hiddenAt} is null`;
}

/**
 * One post as this reader may see it (postForReader), or null when they may not see it at all: deleted, or in a
 * topic that is deleted (moderators only) or hidden (canSeeTopic). GET /api/forum/posts/{id} answers with this.
 */
export async function getVisiblePost({
  postId,
  reader,
}: {
  postId: number;
  reader: Reader;
}): Promise<ForumPost | null> {
  if (!Number.isSafeInteger(postId) || postId <= 0 || postId > 2_147_483_647) return null;
  const [row] = (await db
    .select({
      ...postColumns,
      topicAuthorId: forumTopics.authorId,
      topicHiddenAt: forumTopics.hiddenAt,
      topicDeleted: sql<boolean>`${forumTopics.deletedAt} is not null`,
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .where(and(eq(forumPosts.id, postId), isNull(forumPosts.deletedAt)))
    .limit(1)) as Array<PostRow & { topicAuthorId: number; topicHiddenAt: Date | null; topicDeleted: boolean }>;
  if (!row) return null;
  const { topicAuthorId, topicHiddenAt, topicDeleted, ...post } = row;
  if (topicDeleted && !reader?.canModerate) return null;
  if (!canSeeTopic(reader, { authorId: topicAuthorId, hidden: topicHiddenAt ? { reason: null } : null })) return null;
  return postForReader(toPost(post), reader);
}

/**
 * A post as a reader may see it: a hidden post keeps its place and number, but others get the notice instead of
 * its text (and no reason). Every route that hands posts out goes through this.
 */
export function postForReader(post: ForumPost, reader: Reader): ForumPost {
  if (!post.hidden || canSeeHidden(reader, post.authorId)) return post;
  return { ...post, content: HIDDEN_POST_NOTICE, hidden: { reason: null } };
}

export function pageCountFor(postCount: number, perPage = POSTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(postCount / perPage));
}

/** The page that shows post number `number`. */
export function pageOfPost(number: number, perPage = POSTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(number / perPage));
}

const postPageQuery = preparedQuery("forum-post-page", (db) =>
  db
    .select(postColumns)
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(
      and(
        eq(forumPosts.topicId, sql.placeholder("topicId")),
        gte(forumPosts.number, sql.placeholder("from")),
        lte(forumPosts.number, sql.placeholder("to")),
        // Deleted posts are gone from the forum (kept for the record); the others keep their numbers.
        isNull(forumPosts.deletedAt),
      ),
    )
    .orderBy(asc(forumPosts.number))
    .prepare("forum-post-page"),
);

/** The page of a topic that listPosts shows for `page`: clamped to 1 and the topic's last page, in SQL. */
const perPage = sql.raw(String(POSTS_PER_PAGE));
const shownPage = sql`least(greatest(${sql.placeholder("page")}::int, 1), greatest(1, ceil(${forumTopics.postCount} / ${perPage}.0)::int))`;
const onShownPage = and(
  eq(forumPosts.topicId, forumTopics.id),
  eq(forumPosts.authorId, sql.placeholder("memberId")),
  isNull(forumPosts.deletedAt),
  sql`${forumPosts.number} between (${shownPage} - 1) * ${perPage} + 1 and ${shownPage} * ${perPage}`,
);
const pageOwnershipQuery = preparedQuery("forum-page-ownership", (db) =>
  db
    .select({
      ownTopic: sql<boolean>`${forumTopics.authorId} = ${sql.placeholder("memberId")}`,
      topicHidden: sql<boolean>`${forumTopics.hiddenAt} is not null`,
      ownPosts: sql<
        number[]
      >`array(select ${forumPosts.id} from ${forumPosts} where ${onShownPage} order by ${forumPosts.id})`,
      ownHiddenPost: sql<boolean>`exists(select 1 from ${forumPosts} where ${onShownPage} and ${forumPosts.hiddenAt} is not null)`,
      // The member's likes of posts on the page (decision 312): the Like buttons they see, so the template's key.
      // (Spelled out: in a one-table select drizzle writes the outer topic's id as a bare "id", which the subquery
      // would read as the post's.)
      likedPosts: sql<number[]>`array(select liked.post_id from forum_post_likes liked
        join forum_posts on forum_posts.id = liked.post_id
        where liked.user_id = ${sql.placeholder("memberId")} and forum_posts.topic_id = forum_topics.id
          and forum_posts.number between (${shownPage} - 1) * ${perPage} + 1 and ${shownPage} * ${perPage}
        order by liked.post_id)`,
      // The member's bookmarks of posts on the page (decision 360): the Bookmark buttons they see, so the key too.
      bookmarkedPosts: sql<number[]>`array(select kept.post_id from forum_bookmarks kept
        join forum_posts on forum_posts.id = kept.post_id
        where kept.user_id = ${sql.placeholder("memberId")} and forum_posts.topic_id = forum_topics.id
          and forum_posts.number between (${shownPage} - 1) * ${perPage} + 1 and ${shownPage} * ${perPage}
        order by kept.post_id)`,
      // The member's watch level of the topic (decision 350; null: the default), which the page's watch form shows.
      watchLevel: topicLevelFor(sql.placeholder("memberId")),
      // What the member has read of the topic (null: never opened): a view showing nothing newer writes nothing.
      readNumber: sql<number | null>`(select read.last_read_number from forum_topic_reads read
        where read.user_id = ${sql.placeholder("memberId")} and read.topic_id = forum_topics.id)`,
      // The highest post number the page shows (0: a topic without replies): what the member has read once it opens.
      lastShownNumber: sql<number>`least(${shownPage} * ${perPage}, ${forumTopics.postCount})`,
    })
    .from(forumTopics)
    .where(and(eq(forumTopics.id, sql.placeholder("topicId")), isNull(forumTopics.deletedAt)))
    .limit(1)
    .prepare("forum-page-ownership"),
);

/**
 * What of a topic page a member wrote (decision 120): whether they started the topic, the ids of their posts on the
 * page listPosts shows for `page` (any number: it is clamped as listPosts clamps it), and whether the topic or one
 * of their posts there is hidden, the last post number the page shows and how far they have read. Null: no such topic.
 */
export async function pageOwnership({ topicId, memberId, page }: { topicId: number; memberId: number; page: number }) {
  const [row] = await pageOwnershipQuery().execute({
    topicId,
    memberId,
    page: Math.min(Math.max(Math.trunc(page) || 1, 1), 2_147_483_647),
  });
  return row ?? null;
}

/**
 * One page of a topic's posts, by number range (index forum_posts_topic_number_idx): page N shows #((N-1)·25+1)
 * to #(N·25), so the first and the last page of a 5,000-post topic cost the same. Hidden posts are shown to the
 * `reader` as postForReader says (no reader: a signed-out visitor).
 */
export async function listPosts({
  topicId,
  postCount,
  page,
  perPage = POSTS_PER_PAGE,
  reader = null,
}: {
  topicId: number;
  postCount: number;
  page: number;
  perPage?: number;
  reader?: Reader;
}): Promise<{ posts: ForumPost[]; page: number; pageCount: number }> {
  const pageCount = pageCountFor(postCount, perPage);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const from = (current - 1) * perPage + 1;
  const rows = (await postPageQuery().execute({ topicId, from, to: from + perPage - 1 })) as PostRow[];
  return { posts: rows.map((row) => postForReader(toPost(row), reader)), page: current, pageCount };
}

/** A post that has not been deleted, with its text even when hidden (pass it through postForReader to show it). */
export async function getPost(postId: number): Promise<ForumPost | null> {
  if (!Number.isSafeInteger(postId) || postId <= 0 || postId > 2_147_483_647) return null;
  const [row] = (await db
    .select(postColumns)
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(and(eq(forumPosts.id, postId), isNull(forumPosts.deletedAt)))
    .limit(1)) as PostRow[];
  return row ? toPost(row) : null;
}

/**
 * Adds a post to a topic. Under the topic's row lock: a double submit (same member, same content within the
 * window, among the topic's latest posts) returns the existing post; otherwise post_count is incremented and
 * its new value is the post's number. The topic author is notified by a background job when someone else
 * replies, enqueued in the same transaction. Returns null when the topic does not exist; throws
 * ForumWriteRefusedError when the topic is locked or hidden or the member silenced (decision 026).
 */
export async function createPost({
  topicId,
  authorId,
  content,
}: {
  topicId: number;
  authorId: number;
  content: string;
}): Promise<{ post: ForumPost; created: boolean } | null> {
  // before the topic's row is locked: the queue's first use in a process sets it up (pg-boss), not under the lock
  await Promise.all([ensureQueue(NOTIFICATION_MAIL_QUEUE), ensureQueue(WATCH_FANOUT_QUEUE)]);
  const outcome = await db.transaction(async (tx) => {
    const [topic] = await tx
      .select({
        postCount: forumTopics.postCount,
        authorId: forumTopics.authorId,
        lockedAt: forumTopics.lockedAt,
        hiddenAt: forumTopics.hiddenAt,
      })
      .from(forumTopics)
      .where(and(eq(forumTopics.id, topicId), isNull(forumTopics.deletedAt)))
      .for("update");
    if (!topic) return null;
    // A hidden topic is not found by those who cannot see it (decision 298); its author and moderators are told why.
    if (topic.hiddenAt && !(await seesHiddenTopic(tx, authorId, topic.authorId))) return null;
    if (topic.lockedAt) throw new ForumWriteRefusedError(TOPIC_LOCKED, 409);
    if (topic.hiddenAt)
      throw new ForumWriteRefusedError("This topic was hidden by a moderator: it takes no new replies.", 409);
    await refuseSilenced(tx, authorId);
    const [duplicate] = await tx
      .select({ id: forumPosts.id })
      .from(forumPosts)
      .where(
        and(
          eq(forumPosts.topicId, topicId),
          gt(forumPosts.number, topic.postCount - 20),
          eq(forumPosts.authorId, authorId),
          eq(forumPosts.content, content),
          sql`${forumPosts.createdAt} > now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`,
        ),
      )
      .limit(1);
    if (duplicate) return { id: duplicate.id, created: false };
    const [counted] = await tx
      .update(forumTopics)
      .set({ postCount: sql`${forumTopics.postCount} + 1`, lastActivityAt: sql`now()` })
      .where(eq(forumTopics.id, topicId))
      .returning({ postCount: forumTopics.postCount });
    const [inserted] = await tx
      .insert(forumPosts)
      .values({ topicId, authorId, content, number: counted!.postCount })
      .returning({ id: forumPosts.id });
    // In the post's transaction, the topic author's notification (decision 312; never to oneself), with its mail job
    // when they want it at once (decision 351): both exist exactly when the reply does (decision 009) ...
    await notify(tx, { userId: topic.authorId, kind: "reply", actorId: authorId, topicId, postId: inserted!.id });
    // ... and the members it mentions or quotes (decision 313) ...
    await notifyMentionsAndQuotes(tx, { postId: inserted!.id, topicId, authorId, content });
    // ... and the job that tells the topic's watchers, after those (one notification per member and post: 350).
    await queueWatchFanOut(tx, { postId: inserted!.id });
    return { id: inserted!.id, created: true };
  });
  if (!outcome) return null;
  return { post: (await getPost(outcome.id))!, created: outcome.created };
}

/** canSeeTopic for a hidden topic, asked of a member known by id (a write knows its writer's id, not their role). */
async function seesHiddenTopic(
  q: Pick<typeof db, "select">,
  memberId: number,
  topicAuthorId: number,
): Promise<boolean> {
  if (memberId === topicAuthorId) return true;
  const [member] = await q.select({ role: users.role }).from(users).where(eq(users.id, memberId)).limit(1);
  return member
    ? canSeeTopic(readerOf({ id: memberId, role: member.role }), { authorId: topicAuthorId, hidden: { reason: null } })
    : false;
}

/**
 * May a post in this state be edited by its author? Null: yes; "not-found": it or its topic is deleted; otherwise
 * why not (the post or its topic was hidden by a moderator). The one answer for the edit form and the edit itself.
 */
export function editRefusal(state: {
  hiddenAt: Date | null;
  deletedAt: Date | null;
  topicHiddenAt: Date | null;
  topicDeletedAt: Date | null;
}): string | "not-found" | null {
  if (state.deletedAt || state.topicDeletedAt) return "not-found";
  if (state.topicHiddenAt) return "This topic was hidden by a moderator: its posts cannot be edited.";
  if (state.hiddenAt) return "This post was hidden by a moderator and cannot be edited.";
  return null;
}

export type UpdatePostResult =
  { status: "updated"; post: ForumPost } | { status: "not-found" } | { status: "forbidden" };

/**
 * Edits a post's content, only by its author (`WHERE id = $1 AND author_id = $2`), never a hidden or deleted
 * one, and not while the author is silenced (decision 026: ForumWriteRefusedError).
 */
export async function updatePost({
  postId,
  authorId,
  content,
}: {
  postId: number;
  authorId: number;
  content: string;
}): Promise<UpdatePostResult> {
  if (!Number.isSafeInteger(postId) || postId <= 0 || postId > 2_147_483_647) return { status: "not-found" };
  const [state] = await db
    .select({
      authorId: forumPosts.authorId,
      hiddenAt: forumPosts.hiddenAt,
      deletedAt: forumPosts.deletedAt,
      topicHiddenAt: forumTopics.hiddenAt,
      topicDeletedAt: forumTopics.deletedAt,
      topicAuthorId: forumTopics.authorId,
    })
    .from(forumPosts)
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .where(eq(forumPosts.id, postId))
    .limit(1);
  const refusal = state ? editRefusal(state) : "not-found";
  if (refusal === "not-found") return { status: "not-found" };
  // The posts of a hidden topic are not found by those who cannot see the topic (decision 298), not 403 or 409.
  if (state!.topicHiddenAt && !(await seesHiddenTopic(db, authorId, state!.topicAuthorId))) {
    return { status: "not-found" };
  }
  if (state!.authorId !== authorId) return { status: "forbidden" };
  if (refusal) throw new ForumWriteRefusedError(refusal, 409);
  const updated = await db.transaction(async (tx) => {
    await refuseSilenced(tx, authorId);
    const [row] = await tx
      .update(forumPosts)
      // Saving the same text is not an edit: the "(edited)" mark stays off. clock_timestamp(): later than created_at
      // even when the post was made in this same transaction's instant.
      .set({
        content,
        updatedAt: sql`case when ${forumPosts.content} = ${content} then ${forumPosts.updatedAt}
        else greatest(clock_timestamp(), ${forumPosts.createdAt} + interval '1 millisecond') end`,
      })
      .where(
        and(
          eq(forumPosts.id, postId),
          eq(forumPosts.authorId, authorId),
          isNull(forumPosts.hiddenAt),
          // The topic may have been hidden or deleted since the check above.
          sql`exists(select 1 from ${forumTopics} where ${forumTopics.id} = ${forumPosts.topicId}
          and ${forumTopics.hiddenAt} is null and ${forumTopics.deletedAt} is null)`,
        ),
      )
      .returning({ id: forumPosts.id, topicId: forumPosts.topicId });
    // An edit that adds a mention or a quote notifies as a new post would; the names already notified, not again.
    if (row) await notifyMentionsAndQuotes(tx, { postId: row.id, topicId: row.topicId, authorId, content });
    return row;
  });
  if (updated) return { status: "updated", post: (await getPost(updated.id))! };
  const exists = await db.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, postId)).limit(1);
  return exists.length ? { status: "forbidden" } : { status: "not-found" };
}
