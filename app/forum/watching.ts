import {
  FORUM_CATEGORY_WATCH_LEVELS,
  FORUM_WATCH_LEVELS,
  type ForumCategoryWatchLevel,
  type ForumWatchLevel,
} from "#db/forum-notification-kinds";

/**
 * Watch levels (decision 350), as Discourse names and explains them: what each does to a topic, or to every topic of
 * a category; a category has one more, watching first post (decision 420). Shared by the forms (labels, hints) and
 * the schemas (which values are valid).
 */
export {
  FORUM_CATEGORY_WATCH_LEVELS as CATEGORY_WATCH_LEVELS,
  FORUM_WATCH_LEVELS as WATCH_LEVELS,
  type ForumCategoryWatchLevel as CategoryWatchLevel,
  type ForumWatchLevel as WatchLevel,
};

export const WATCH_LEVEL_TEXT: Record<ForumCategoryWatchLevel, { label: string; topic?: string; category: string }> = {
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
  watching_first_post: {
    label: "Watching First Post",
    category: "You are notified of every new topic in this category, not of the replies to it.",
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

/** The levels a topic or a category may have. */
export const watchLevelsOf = (of: "topic" | "category"): readonly ForumCategoryWatchLevel[] =>
  of === "topic" ? FORUM_WATCH_LEVELS : FORUM_CATEGORY_WATCH_LEVELS;

/** What a refused level is told: "Choose one of Watching, Tracking, Normal or Muted." */
export function watchLevelChoices(of: "topic" | "category"): string {
  const labels = watchLevelsOf(of).map((level) => WATCH_LEVEL_TEXT[level].label);
  return `Choose one of ${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}.`;
}

/** What the live region and the toast say after a change. */
export function watchLevelSaid(level: ForumCategoryWatchLevel, of: "topic" | "category"): string {
  return `Notifications for this ${of}: ${WATCH_LEVEL_TEXT[level].label}.`;
}

/** What a watch form shows (decision 350), made by the loader so the page ships none of these words. */
export type WatchFormView = {
  of: "topic" | "category";
  level: ForumCategoryWatchLevel;
  legend: string;
  said: string;
  options: Array<{ value: ForumCategoryWatchLevel; label: string; hint: string }>;
};

export function watchFormView(level: ForumCategoryWatchLevel, of: "topic" | "category"): WatchFormView {
  return {
    of,
    level,
    legend: `Notifications for this ${of}`,
    said: watchLevelSaid(level, of),
    options: watchLevelsOf(of).map((value) => ({
      value,
      label: WATCH_LEVEL_TEXT[value].label,
      hint: WATCH_LEVEL_TEXT[value][of] ?? "",
    })),
  };
}
