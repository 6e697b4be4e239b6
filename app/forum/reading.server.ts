import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db, preparedQuery } from "#db/client.server";
import { forumPosts, forumTopicReads, forumTopics, users } from "#db/schema";
import type { ForumCategoryKey } from "./categories";
import type { ReadMark, TopicFilter } from "./reading";
import { decodeCursor, encodeCursor, TOPICS_PER_PAGE, topicColumns, toTopic, type TopicRow } from "./topics.server";
import { countsUnreadFor, notMutedFor } from "./watch-levels.server";

/**
 * Read tracking (decision 310, as Discourse's topic_users): one row per member and topic holding the highest post
 * number the member has had on screen. The topic page a member opens records it (no script needed); the forum list
 * marks each topic as new (started since the member's `forum_read_since` and never opened) or with how many posts
 * came after what they read. Hidden and deleted posts, and the member's own posts, never count as unread.
 */

/** A post that counts as unread for `memberId`: visible to everyone (hidden and deleted posts never count), not theirs. */
const countsAsUnread = (memberId: number | SQL, after: SQL) =>
  sql`${forumPosts.topicId} = ${forumTopics.id} and ${forumPosts.number} > ${after}
    and ${forumPosts.hiddenAt} is null and ${forumPosts.deletedAt} is null and ${forumPosts.authorId} <> ${memberId}`;

/** Before this instant, a topic the member never opened is not new to them. */
const newSince = (memberId: number) =>
  sql`(select coalesce(${users.forumReadSince}, ${users.createdAt}) from ${users} where ${users.id} = ${memberId})`;

/**
 * Records that the member has read a topic up to post `number` (a page they opened shows posts up to it). The row
 * only ever moves forward: reopening an earlier page leaves it.
 */
export async function recordRead({
  memberId,
  topicId,
  number,
}: {
  memberId: number;
  topicId: number;
  number: number;
}): Promise<void> {
  const upTo = Math.max(0, Math.trunc(number));
  // Only when the position moves forward: a view of what was read already writes nothing (an ON CONFLICT that
  // updates nothing still locks the row, which takes a transaction id and a WAL flush on every view).
  await db.execute(sql`
    insert into ${forumTopicReads} (user_id, topic_id, last_read_number)
    select ${memberId}::int, ${topicId}::int, ${upTo}::int
    where not exists (select 1 from ${forumTopicReads} where user_id = ${memberId} and topic_id = ${topicId}
      and last_read_number >= ${upTo})
    on conflict (user_id, topic_id) do update set last_read_number = excluded.last_read_number, updated_at = now()
      where ${forumTopicReads}.last_read_number < excluded.last_read_number`);
}

/**
 * The marks of the listed topics for one member (one query, each topic's count served by
 * forum_posts_topic_number_idx): new, unread with a count and the first unread post, or null (read, or a topic
 * started before the member's read-since that they never opened, which is not tracked, as in Discourse).
 */
export async function readMarks({
  memberId,
  topicIds,
}: {
  memberId: number;
  topicIds: number[];
}): Promise<Map<number, ReadMark>> {
  const marks = new Map<number, ReadMark>();
  if (topicIds.length === 0) return marks;
  const lastRead = sql`coalesce(${forumTopicReads.lastReadNumber}, 0)`;
  const rows = await db
    .select({
      id: forumTopics.id,
      // A muted topic shows nothing; a normal one no count (decision 350).
      muted: sql<boolean>`not ${notMutedFor(memberId)}`,
      counts: countsUnreadFor(memberId),
      tracked: sql<boolean>`${forumTopicReads.userId} is not null`,
      isNew: sql<boolean>`${forumTopicReads.userId} is null and ${forumTopics.authorId} <> ${memberId}
        and ${forumTopics.createdAt} > ${newSince(memberId)}`,
      unread: sql<number>`(select count(*)::int from ${forumPosts} where ${countsAsUnread(memberId, lastRead)})`,
      firstUnread: sql<
        number | null
      >`(select min(${forumPosts.number}) from ${forumPosts} where ${countsAsUnread(memberId, lastRead)})`,
    })
    .from(forumTopics)
    .leftJoin(forumTopicReads, and(eq(forumTopicReads.topicId, forumTopics.id), eq(forumTopicReads.userId, memberId)))
    .where(sql`${forumTopics.id} = any(${sql.param(topicIds)}::int[])`);
  for (const row of rows) {
    if (row.muted) marks.set(row.id, null);
    else if (row.isNew) marks.set(row.id, { state: "new", unread: row.unread, firstUnread: null });
    else if (row.tracked && row.counts && row.unread > 0)
      marks.set(row.id, { state: "unread", unread: row.unread, firstUnread: row.firstUnread });
    else marks.set(row.id, null);
  }
  return marks;
}

/**
 * What puts a topic on a member's lists at all (`t`: forum_topics or an alias): visible, in the category asked for,
 * after the cursor.
 */
function listedTopic(t: ListedColumns, { byCategory, afterCursor }: ListShape): SQL {
  return and(
    sql`${t.hiddenAt} is null and ${t.deletedAt} is null`,
    byCategory ? sql`${t.category} = ${sql.placeholder("category")}` : undefined,
    afterCursor
      ? sql`(${t.lastActivityAt}, ${t.id}) < (${sql.placeholder("activityKey")}::timestamptz, ${sql.placeholder("afterId")}::int)`
      : undefined,
  )!;
}
type ListShape = { byCategory: boolean; afterCursor: boolean };
type ListedColumns = Record<"id" | "hiddenAt" | "deletedAt" | "category" | "lastActivityAt", AnyPgColumn>;
const listShapes = (name: string) =>
  [false, true].flatMap((byCategory) =>
    [false, true].map((afterCursor) => ({ key: `${name}-${byCategory}-${afterCursor}`, byCategory, afterCursor })),
  );

/** The member whose list a prepared query reads (a placeholder). */
const listMember = sql`${sql.placeholder("memberId")}::int`;

/**
 * How many topics, latest activity first, the Unread list looks through for a full page before it reads all the
 * member's own rows instead (decision 440).
 */
const UNREAD_WALK_TOPICS = 400;

/** The candidate topics' table inside the Unread list's subquery (the outer query reads forum_topics itself). */
const candidate = alias(forumTopics, "candidate");

/**
 * The Unread list's two ways to its page (decision 440), each a prepared statement per shape. Both give the topics
 * the member opened, in activity order, with their read position, to an outer query that keeps those with a post
 * since that counts (and a level that shows counts) and stops at the page: its conditions run for the few candidates
 * the page needs, not for every topic the member ever opened.
 *
 * - `walk`: the latest UNREAD_WALK_TOPICS topics (forum_topics_[category_]activity_idx), each with the member's row
 *   (the primary key); the page when they hold a full one, as for a member who reads what is active.
 * - `own`: every row of the member's (the primary key), each with its topic's activity (forum_topics_pkey), sorted;
 *   always the whole answer, in time proportional to what the member opened.
 */
function unreadPageQuery(way: "walk" | "own", shape: ListShape & { key: string }) {
  const name = `forum-unread-${way}-${shape.key}`;
  const c = candidate;
  const candidates =
    way === "walk"
      ? sql`(select ${c.id} as id, ${c.lastActivityAt} as activity,
          (select r.last_read_number from ${forumTopicReads} r where r.user_id = ${listMember} and r.topic_id = ${c.id})
            as last_read
          from ${forumTopics} candidate where ${listedTopic(c, shape)}
          order by ${c.lastActivityAt} desc nulls last, ${c.id} desc nulls last limit ${sql.raw(String(UNREAD_WALK_TOPICS))}
        ) candidates`
      : // OFFSET 0 keeps the sorted rows a subquery of their own: flattened, the outer conditions would run on every
        // row before the sort (the cost decision 440 removes). Activity is null for a topic not listed.
        sql`(select r.topic_id as id, r.last_read_number as last_read,
          (select ${c.lastActivityAt} from ${forumTopics} candidate where ${c.id} = r.topic_id and ${listedTopic(c, shape)}) as activity
          from ${forumTopicReads} r where r.user_id = ${listMember}
          order by activity desc nulls last, id desc nulls last offset 0
        ) candidates`;
  return preparedQuery(name, (db) =>
    db
      .select(topicColumns)
      .from(candidates)
      .innerJoin(forumTopics, sql`${forumTopics.id} = candidates.id`)
      .innerJoin(users, eq(users.id, forumTopics.authorId))
      .where(
        and(
          sql`candidates.activity is not null and candidates.last_read is not null`,
          sql`exists(select 1 from ${forumPosts} where ${countsAsUnread(listMember, sql`candidates.last_read`)})`,
          // Unread lists what shows a count: watching and tracking, not normal nor muted (decision 350).
          countsUnreadFor(listMember),
        ),
      )
      .orderBy(sql`candidates.activity desc nulls last`, sql`candidates.id desc nulls last`)
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );
}
const unreadPageQueries = Object.fromEntries(
  listShapes("unread").flatMap((shape) => [
    [`walk-${shape.key}`, unreadPageQuery("walk", shape)],
    [`own-${shape.key}`, unreadPageQuery("own", shape)],
  ]),
);

/**
 * One page of the member's "New" or "Unread" list, latest activity first, with the same keyset cursor as the
 * latest list. New: started since their read-since by someone else, visible, never opened (served by
 * forum_topics_activity_idx from the read-since on). Unread: a topic they opened with a post since (decision 440:
 * the latest topics first, else all the member's own rows).
 */
export async function listMemberTopics({
  memberId,
  filter,
  category,
  cursor,
  limit = TOPICS_PER_PAGE,
}: {
  memberId: number;
  filter: TopicFilter;
  category?: ForumCategoryKey | null;
  cursor?: string | null;
  limit?: number;
}) {
  const after = decodeCursor(cursor);
  let rows: TopicRow[];
  if (filter === "new") {
    const conditions: SQL[] = [
      listedTopic(forumTopics, { byCategory: false, afterCursor: false }),
      // A topic the member muted, or one of a category they muted, is in neither list (decision 350).
      notMutedFor(memberId),
    ];
    if (category) conditions.push(sql`${forumTopics.category} = ${category}`);
    if (after) {
      conditions.push(
        sql`(${forumTopics.lastActivityAt}, ${forumTopics.id}) < (${after.activityKey}::timestamptz, ${after.id}::int)`,
      );
    }
    // Never opened, as a subquery of its own rather than NOT EXISTS (which becomes a join above the scan): the scan
    // then asks it, the cheaper, before the member's level, so the level is read only for the topics never opened
    // (decision 440: half the buffers of a member's New list).
    const opened = sql`select 1 from ${forumTopicReads} where ${forumTopicReads.userId} = ${memberId}
      and ${forumTopicReads.topicId} = ${forumTopics.id}`;
    conditions.push(sql`${forumTopics.lastActivityAt} > ${newSince(memberId)} and ${forumTopics.createdAt} > ${newSince(memberId)}
      and ${forumTopics.authorId} <> ${memberId} and (${opened}) is null`);
    rows = (await db
      .select(topicColumns)
      .from(forumTopics)
      .innerJoin(users, eq(users.id, forumTopics.authorId))
      .where(and(...conditions))
      .orderBy(sql`${forumTopics.lastActivityAt} desc nulls last`, sql`${forumTopics.id} desc nulls last`)
      .limit(limit + 1)) as TopicRow[];
  } else {
    const shape = `unread-${Boolean(category)}-${Boolean(after)}`;
    const values = {
      memberId,
      category,
      activityKey: after?.activityKey,
      afterId: after?.id,
      limit: limit + 1,
    };
    rows = (await unreadPageQueries[`walk-${shape}`]!().execute(values)) as TopicRow[];
    // fewer than a page and the next one's first: the rest may be older than the walk reached
    if (rows.length <= limit) rows = (await unreadPageQueries[`own-${shape}`]!().execute(values)) as TopicRow[];
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    topics: page.map(toTopic),
    nextCursor: rows.length > limit && last ? encodeCursor(last.activityKey, last.id) : null,
  };
}

/**
 * "Mark all read": every topic the member opened is read to its last post, and no topic started until now is new to
 * them. Bounded by the member's own rows; one transaction.
 */
export async function markAllRead({ memberId }: { memberId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(forumTopicReads)
      .set({ lastReadNumber: sql`${forumTopics.postCount}`, updatedAt: sql`now()` })
      .from(forumTopics)
      .where(
        and(
          eq(forumTopicReads.userId, memberId),
          eq(forumTopics.id, forumTopicReads.topicId),
          sql`${forumTopicReads.lastReadNumber} < ${forumTopics.postCount}`,
        ),
      );
    await tx
      .update(users)
      .set({ forumReadSince: sql`now()` })
      .where(eq(users.id, memberId));
  });
}
