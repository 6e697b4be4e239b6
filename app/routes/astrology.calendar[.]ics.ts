import type { LoaderFunctionArgs } from "@remix-run/node";
import { personalFeedOf } from "~/astrology/birth-profile-calendar.server";
import { parseBodies, skyCalendar } from "~/astrology/calendar.server";
import { apiError } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";
import { conditionalResponse } from "~/utils/conditional-get.server";
import { publicOrigin } from "~/utils/env.server";

/**
 * GET /astrology/calendar.ics[?bodies=Sun,Mercury]: the next 12 months of lunar phases, ingresses and stations as an
 * iCalendar feed (RFC 5545), cached until the monitor's next sky; conditional GET by ETag or Last-Modified (the sky
 * it starts from). With `member` and `key` (the personal address a member with a saved chart gets on their account
 * page), the coming year's transits to their chart are added.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseBodies(params.get("bodies"));
  if (!parsed.ok) return apiError(400, parsed.message);
  const personal = await personalFeedOf(params);
  if (personal === "not-found") return apiError(404, "No personal calendar at this address.");
  const feed = await skyCalendar({ bodies: parsed.bodies, origin: publicOrigin(), personal: personal ?? undefined });
  const maxAge = Math.max(0, Math.floor((feed.expiresAt - Date.now()) / 1000));
  return conditionalResponse(request, feed.text, {
    etag: feed.etag,
    lastModified: feed.computedAt,
    orPlainText: true,
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="celestial-transits.ics"',
      "Cache-Control": personal ? cacheControl.privateFor(maxAge) : cacheControl.publicFor(maxAge),
      Expires: new Date(feed.expiresAt).toUTCString(),
    },
  });
}
