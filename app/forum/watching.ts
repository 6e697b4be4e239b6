import { FORUM_WATCH_LEVELS, type ForumWatchLevel } from "#db/forum-notification-kinds";

/**
 * Watch levels (decision 350), as Discourse names and explains them: what each does to a topic, or to every topic of
 * a category. Shared by the forms (labels, hints) and the actions (which values are valid).
 */
export { FORUM_WATCH_LEVELS as WATCH_LEVELS, type ForumWatchLevel as WatchLevel };

export const WATCH_LEVEL_TEXT: Record<ForumWatchLevel, { label: string; topic: string; category: string }> = {
  watching: {
    label: "Watching",
    topic: "You are notified of every new post.",
    category: "You are notified of every new topic and every new post in this category.",
  },
  tracking: {
    label: "Tracking",
    topic: "The number of new posts is shown; you are notified when someone replies to you, mentions or quotes you.",
    category: "The number of new posts is shown for the topics you open; you are notified when someone names you.",
  },
  normal: {
    label: "Normal",
    topic: "You are notified only when someone replies to you, mentions or quotes you.",
    category: "You are notified only when someone replies to you, mentions or quotes you.",
  },
  muted: {
    label: "Muted",
    topic: "You are never notified of anything in this topic, and it is left out of your New and Unread lists.",
    category: "You are never notified of anything in this category; its topics are left out of New and Unread.",
  },
};

export function isWatchLevel(value: unknown): value is ForumWatchLevel {
  return typeof value === "string" && (FORUM_WATCH_LEVELS as readonly string[]).includes(value);
}

/** What the live region and the toast say after a change. */
export function watchLevelSaid(level: ForumWatchLevel, of: "topic" | "category"): string {
  return `Notifications for this ${of}: ${WATCH_LEVEL_TEXT[level].label}.`;
}

/** What a watch form shows (decision 350), made by the loader so the page ships none of these words. */
export type WatchFormView = {
  of: "topic" | "category";
  level: ForumWatchLevel;
  legend: string;
  said: string;
  options: Array<{ value: ForumWatchLevel; label: string; hint: string }>;
};

export function watchFormView(level: ForumWatchLevel, of: "topic" | "category"): WatchFormView {
  return {
    of,
    level,
    legend: `Notifications for this ${of}`,
    said: watchLevelSaid(level, of),
    options: FORUM_WATCH_LEVELS.map((value) => ({
      value,
      label: WATCH_LEVEL_TEXT[value].label,
      hint: WATCH_LEVEL_TEXT[value][of],
    })),
  };
}
