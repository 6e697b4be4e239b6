import {
  FORUM_MAIL_DELIVERIES,
  FORUM_NOTIFICATION_KINDS,
  type ForumMailDelivery,
  type ForumNotificationKind,
} from "#db/forum-notification-kinds";

/**
 * The words of the forum's mail settings (decision 351): each notification kind, each way of mailing it, and the
 * one-line summary the settings page shows (and says again after a change). Shared by the page and its action.
 */
export { FORUM_MAIL_DELIVERIES as MAIL_DELIVERIES, FORUM_NOTIFICATION_KINDS as MAIL_KINDS };

export const MAIL_KIND_LABEL: Record<ForumNotificationKind, string> = {
  reply: "Replies to your topics",
  mention: "Mentions of you",
  quote: "Quotes of your posts",
  like: "Likes of your posts",
  watched_post: "New posts in topics you watch",
  watched_topic: "New topics in categories you watch",
};

export const MAIL_DELIVERY_LABEL: Record<ForumMailDelivery, string> = {
  now: "At once",
  digest: "In the weekly digest",
  never: "Never",
};

export function isMailDelivery(value: unknown): value is ForumMailDelivery {
  return typeof value === "string" && (FORUM_MAIL_DELIVERIES as readonly string[]).includes(value);
}

export type MailChoices = Record<ForumNotificationKind, ForumMailDelivery> & { weeklyDigest: boolean };

/** "Forum e-mail is on. At once: …; in the weekly digest: …; never: …. Weekly digest: on." */
export function mailChoicesSummary(choices: MailChoices, forumMail: boolean): string {
  if (!forumMail) return "Forum e-mail is off: you get no forum e-mail at all.";
  const groups = FORUM_MAIL_DELIVERIES.map((delivery) => {
    const kinds = FORUM_NOTIFICATION_KINDS.filter((kind) => choices[kind] === delivery);
    return kinds.length
      ? `${MAIL_DELIVERY_LABEL[delivery]}: ${kinds.map((k) => MAIL_KIND_LABEL[k].toLowerCase()).join(", ")}.`
      : "";
  }).filter(Boolean);
  return ["Forum e-mail is on.", ...groups, `Weekly digest: ${choices.weeklyDigest ? "on" : "off"}.`].join(" ");
}
