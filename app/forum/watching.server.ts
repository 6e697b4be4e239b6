import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import type { Transaction } from "#db/client.server";
import { forumCategoryWatches, forumNotifications, forumTopicWatches, forumTopics } from "#db/schema";
import { enqueueJob, registerJobHandler } from "~/jobs/queue.server";
import type { ForumCategoryKey } from "./categories";
import { queueNotificationMails } from "./member-notifications.server";
import { topicLevelFor } from "./watch-levels.server";
import type { CategoryWatchLevel, WatchLevel } from "./watching";

/**
 * Watching (decision 350, Discourse's notification levels): a member's level of a topic (a row of
 * forum_topic_watches) or of a category (forum_category_watches). A topic's level is its own row, else its
 * category's, else the default: tracking (a topic the member opened shows its unread count, decision 310).
 *
 * - watching: each new post by someone else notifies (`watched_post`); in a watched category each new topic does too
 *   (`watched_topic`), written by a job after the post's or topic's commit (the fan-out), never in the request;
 * - watching first post (categories only, decision 420): each new topic of the category notifies (`watched_topic`),
 *   its posts do not; its topics have the default level;
 * - tracking: the unread count; notified only when someone replies to them, mentions or quotes them (as normal);
 * - normal: no unread count;
 * - muted: nothing notifies (no kind at all: `notify` asks), and the topic leaves the member's New and Unread lists.
 */
export const WATCH_FANOUT_QUEUE = "forum/watch-fanout";

/** The member's level of one topic: what they chose (or their category's level for topics), else tracking. */
export async function topicWatchLevel({ memberId, topicId }: { memberId: number; topicId: number }) {
  return (await topicWatch({ memberId, topicId })).effective;
}

/**
 * The member's watch of one topic (the JSON API's, decision 421): what they chose for the topic itself (null: nothing)
 * and the level in effect (that choice, else their category's level for topics, else tracking).
 */
export async function topicWatch({ memberId, topicId }: { memberId: number; topicId: number }) {
  const [row] = await db
    .select({
      own: sql<WatchLevel | null>`(select tw.level from forum_topic_watches tw
        where tw.user_id = ${memberId} and tw.topic_id = forum_topics.id)`,
      effective: topicLevelFor(memberId),
    })
    .from(forumTopics)
    .where(eq(forumTopics.id, topicId))
    .limit(1);
  return { level: row?.own ?? null, effective: row?.effective ?? ("tracking" as WatchLevel) };
}

/** The member's level of a category (normal when they never chose). */
export async function categoryWatchLevel({
  memberId,
  category,
}: {
  memberId: number;
  category: ForumCategoryKey;
}): Promise<CategoryWatchLevel> {
  const [row] = await db
    .select({ level: forumCategoryWatches.level })
    .from(forumCategoryWatches)
    .where(and(eq(forumCategoryWatches.userId, memberId), eq(forumCategoryWatches.category, category)))
    .limit(1);
  return row?.level ?? "normal";
}

/** Sets the member's level of a topic or a category (one row per member and topic or category, replaced). */
export async function setWatchLevel(
  choice:
    | { memberId: number; topicId: number; level: WatchLevel }
    | { memberId: number; category: ForumCategoryKey; level: CategoryWatchLevel },
): Promise<void> {
  const updatedAt = sql`now()`;
  if ("topicId" in choice) {
    const { memberId: userId, topicId, level } = choice;
    const key = [forumTopicWatches.userId, forumTopicWatches.topicId];
    await db
      .insert(forumTopicWatches)
      .values({ userId, topicId, level })
      .onConflictDoUpdate({ target: key, set: { level, updatedAt } });
  } else {
    const { memberId: userId, category, level } = choice;
    const key = [forumCategoryWatches.userId, forumCategoryWatches.category];
    await db
      .insert(forumCategoryWatches)
      .values({ userId, category, level })
      .onConflictDoUpdate({ target: key, set: { level, updatedAt } });
  }
}

// ------------------------------------------------------------------------------------------ the fan-out

/** Queues the fan-out of a new post or topic, in the transaction that writes it (it exists exactly when they do). */
export async function queueWatchFanOut(tx: Transaction, item: { postId: number } | { topicId: number }) {
  await enqueueJob(WATCH_FANOUT_QUEUE, item, { tx });
}

/** The members watching a topic: their own row says watching, or their category's does and they chose nothing for it. */
const watchersOf = (topicId: number, category: string) => sql`(
  select tw.user_id from forum_topic_watches tw where tw.topic_id = ${topicId} and tw.level = 'watching'
  union
  select cw.user_id from forum_category_watches cw where cw.category = ${category} and cw.level = 'watching'
    and not exists (select 1 from forum_topic_watches tx where tx.user_id = cw.user_id and tx.topic_id = ${topicId}))`;

/**
 * Writes one notification of `kind` to each watcher the query selects (its `user_id`s), never twice (the unique
 * indexes), and queues their mails, in the fan-out's transaction. The number written.
 */
async function notifyWatchers(
  tx: Transaction,
  of: { kind: "watched_post" | "watched_topic"; actorId: number; topicId: number; postId: number | null },
  watchers: SQL,
): Promise<number> {
  const rows = (await tx.execute(sql`
    insert into ${forumNotifications} (user_id, kind, actor_id, topic_id, post_id)
    select w.user_id, ${of.kind}::text, ${of.actorId}::int, ${of.topicId}::int, ${of.postId}::int
    from ${watchers} w where w.user_id <> ${of.actorId}
    on conflict do nothing
    returning id`)) as unknown as Array<{ id: number }>;
  await queueNotificationMails(
    tx,
    rows.map((row) => row.id),
  );
  return rows.length;
}

/**
 * A new post's watchers are notified (`watched_post`), unless the post already notified them otherwise (a reply to
 * their topic, a mention, a quote: one notification per member and post, the most personal), and never its author.
 * Only while the post and its topic are visible to everyone (a post hidden before the job ran notifies nobody).
 */
export async function fanOutPost(postId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [post] = (await tx.execute(sql`
      select p.id, p.topic_id, p.author_id, t.category from forum_posts p join forum_topics t on t.id = p.topic_id
      where p.id = ${postId} and p.hidden_at is null and p.deleted_at is null
        and t.hidden_at is null and t.deleted_at is null`)) as unknown as Array<{
      id: number;
      topic_id: number;
      author_id: number;
      category: string;
    }>;
    if (!post) return 0;
    return notifyWatchers(
      tx,
      { kind: "watched_post", actorId: post.author_id, topicId: post.topic_id, postId: post.id },
      sql`(select w.user_id from ${watchersOf(post.topic_id, post.category)} w
        where not exists (select 1 from forum_notifications n where n.user_id = w.user_id and n.post_id = ${post.id}))`,
    );
  });
}

/**
 * A new topic notifies the watchers of its category (`watched_topic`, no post): those watching it and those watching
 * its first posts (decision 420: Discourse's "watching first post", whose members are not told of the replies:
 * `watchersOf` leaves them out). Never its author, only while the topic is visible to everyone.
 */
export async function fanOutTopic(topicId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [topic] = (await tx.execute(sql`
      select id, author_id, category from forum_topics
      where id = ${topicId} and hidden_at is null and deleted_at is null`)) as unknown as Array<{
      id: number;
      author_id: number;
      category: string;
    }>;
    if (!topic) return 0;
    return notifyWatchers(
      tx,
      { kind: "watched_topic", actorId: topic.author_id, topicId: topic.id, postId: null },
      sql`(select cw.user_id from forum_category_watches cw
        where cw.category = ${topic.category} and cw.level in ('watching', 'watching_first_post'))`,
    );
  });
}

export function registerWatchJobs(): void {
  registerJobHandler<{ postId?: number; topicId?: number }>(
    WATCH_FANOUT_QUEUE,
    async (item) => {
      if (item.postId) await fanOutPost(item.postId);
      else if (item.topicId) await fanOutTopic(item.topicId);
    },
    { lane: "notify" },
  );
}
