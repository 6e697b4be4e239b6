import { env } from "~/utils/env.server";
import { createPageCache } from "~/utils/page-cache.server";

/**
 * The forum's list and topic pages as signed-out visitors see them, served from memory until a topic, post or
 * author name changes (the triggers of migration 0001 NOTIFY "forum_changed"). Members always get a fresh render.
 */
export const forumPageCache = createPageCache({
  paths: [/^\/forum\/?$/, /^\/forum\/topic\/[^/]+$/],
  channel: "forum_changed",
  ttlSeconds: env.PAGE_CACHE_SECONDS,
});
