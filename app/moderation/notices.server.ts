import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, moderationActions, users } from "#db/schema";
import { registerJobHandler } from "~/jobs/queue.server";
import { composeMail, type ComposedMail, type MailAction } from "~/mail/compose";
import { sendMail } from "~/mail/mail.server";
import { spendNotificationBudget } from "~/mail/notification-budget.server";
import { SITE_NAME } from "~/site";
import { formatUtcDateTime } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { MODERATION_NOTICE_QUEUE } from "./actions.server";

/**
 * The member is told by e-mail when a moderator hides or deletes their post or topic, warns, silences or
 * suspends them (decision 026). The request enqueues `moderation/notice` {actionId}; this job re-reads the
 * audit-log row and the member's address, and sends nothing when the member has none.
 */
export function registerModerationJobs(): void {
  registerJobHandler<{ actionId: number }>(
    MODERATION_NOTICE_QUEUE,
    async ({ actionId }) => {
      await sendModerationNotice(actionId);
    },
    { lane: "notify" },
  );
}

export type ModerationMail = ComposedMail;

/**
 * The notice (a pure function, easy to test): text and HTML, the action first (decision 154). `link` is the
 * discussion the action was about (or the forum); `origin` gives the other links.
 */
export function moderationMail({
  action,
  username,
  reason,
  what,
  until,
  link,
  origin,
}: {
  action: string;
  username: string;
  reason: string;
  what: string;
  until: Date | null;
  link: string;
  origin: string;
}): ModerationMail | null {
  const hello = `Hello ${username},`;
  const why = `The moderator's reason: ${reason}`;
  const footer = `This message was sent by the moderators of the ${SITE_NAME} community forum.`;
  const forum = { href: `${origin}/forum`, label: "Open the forum" };
  const mail = (subject: string, lines: string[], target: MailAction = forum) =>
    composeMail({ subject, lead: [hello, ...lines], action: target, after: [why, footer] });
  switch (action) {
    case "hide":
      return mail(
        `Your ${what} was hidden by a moderator`,
        [
          `A moderator hid your ${what}. Other members now see "This post was hidden by a moderator" in its place; you still see your text.`,
        ],
        { href: link, label: "See the discussion" },
      );
    case "delete":
      return mail(`Your ${what} was removed by a moderator`, [`A moderator removed your ${what} from the forum.`]);
    case "warn":
      return mail(`A warning from the ${SITE_NAME} moderators`, [
        "A moderator sends you this warning about what you posted in the forum. Please keep to the forum's rules.",
      ]);
    case "silence":
      return mail("You cannot post in the forum for a while", [
        `A moderator silenced you until ${until ? formatUtcDateTime(until) : "further notice"}: until then you cannot write topics or replies.`,
      ]);
    case "suspend":
      return mail(`Your ${SITE_NAME} account is suspended`, [
        `A moderator suspended your account until ${until ? formatUtcDateTime(until) : "further notice"}: until then you cannot sign in. The forum stays open to read.`,
      ]);
    case "unsilence":
      return mail("You can post in the forum again", [
        "A moderator lifted your silence: you can write topics and replies again.",
      ]);
    case "unsuspend":
      return mail(
        `Your ${SITE_NAME} account is no longer suspended`,
        ["A moderator lifted your suspension: you can sign in again."],
        { href: `${origin}/auth`, label: "Sign in" },
      );
    default:
      return null;
  }
}

export async function sendModerationNotice(actionId: number): Promise<boolean> {
  const [entry] = await db.select().from(moderationActions).where(eq(moderationActions.id, actionId)).limit(1);
  if (!entry?.subjectUserId) return false;
  const [member] = await db
    .select({ username: users.username, email: users.email, verified: users.isEmailVerified })
    .from(users)
    .where(eq(users.id, entry.subjectUserId))
    .limit(1);
  // Only to an address its owner proved, and within the notifications' own budget (decision 290).
  if (!member?.email || !member.verified) return false;
  if (!(await spendNotificationBudget({ to: member.email, senderId: entry.actorId }))) {
    console.warn("[moderation] notice not mailed: the notification budget is used up");
    return false;
  }

  let what = "post";
  let link = `${publicOrigin()}/forum`;
  const postId =
    entry.targetType === "post" ? entry.targetId : Number((entry.before as { postId?: number }).postId ?? 0);
  const topicId =
    entry.targetType === "topic" ? entry.targetId : Number((entry.before as { topicId?: number }).topicId ?? 0);
  if (postId) {
    const [post] = await db
      .select({ number: forumPosts.number, topicId: forumPosts.topicId, title: forumTopics.title })
      .from(forumPosts)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .where(eq(forumPosts.id, postId));
    if (post) {
      what = `post #${post.number} in "${post.title}"`;
      link = `${publicOrigin()}/forum/topic/${post.topicId}`;
    }
  } else if (topicId) {
    const [topic] = await db.select({ title: forumTopics.title }).from(forumTopics).where(eq(forumTopics.id, topicId));
    if (topic) {
      what = `topic "${topic.title}"`;
      link = `${publicOrigin()}/forum/topic/${topicId}`;
    }
  }
  const after = entry.after as { silencedUntil?: string; suspendedUntil?: string };
  const untilText = after.silencedUntil ?? after.suspendedUntil;
  const mail = moderationMail({
    action: entry.action,
    username: member.username,
    reason: entry.reason,
    what,
    until: untilText ? new Date(untilText) : null,
    link,
    origin: publicOrigin(),
  });
  if (!mail) return false;
  await sendMail({ to: member.email, ...mail });
  return true;
}
