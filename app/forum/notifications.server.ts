import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { countMailTo } from "~/accounts/limits.server";
import { registerJobHandler } from "~/jobs/queue.server";
import { sendMail } from "~/mail/mail.server";
import { publicOrigin } from "~/utils/env.server";
import { pageOfPost, REPLY_NOTIFICATION_QUEUE } from "./topics.server";

/**
 * Decision 6: the topic author gets an e-mail when someone else replies (only with forumNotifications on). The
 * request only enqueues a job; this handler sends the mail, with a one-click unsubscribe link in the body and in
 * the List-Unsubscribe header (RFC 8058 One-Click: a POST to the same address).
 */
export function registerForumJobs(): void {
  registerJobHandler<{ postId: number }>(
    REPLY_NOTIFICATION_QUEUE,
    async ({ postId }) => {
      await sendReplyNotification(postId);
    },
    { lane: "mail" },
  );
}

export function unsubscribeUrl(token: string): string {
  return `${publicOrigin()}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Sends the notification for one reply; returns whether a mail went out (false when nothing is to be sent). */
export async function sendReplyNotification(postId: number): Promise<boolean> {
  const [row] = await db
    .select({
      number: forumPosts.number,
      content: forumPosts.content,
      replierId: forumPosts.authorId,
      topicId: forumTopics.id,
      title: forumTopics.title,
      topicAuthorId: forumTopics.authorId,
      replier: sql<string>`(select username from users r where r.id = ${forumPosts.authorId})`,
      username: users.username,
      email: users.email,
      verified: users.isEmailVerified,
      forumNotifications: users.forumNotifications,
    })
    .from(forumPosts)
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .innerJoin(users, eq(users.id, forumTopics.authorId))
    .where(
      and(
        eq(forumPosts.id, postId),
        // A reply hidden or deleted since, or in a topic hidden or deleted since, is told to no one (decision 162).
        isNull(forumPosts.hiddenAt),
        isNull(forumPosts.deletedAt),
        isNull(forumTopics.hiddenAt),
        isNull(forumTopics.deletedAt),
      ),
    )
    .limit(1);
  if (!row || row.replierId === row.topicAuthorId || !row.email || !row.forumNotifications) return false;
  // Only to an address its owner proved, and within the address's mails of the day (issue 33).
  if (!row.verified) return false;
  if (!(await countMailTo(row.email))) {
    console.warn("[forum] reply notification not mailed: the address had its mails for today");
    return false;
  }

  const token = await ensureUnsubscribeToken(row.topicAuthorId);
  const unsubscribe = unsubscribeUrl(token);
  const link = `${publicOrigin()}/forum/topic/${row.topicId}?page=${pageOfPost(row.number)}#post-${row.number}`;
  const excerpt = row.content.length > 500 ? `${row.content.slice(0, 500)}…` : row.content;
  await sendMail({
    to: row.email,
    subject: `New reply to "${row.title}"`,
    text: [
      `Hello ${row.username},`,
      "",
      `${row.replier} replied to your topic "${row.title}" (post #${row.number}):`,
      "",
      excerpt,
      "",
      `Read the discussion: ${link}`,
      "",
      "You receive this because you started this topic in the Numerology Ontology community forum.",
      `Stop these e-mails with one click: ${unsubscribe}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
  return true;
}

/** The member's unsubscribe token, created on first need (the accounts domain may already have set one). */
async function ensureUnsubscribeToken(userId: number): Promise<string> {
  const fresh = randomBytes(24).toString("base64url");
  const [row] = await db
    .update(users)
    .set({ unsubscribeToken: sql`coalesce(${users.unsubscribeToken}, ${fresh})` })
    .where(eq(users.id, userId))
    .returning({ token: users.unsubscribeToken });
  return row!.token!;
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Turns reply notifications off or on for the member holding the token; null for an unknown token. */
export async function setNotificationsByToken(
  token: string | null | undefined,
  enabled: boolean,
): Promise<{ username: string } | null> {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .update(users)
    .set({ forumNotifications: enabled })
    .where(and(eq(users.unsubscribeToken, token)))
    .returning({ username: users.username });
  return row ?? null;
}
