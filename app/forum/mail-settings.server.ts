import { eq, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import type { ForumMailDelivery, ForumNotificationKind } from "#db/forum-notification-kinds";
import { forumMailSettings, users } from "#db/schema";

/**
 * A member's choice of forum mail (decision 351): for each notification kind, mail at once, in the weekly digest, or
 * never; and whether the weekly digest comes at all. One row per member, written when they first save the settings
 * page or use a kind's unsubscribe link; without one, the defaults (the table's column defaults, repeated here).
 */
export type MailSettings = Record<ForumNotificationKind, ForumMailDelivery> & { weeklyDigest: boolean };

const COLUMN: Record<ForumNotificationKind, string> = {
  reply: "reply",
  mention: "mention",
  quote: "quote",
  like: "like",
  watched_post: "watched_post",
  watched_topic: "watched_topic",
};

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  reply: "now",
  mention: "now",
  quote: "now",
  like: "digest",
  watched_post: "now",
  watched_topic: "now",
  weeklyDigest: true,
};

/**
 * The delivery a member chose for a notification kind, as SQL: `kind` and `userId` are expressions of the query
 * (a notification's columns). Their row's column for the kind, else the default.
 */
export function deliveryOf(kind: SQL, userId: SQL): SQL<ForumMailDelivery> {
  const cases = (of: (k: ForumNotificationKind) => SQL) =>
    sql.join(
      (Object.keys(COLUMN) as ForumNotificationKind[]).map((k) => sql`when ${k} then ${of(k)}`),
      sql` `,
    );
  return sql<ForumMailDelivery>`coalesce(
    (select case ${kind} ${cases((k) => sql`ms.${sql.identifier(COLUMN[k])}`)} end
      from forum_mail_settings ms where ms.user_id = ${userId}),
    case ${kind} ${cases((k) => sql`${DEFAULT_MAIL_SETTINGS[k]}`)} end)`;
}

export async function mailSettingsOf({ memberId }: { memberId: number }): Promise<MailSettings> {
  const [row] = await db.select().from(forumMailSettings).where(eq(forumMailSettings.userId, memberId)).limit(1);
  if (!row) return { ...DEFAULT_MAIL_SETTINGS };
  return {
    reply: row.reply,
    mention: row.mention,
    quote: row.quote,
    like: row.like,
    watched_post: row.watchedPost,
    watched_topic: row.watchedTopic,
    weeklyDigest: row.weeklyDigest,
  };
}

const toColumns = (settings: Partial<MailSettings>) => ({
  ...(settings.reply ? { reply: settings.reply } : {}),
  ...(settings.mention ? { mention: settings.mention } : {}),
  ...(settings.quote ? { quote: settings.quote } : {}),
  ...(settings.like ? { like: settings.like } : {}),
  ...(settings.watched_post ? { watchedPost: settings.watched_post } : {}),
  ...(settings.watched_topic ? { watchedTopic: settings.watched_topic } : {}),
  ...(settings.weeklyDigest !== undefined ? { weeklyDigest: settings.weeklyDigest } : {}),
});

/** Saves some or all of a member's choices (the rest keep their value, or the default). */
export async function saveMailSettings({
  memberId,
  settings,
}: {
  memberId: number;
  settings: Partial<MailSettings>;
}): Promise<void> {
  const columns = toColumns(settings);
  await db
    .insert(forumMailSettings)
    .values({ userId: memberId, ...columns })
    .onConflictDoUpdate({ target: forumMailSettings.userId, set: { ...columns, updatedAt: sql`now()` } });
}

/** The master switch (`users.forum_notifications`, decision 6): off, no forum mail of any kind goes out. */
export async function setForumMail({ memberId, enabled }: { memberId: number; enabled: boolean }): Promise<void> {
  await db.update(users).set({ forumNotifications: enabled }).where(eq(users.id, memberId));
}
