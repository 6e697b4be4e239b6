import { profilePage } from "~/accounts/page-cache.server";
import { astrologyPages } from "~/astrology/page-cache.server";
import { TAB_COOKIE } from "~/astrology/tab";
import { contentPages } from "~/content/page-cache.server";
import { forumListPage, forumMemberPages, forumTopicPages } from "~/forum/page-cache.server";
import { angelPage, homePage, numerologyPages } from "~/numerology/page-cache.server";
import { createPageCache } from "~/page-cache/middleware.server";
import { COOKIES } from "~/utils/cookies";
import { env } from "~/utils/env.server";

/**
 * The site's one page cache (decisions 025, 100): the sections each domain declares in its own
 * `page-cache.server.ts`, gathered here so that the entry modules reach them without importing a domain.
 * server.ts answers signed-out visitors' public pages from it before Remix runs; entry.server.tsx keeps what it
 * renders. The astrology tab cookie is neutral (the astrology pages are keyed by it; it is replayed with them).
 */
export const pageCache = createPageCache({
  sections: [
    contentPages,
    numerologyPages,
    homePage,
    angelPage,
    astrologyPages,
    forumListPage,
    forumTopicPages,
    forumMemberPages,
    profilePage,
  ],
  ttlSeconds: env.PAGE_CACHE_SECONDS,
  neutralCookies: [COOKIES.visitor.name, TAB_COOKIE],
  replayCookies: [TAB_COOKIE],
});
