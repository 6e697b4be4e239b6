/** The kinds of the forum's notifications to a member (decision 312), as the database and the pages name them. */
export const FORUM_NOTIFICATION_KINDS = ["reply", "mention", "quote", "like", "watched_post", "watched_topic"] as const;
export type ForumNotificationKind = (typeof FORUM_NOTIFICATION_KINDS)[number];

/** A member's watch level of a topic or a category (decision 350, Discourse's four levels). */
export const FORUM_WATCH_LEVELS = ["watching", "tracking", "normal", "muted"] as const;
export type ForumWatchLevel = (typeof FORUM_WATCH_LEVELS)[number];

/**
 * A category's levels: the four, and Discourse's "watching first post" (decision 420: each new topic of the category
 * notifies, its replies do not), in Discourse's order. A topic has no such level.
 */
export const FORUM_CATEGORY_WATCH_LEVELS = ["watching", "tracking", "watching_first_post", "normal", "muted"] as const;
export type ForumCategoryWatchLevel = (typeof FORUM_CATEGORY_WATCH_LEVELS)[number];

/** How a member wants the mail of one notification kind (decision 351): at once, in the weekly digest, or never. */
export const FORUM_MAIL_DELIVERIES = ["now", "digest", "never"] as const;
export type ForumMailDelivery = (typeof FORUM_MAIL_DELIVERIES)[number];
