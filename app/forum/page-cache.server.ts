import type { PageSection } from "~/utils/page-cache.server";

/**
 * The forum's list and topic pages as signed-out visitors see them (decision 025), served from memory until a
 * topic, post or author name changes (the triggers of migration 0001 NOTIFY "forum_changed"). Members always
 * get a fresh render.
 */
export const forumPages: PageSection = {
  name: "forum",
  paths: [/^\/forum\/?$/, /^\/forum\/topic\/[^/]+$/],
  channel: "forum_changed",
  shared: true,
};
