import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { registerJobHandler } from "~/jobs/queue.server";
import { composeMail, type ComposedMail } from "~/mail/compose";
import { sendMail } from "~/mail/mail.server";
import { spendNotificationBudget } from "~/mail/notification-budget.server";
import { SITE_NAME } from "~/site";
import { publicOrigin } from "~/utils/env.server";
import { excerptOf, postPlainText } from "./post-markdown.server";
import { pageOfPost, postVisibleTo, REPLY_NOTIFICATION_QUEUE, topicVisibleTo } from "./topics.server";

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
    { lane: "notify" },
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
        // A reply hidden or deleted since, or in a topic hidden or deleted since, is told to no one (decision 162):
        // the mail carries the reply out of the site, so only what every reader may see (the forum's one rule).
        postVisibleTo(null),
        topicVisibleTo(null),
      ),
    )
    .limit(1);
  if (!row || row.replierId === row.topicAuthorId || !row.email || !row.forumNotifications) return false;
  // Only to an address its owner proved, and within the notifications' own budget (decision 290): never the
  // budget of the member's reset and verification mail.
  if (!row.verified) return false;
  if (!(await spendNotificationBudget({ to: row.email, senderId: row.replierId }))) {
    console.warn("[forum] reply notification not mailed: the notification budget is used up");
    return false;
  }

  const token = await ensureUnsubscribeToken(row.topicAuthorId);
  const unsubscribe = unsubscribeUrl(token);
  const link = `${publicOrigin()}/forum/topic/${row.topicId}?page=${pageOfPost(row.number)}#post-${row.number}`;
  // the reply's words, never its Markdown (decision 340)
  const excerpt = excerptOf(postPlainText(row.content), 500);
  const mail = replyNotificationMail({
    username: row.username,
    replier: row.replier,
    title: row.title,
    number: row.number,
    excerpt,
    link,
    unsubscribe,
  });
  await sendMail({
    to: row.email,
    ...mail,
    // RFC 2369 and RFC 8058: mail clients offer "unsubscribe", and may do it with one POST to this address.
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
  return true;
}

/** The reply notification: the link to the reply first, then the reply's text, then why it came and how to stop it. */
export function replyNotificationMail(args: {
  username: string;
  replier: string;
  title: string;
  number: number;
  excerpt: string;
  link: string;
  unsubscribe: string;
}): ComposedMail {
  return composeMail({
    subject: `New reply to "${args.title}"`,
    lead: [`Hello ${args.username},`, `${args.replier} replied to your topic "${args.title}" (post #${args.number}):`],
    action: { href: args.link, label: "Read the discussion" },
    quote: args.excerpt,
    footer: {
      text: `You receive this because you started this topic in the ${SITE_NAME} community forum.`,
      link: { href: args.unsubscribe, label: "Stop these e-mails" },
    },
  });
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

/**
 * What the unsubscribe page shows for a token, without changing anything (a GET never does: mail scanners open
 * links): whether the member holding it gets reply notifications now; null for an unknown token.
 */
export async function notificationsByToken(
  token: string | null | undefined,
): Promise<{ forumNotifications: boolean } | null> {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({ forumNotifications: users.forumNotifications })
    .from(users)
    .where(eq(users.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

/**
 * Turns reply notifications off or on for the member holding the token; null for an unknown token. The token is
 * the whole credential (no session is read): see /unsubscribe and decision 153.
 */
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
