import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import type { ForumNotificationKind } from "#db/forum-notification-kinds";
import { forumDigests, forumNotifications } from "#db/schema";
import { enqueueJob, registerJobHandler, registerRecurringTask } from "~/jobs/queue.server";
import { composeMail, type ComposedMail } from "~/mail/compose";
import { sendMail } from "~/mail/mail.server";
import { spendNotificationBudget } from "~/mail/notification-budget.server";
import { SITE_NAME } from "~/site";
import { publicOrigin } from "~/utils/env.server";
import { deliveryOf } from "./mail-settings.server";
import { mailExcerpt } from "./mail-text.server";
import { postHref, topicHref } from "./pages";
import { ensureUnsubscribeToken, MAIL_SETTINGS_PATH, unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";
import { notMutedFor } from "./watch-levels.server";

/**
 * The weekly digest (decision 352, Discourse's summary mail): members away a week (users.last_seen_at, or when they
 * joined) who have a verified address, forum mail on and the digest on get, once a week, the forum's most active
 * topics they have not read and the notifications whose kind they chose "in the digest". A recurring task (one run at
 * a time across instances, hourly) records a row per member and week (forum_digests: the week's Monday, UTC) and
 * queues that member's digest job in the same transaction; the row's primary key and "no digest in the last seven
 * days" mean a week's digest is never queued twice. The job sends nothing when there is nothing to say.
 */
export const DIGEST_TASK = "forum-digest";
export const DIGEST_QUEUE = "forum/digest";
/** How long a member is away before a digest, and how long between two digests. */
export const DIGEST_AFTER_DAYS = 7;
/** The most members queued per run (the next hourly run takes the rest). */
export const DIGESTS_PER_RUN = 1000;
/** The topics a digest lists, and the notifications it carries at most. */
export const DIGEST_TOPICS = 5;
export const DIGEST_NOTIFICATIONS = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

export function registerDigestJobs(): string[] {
  registerJobHandler<{ userId: number; week: string }>(
    DIGEST_QUEUE,
    async ({ userId, week }) => {
      await sendDigest({ userId, week });
    },
    { lane: "notify" },
  );
  registerRecurringTask(DIGEST_TASK, 60 * 60 * 1000, async () => {
    const queued = await queueDueDigests();
    if (queued > 0) console.log(`[forum] ${queued} weekly digest(s) queued`);
  });
  return [DIGEST_TASK];
}

/** The week an instant falls in, named by its Monday (UTC), as forum_digests keys it. */
export function digestWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Records and queues the digest of every member due one (at most DIGESTS_PER_RUN); how many were queued. */
export async function queueDueDigests({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const week = digestWeek(now);
  // As text: postgres.js takes no Date in a raw statement's parameters.
  const awaySince = new Date(now.getTime() - DIGEST_AFTER_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const rows = (await tx.execute(sql`
      insert into ${forumDigests} (user_id, week, covered_from, covered_until)
      select u.id, ${week},
        greatest(${awaySince}::timestamptz,
          (select max(d.covered_until) from forum_digests d where d.user_id = u.id)),
        ${at}::timestamptz
      from users u
      left join forum_mail_settings s on s.user_id = u.id
      where u.is_email_verified and u.email is not null and u.forum_notifications
        and coalesce(s.weekly_digest, true)
        and (u.suspended_until is null or u.suspended_until <= ${at}::timestamptz)
        and coalesce(u.last_seen_at, u.created_at) <= ${awaySince}::timestamptz
        and not exists (select 1 from forum_digests d where d.user_id = u.id
          and (d.week = ${week} or d.covered_until > ${awaySince}::timestamptz))
      order by u.id
      limit ${DIGESTS_PER_RUN}
      on conflict do nothing
      returning user_id`)) as unknown as Array<{ user_id: number }>;
    for (const row of rows) await enqueueJob(DIGEST_QUEUE, { userId: row.user_id, week }, { tx });
    return rows.length;
  });
}

type DigestTopic = {
  id: number;
  title: string;
  /** posts in the window the member has not read */
  fresh: number;
  first_unread: number | null;
  /** started by someone else since the member's read-since, never opened */
  new_topic: boolean;
  latest: string | null;
};
type DigestNotification = {
  id: number;
  kind: ForumNotificationKind;
  actor: string;
  title: string;
  topic_id: number;
  number: number | null;
};

/** What a member's digest holds: their unread active topics and their notifications kept for the digest. */
export async function digestContent({
  userId,
  from: fromDate,
  until: untilDate,
}: {
  userId: number;
  from: Date;
  until: Date;
}) {
  const [from, until] = [fromDate.toISOString(), untilDate.toISOString()];
  // The topics active in the window (forum_topics_activity_idx), each with its posts in the window the member has not
  // read (forum_posts_topic_number_idx): visible to everyone, not the member's own, not muted (decision 350).
  // As the forum list marks them (decision 310): a topic is unread when the member opened it and posts came since, or
  // new when someone else started it since the member's read-since (when they joined, or last marked all read).
  const isNew = sql`(r.user_id is null and t.author_id <> ${userId}
    and t.created_at > (select coalesce(u.forum_read_since, u.created_at) from users u where u.id = ${userId})
    and t.created_at <= ${until}::timestamptz)`;
  const topics = (await db.execute(sql`
    select t.id, t.title, a.fresh, a.first_unread, ${isNew} as new_topic,
      (select p.content from forum_posts p where p.topic_id = t.id and p.number = a.last_unread) as latest
    from (select * from forum_topics
          where last_activity_at > ${from}::timestamptz and hidden_at is null and deleted_at is null
            and ${notMutedFor(userId)}
          order by last_activity_at desc limit 200) t
    left join forum_topic_reads r on r.topic_id = t.id and r.user_id = ${userId}
    cross join lateral (
      select count(*)::int as fresh, min(p.number) as first_unread, max(p.number) as last_unread
      from forum_posts p
      where p.topic_id = t.id and p.number > coalesce(r.last_read_number, 0)
        and p.created_at > ${from}::timestamptz and p.created_at <= ${until}::timestamptz
        and p.hidden_at is null and p.deleted_at is null and p.author_id <> ${userId}) a
    where (r.user_id is not null and a.fresh > 0) or ${isNew}
    order by a.fresh desc, t.last_activity_at desc
    limit ${DIGEST_TOPICS}`)) as unknown as DigestTopic[];
  const notifications = (await db.execute(sql`
    select n.id, n.kind, a.username as actor, t.title, t.id as topic_id, p.number
    from forum_notifications n
    join users a on a.id = n.actor_id
    join forum_topics t on t.id = n.topic_id
    left join forum_posts p on p.id = n.post_id
    where n.user_id = ${userId} and n.read_at is null and n.emailed_at is null
      and n.created_at <= ${until}::timestamptz
      and t.hidden_at is null and t.deleted_at is null
      and (n.post_id is null or (p.hidden_at is null and p.deleted_at is null))
      and (a.suspended_until is null or a.suspended_until <= now())
      and ${deliveryOf(sql`n.kind`, sql`n.user_id`)} = 'digest'
    order by n.id desc
    limit ${DIGEST_NOTIFICATIONS}`)) as unknown as DigestNotification[];
  return { topics, notifications };
}

const NOTIFICATION_WORDS: Record<ForumNotificationKind, string> = {
  reply: "replied to your topic",
  mention: "mentioned you in",
  quote: "quoted you in",
  like: "liked your post in",
  watched_post: "posted in",
  watched_topic: "started the topic",
};

/**
 * Sends a member's digest for a week, once: only while its row is unsent, the member still due one (a verified
 * address, forum mail and the digest on, not suspended) and there is something to say; the notifications it carried
 * are marked mailed. Whether a mail went out.
 */
export async function sendDigest({ userId, week }: { userId: number; week: string }): Promise<boolean> {
  const [due] = (await db.execute(sql`
    select u.username, u.email, d.covered_from, d.covered_until
    from forum_digests d join users u on u.id = d.user_id
    left join forum_mail_settings s on s.user_id = u.id
    where d.user_id = ${userId} and d.week = ${week} and d.sent_at is null
      and u.is_email_verified and u.email is not null and u.forum_notifications and coalesce(s.weekly_digest, true)
      and (u.suspended_until is null or u.suspended_until <= now())`)) as unknown as Array<{
    username: string;
    email: string;
    covered_from: string;
    covered_until: string;
  }>;
  if (!due) return false;
  const content = await digestContent({
    userId,
    from: new Date(due.covered_from),
    until: new Date(due.covered_until),
  });
  if (content.topics.length === 0 && content.notifications.length === 0) return false;
  if (!(await spendNotificationBudget({ to: due.email, senderId: "none" }))) {
    console.warn("[forum] weekly digest not mailed: the notification budget is used up");
    return false;
  }
  const unsubscribe = unsubscribeUrl(await ensureUnsubscribeToken(userId), "digest");
  await sendMail({
    to: due.email,
    ...digestMail({ username: due.username, ...content, unsubscribe, settings: MAIL_SETTINGS_PATH }),
    headers: unsubscribeHeaders(unsubscribe),
  });
  // Marked after sending: a worker that dies mid-send leaves the job to be retried and the digest sent (decision 009).
  await db
    .update(forumDigests)
    .set({ sentAt: sql`now()` })
    .where(and(eq(forumDigests.userId, userId), eq(forumDigests.week, week)));
  const ids = content.notifications.map((n) => n.id);
  if (ids.length) {
    await db
      .update(forumNotifications)
      .set({ emailedAt: sql`now()` })
      .where(sql`${forumNotifications.id} = any(${sql.param(ids)}::int[]) and ${forumNotifications.emailedAt} is null`);
  }
  return true;
}

/** The digest's mail: the unread topics (title, how many new posts, the latest one's words), then the notifications. */
export function digestMail(args: {
  username: string;
  topics: DigestTopic[];
  notifications: DigestNotification[];
  unsubscribe: string;
  settings: string;
}): ComposedMail {
  const origin = publicOrigin();
  const topicItems = args.topics.map((topic) => ({
    link: {
      href: `${origin}${topic.first_unread ? postHref(topic.id, topic.first_unread) : topicHref(topic.id, 1)}`,
      label: `${topic.title} (${[
        ...(topic.new_topic ? ["new topic"] : []),
        ...(topic.fresh ? [`${topic.fresh} new ${topic.fresh === 1 ? "post" : "posts"}`] : []),
      ].join(", ")})`,
    },
    ...(topic.latest ? { text: mailExcerpt(topic.latest, 200) } : {}),
  }));
  const notificationItems = args.notifications.map((n) => ({
    link: {
      href: `${origin}${n.number === null ? topicHref(n.topic_id, 1) : postHref(n.topic_id, n.number)}`,
      label: `${n.actor} ${NOTIFICATION_WORDS[n.kind]} "${n.title}"${n.number === null ? "" : ` (post #${n.number})`}`,
    },
  }));
  const lead = [
    `Hello ${args.username},`,
    `Here is what happened in the ${SITE_NAME} community forum while you were away.`,
  ];
  if (args.topics.length) lead.push("The most active topics you have not read:");
  return composeMail({
    subject: `Your weekly ${SITE_NAME} forum digest`,
    lead,
    action: { href: `${origin}/forum?filter=unread`, label: "Open your unread topics" },
    items: [
      ...topicItems,
      ...(notificationItems.length
        ? [{ link: { href: `${origin}/forum/notifications`, label: "Your notifications:" } }, ...notificationItems]
        : []),
    ],
    after: [`Choose which forum e-mails you get: ${origin}${args.settings}`],
    footer: {
      text: `You receive this weekly digest because you have not visited the ${SITE_NAME} community forum for a week.`,
      link: { href: args.unsubscribe, label: "Stop the weekly digest" },
    },
  });
}
