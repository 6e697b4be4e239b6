/**
 * Read tracking's words shared by the server and the pages (decision 310): a topic's mark for one member, and the
 * lists beside "Latest".
 */

/** What the forum list shows of one topic for one member. `firstUnread`: the post number a link should open at. */
export type ReadMark = { state: "new" | "unread"; unread: number; firstUnread: number | null } | null;

/** The lists beside "Latest": topics new to the member, and topics they opened that have posts since. */
export const TOPIC_FILTERS = ["new", "unread"] as const;
export type TopicFilter = (typeof TOPIC_FILTERS)[number];
export const isTopicFilter = (value: unknown): value is TopicFilter =>
  typeof value === "string" && (TOPIC_FILTERS as readonly string[]).includes(value);

export const unreadLabel = (count: number) => `${count} unread ${count === 1 ? "post" : "posts"}`;
