import type { PageSection } from "~/page-cache/section";
import { preferencesVariant } from "~/preferences/page-cache.server";
import { SKY_CHANNEL } from "./snapshots.server";
import { tabFromCookieHeader } from "./tab-cookie.server";

/**
 * /astrology and /astrology/{planet}: the sky of the latest snapshot, the tab the visitor last chose (a plain
 * cookie) and, on a planet's page, a reading shaped by the visitor's saved preferences. Kept per preference set
 * and tab until the monitor records a new sky. A page with a sky computed on the spot (no fresh snapshot) or a
 * failed reading is not kept (`skyPageNotKept`, from `astrologyPage`).
 */
export const astrologyPages: PageSection = {
  name: "astrology",
  paths: [/^\/astrology\/?$/, /^\/astrology\/[^/]+$/],
  channel: SKY_CHANNEL,
  async vary(req) {
    const { key, context } = await preferencesVariant(req);
    return { key: `${key} tab=${tabFromCookieHeader(req.headers.cookie) ?? ""}`, context };
  },
};

/** The page being rendered shows a sky or a reading of this moment only: it is sent and not kept. */
export { notKept as skyPageNotKept } from "~/page-cache/section";
