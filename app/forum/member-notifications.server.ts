import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { db, type Transaction } from "#db/client.server";
import { forumNotifications, forumPosts, forumTopics, users } from "#db/schema";
import { rendersPageHole } from "~/components/page-hole";
import { enqueueJob } from "~/jobs/queue.server";
import { deliveryOf } from "./mail-settings.server";
import { FORUM_NOTIFICATIONS_HOLE } from "./pages";
import { notMutedFor } from "./watch-levels.server";

/**
 * The forum's notifications to a member (decision 312): a reply to their topic, a like of their post, a mention, a
 * quote (313), a new post in a topic they watch or a new topic in a category they watch (350). Written in the
 * transaction of the reply or the like, never to oneself, never about a hidden or deleted post; shown, counted and
 * opened only while the post and its topic are visible to everyone, so a post hidden later notifies nobody.
 */
export type NotificationKind = (typeof forumNotifications.$inferSelect)["kind"];

export const NOTIFICATIONS_PER_PAGE = 30;

/** The queue of notification mails (decision 351): one job per notification whose member wants it mailed at once. */
export const NOTIFICATION_MAIL_QUEUE = "forum/notification-mail";

/**
 * Adds a notification (once per member, kind, post and actor); nothing for one's own act, nothing in a topic or
 * category the member muted (decision 350). Its mail, when the member wants this kind at once, is queued in the same
 * transaction (decision 351).
 */
export async function notify(
  tx: Transaction,
  {
    userId,
    kind,
    actorId,
    topicId,
    postId,
  }: { userId: number; kind: NotificationKind; actorId: number; topicId: number; postId: number },
): Promise<void> {
  if (userId === actorId) return;
  const rows = (await tx.execute(sql`
    insert into ${forumNotifications} (user_id, kind, actor_id, topic_id, post_id)
    select ${userId}::int, ${kind}, ${actorId}::int, forum_topics.id, ${postId}::int from forum_topics
    where forum_topics.id = ${topicId} and ${notMutedFor(userId)}
    on conflict do nothing
    returning id`)) as unknown as Array<{ id: number }>;
  await queueNotificationMails(
    tx,
    rows.map((row) => row.id),
  );
}

/**
 * Queues the mail of each of these new notifications whose member wants its kind mailed at once and may get forum
 * mail at all (a verified address, forum mail on). The job checks everything again when it runs.
 */
export async function queueNotificationMails(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const due = (await tx.execute(sql`
    select n.id from forum_notifications n join users u on u.id = n.user_id
    where n.id = any(${sql.param(ids)}::int[]) and u.is_email_verified and u.email is not null and u.forum_notifications
      and ${deliveryOf(sql`n.kind`, sql`n.user_id`)} = 'now'`)) as unknown as Array<{ id: number }>;
  for (const { id } of due) await enqueueJob(NOTIFICATION_MAIL_QUEUE, { notificationId: id }, { tx });
}

/** The post (when the notification has one) and its topic are there for everyone: not hidden, not deleted. */
const stillVisible = sql`(${forumNotifications.postId} is null or (${forumPosts.hiddenAt} is null and ${forumPosts.deletedAt} is null))
  and ${forumTopics.hiddenAt} is null and ${forumTopics.deletedAt} is null`;

/** How many unread notifications the member has (the header's count), from the partial index on unread ones. */
export async function unreadNotificationCount({ memberId }: { memberId: number }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(forumNotifications)
    .leftJoin(forumPosts, eq(forumPosts.id, forumNotifications.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumNotifications.topicId))
    .where(and(eq(forumNotifications.userId, memberId), isNull(forumNotifications.readAt), stillVisible));
  return row?.count ?? 0;
}

/** One page of the member's notifications, newest first (`before`: an id, the keyset cursor). */
export async function listNotifications({ memberId, before }: { memberId: number; before?: number | null }) {
  const rows = await db
    .select({
      id: forumNotifications.id,
      kind: forumNotifications.kind,
      createdAt: forumNotifications.createdAt,
      read: sql<boolean>`${forumNotifications.readAt} is not null`,
      actor: users.username,
      topicTitle: forumTopics.title,
      postNumber: forumPosts.number,
    })
    .from(forumNotifications)
    .innerJoin(users, eq(users.id, forumNotifications.actorId))
    .leftJoin(forumPosts, eq(forumPosts.id, forumNotifications.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumNotifications.topicId))
    .where(
      and(
        eq(forumNotifications.userId, memberId),
        before ? lt(forumNotifications.id, before) : undefined,
        stillVisible,
      ),
    )
    .orderBy(desc(forumNotifications.id))
    .limit(NOTIFICATIONS_PER_PAGE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PER_PAGE);
  return { notifications: page, nextBefore: rows.length > NOTIFICATIONS_PER_PAGE ? page.at(-1)!.id : null };
}

/**
 * Opens one notification of the member's: marks it read and says where it points (its topic and post number), or
 * null when it is not theirs or its post is no longer visible.
 */
export async function openNotification({ memberId, notificationId }: { memberId: number; notificationId: number }) {
  const [row] = await db
    .select({ topicId: forumNotifications.topicId, number: forumPosts.number })
    .from(forumNotifications)
    .leftJoin(forumPosts, eq(forumPosts.id, forumNotifications.postId))
    .innerJoin(forumTopics, eq(forumTopics.id, forumNotifications.topicId))
    .where(and(eq(forumNotifications.id, notificationId), eq(forumNotifications.userId, memberId), stillVisible))
    .limit(1);
  if (!row) return null;
  await db
    .update(forumNotifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(forumNotifications.id, notificationId),
        eq(forumNotifications.userId, memberId),
        isNull(forumNotifications.readAt),
      ),
    );
  return row;
}

/** "Mark all read" on the notifications page. */
export async function markNotificationsRead({ memberId }: { memberId: number }): Promise<void> {
  await db
    .update(forumNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(forumNotifications.userId, memberId), isNull(forumNotifications.readAt)));
}

/**
 * The forum header's unread count for this page: null for a visitor, and in a member template, where the page
 * cache fills the header's link per member (decision 312); otherwise read now.
 */
export async function headerNotifications(
  context: AppLoadContext,
  user: { id: number } | null,
): Promise<number | null> {
  if (!user || rendersPageHole(context, FORUM_NOTIFICATIONS_HOLE)) return null;
  return unreadNotificationCount({ memberId: user.id });
}
