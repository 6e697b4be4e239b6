/** The kinds of the forum's notifications to a member (decision 312), as the database and the pages name them. */
export const FORUM_NOTIFICATION_KINDS = ["reply", "mention", "quote", "like"] as const;
export type ForumNotificationKind = (typeof FORUM_NOTIFICATION_KINDS)[number];
