import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import type { ForumNotificationKind } from "#db/forum-notification-kinds";
import { forumNotifications } from "#db/schema";
import { registerJobHandler } from "~/jobs/queue.server";
import { composeMail, type ComposedMail } from "~/mail/compose";
import { sendMail } from "~/mail/mail.server";
import { spendNotificationBudget } from "~/mail/notification-budget.server";
import { SITE_NAME } from "~/site";
import { publicOrigin } from "~/utils/env.server";
import { categoryLabel } from "./categories";
import { registerDigestJobs } from "./digest.server";
import { deliveryOf } from "./mail-settings.server";
import { mailExcerpt } from "./mail-text.server";
import { NOTIFICATION_MAIL_QUEUE } from "./member-notifications.server";
import { topicHref } from "./pages";
import { pageOfPost } from "./topics.server";
import {
  ensureUnsubscribeToken,
  MAIL_KIND_TEXT,
  MAIL_SETTINGS_PATH,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "./unsubscribe.server";
import { registerWatchJobs } from "./watching.server";

/**
 * The forum's notification mail (decisions 6, 351): each notification whose member wants its kind mailed at once is
 * a job of NOTIFICATION_MAIL_QUEUE (queued with the notification, in the `notify` lane); this handler sends it, with
 * a one-click unsubscribe for that kind of mail in the body and in the List-Unsubscribe header (RFC 8058 One-Click:
 * a POST to the same address). Everything is asked again when the job runs: the post and topic still visible to
 * everyone, the actor not suspended, the member's address verified, forum mail on and the kind still "at once", the
 * notification not yet read on the site nor mailed, and the notification budget (decision 290).
 */
export function registerForumJobs(): string[] {
  registerJobHandler<{ notificationId: number }>(
    NOTIFICATION_MAIL_QUEUE,
    async ({ notificationId }) => {
      await sendNotificationMail(notificationId);
    },
    { lane: "notify" },
  );
  // Jobs queued before decision 351 by a reply (one per reply, to the topic's author).
  registerJobHandler<{ postId: number }>(
    LEGACY_REPLY_QUEUE,
    async ({ postId }) => {
      await sendReplyNotification(postId);
    },
    { lane: "notify" },
  );
  registerWatchJobs();
  return registerDigestJobs();
}

const LEGACY_REPLY_QUEUE = "forum/reply-notification";

/** Sends the mail of a reply notification queued before decision 351 (by the reply's post id). */
export async function sendReplyNotification(postId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: forumNotifications.id })
    .from(forumNotifications)
    .where(and(eq(forumNotifications.postId, postId), eq(forumNotifications.kind, "reply")))
    .limit(1);
  return row ? sendNotificationMail(row.id) : false;
}

type MailRow = {
  kind: ForumNotificationKind;
  user_id: number;
  actor_id: number;
  username: string;
  email: string;
  actor: string;
  topic_id: number;
  title: string;
  category: string;
  description: string | null;
  number: number | null;
  content: string | null;
};

/**
 * Sends one notification's mail; whether it went out (false when nothing is to be sent: see the module's comment).
 * The notification is marked mailed once the mail is sent; a notification marked mailed (by a run before, or by a
 * digest) is not sent again.
 */
export async function sendNotificationMail(notificationId: number): Promise<boolean> {
  const [row] = (await db.execute(sql`
    select n.kind, n.user_id, n.actor_id, u.username, u.email, a.username as actor, t.id as topic_id, t.title,
      t.category, t.description, p.number, p.content
    from forum_notifications n
    join users u on u.id = n.user_id
    join users a on a.id = n.actor_id
    join forum_topics t on t.id = n.topic_id
    left join forum_posts p on p.id = n.post_id
    where n.id = ${notificationId} and n.read_at is null and n.emailed_at is null
      -- what every reader may see (decision 162): a hidden or deleted post or topic is told to no one
      and t.hidden_at is null and t.deleted_at is null
      and (n.post_id is null or (p.hidden_at is null and p.deleted_at is null))
      -- only to an address its owner proved, with forum mail on, the kind still wanted at once (decision 351)
      and u.is_email_verified and u.email is not null and u.forum_notifications
      and (u.suspended_until is null or u.suspended_until <= now())
      -- a suspended member notifies nobody
      and (a.suspended_until is null or a.suspended_until <= now())
      and ${deliveryOf(sql`n.kind`, sql`n.user_id`)} = 'now'
    limit 1`)) as unknown as MailRow[];
  if (!row) return false;
  // Within the notifications' own budget (decision 290): never the budget of the member's reset mail.
  if (!(await spendNotificationBudget({ to: row.email, senderId: row.actor_id }))) {
    console.warn("[forum] notification not mailed: the notification budget is used up");
    return false;
  }
  const unsubscribe = unsubscribeUrl(await ensureUnsubscribeToken(row.user_id), row.kind);
  await sendMail({ to: row.email, ...notificationMail(row, unsubscribe), headers: unsubscribeHeaders(unsubscribe) });
  // Marked after sending: a worker that dies mid-send leaves the job to be retried and the mail sent (decision 009).
  await db
    .update(forumNotifications)
    .set({ emailedAt: sql`now()` })
    .where(eq(forumNotifications.id, notificationId));
  return true;
}

/** Where a notification leads: its post on the page that holds it, or a new topic's first page. */
export function notificationLink(topicId: number, number: number | null): string {
  return number === null
    ? `${publicOrigin()}${topicHref(topicId, 1)}`
    : `${publicOrigin()}/forum/topic/${topicId}?page=${pageOfPost(number)}#post-${number}`;
}

/** One notification's mail: the link to the post first, then the post's text, then why it came and how to stop it. */
export function notificationMail(row: MailRow, unsubscribe: string): ComposedMail {
  const post = row.number === null ? "" : ` (post #${row.number})`;
  const lead: Record<ForumNotificationKind, [string, string]> = {
    reply: [`New reply to "${row.title}"`, `${row.actor} replied to your topic "${row.title}"${post}:`],
    mention: [`${row.actor} mentioned you in "${row.title}"`, `${row.actor} mentioned you in "${row.title}"${post}:`],
    quote: [`${row.actor} quoted you in "${row.title}"`, `${row.actor} quoted your post in "${row.title}"${post}:`],
    like: [`${row.actor} liked your post in "${row.title}"`, `${row.actor} liked your post in "${row.title}"${post}.`],
    watched_post: [`New post in "${row.title}"`, `${row.actor} posted in "${row.title}"${post}:`],
    watched_topic: [
      `New topic in ${categoryLabel(row.category)}: "${row.title}"`,
      `${row.actor} started the topic "${row.title}" in ${categoryLabel(row.category)}:`,
    ],
  };
  const [subject, sentence] = lead[row.kind];
  const text = row.kind === "like" ? null : (row.content ?? row.description);
  return composeMail({
    subject,
    lead: [`Hello ${row.username},`, sentence],
    action: { href: notificationLink(row.topic_id, row.number), label: "Read the discussion" },
    ...(text ? { quote: mailExcerpt(text) } : {}),
    after: [`Choose which forum e-mails you get: ${publicOrigin()}${MAIL_SETTINGS_PATH}`],
    footer: {
      text: `You receive this because ${MAIL_KIND_TEXT[row.kind].why} in the ${SITE_NAME} community forum.`,
      link: { href: unsubscribe, label: "Stop these e-mails" },
    },
  });
}
