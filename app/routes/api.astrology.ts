import type { LoaderFunctionArgs } from "@remix-run/node";
import { computeAstronomicalData, isSupportedInstant } from "~/astrology/ephemeris.server";
import { currentSky } from "~/astrology/snapshots.server";
import { answer, apiError } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";
import { clientIp, hashIp } from "~/utils/http.server";
import { hitRateLimit, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * GET /api/astrology: {planets, moonPhase} (plus the coming events) from the latest snapshot;
 * `?at=` an ISO-8601 instant from 1900 to 2100 for any other moment.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
export const BAD_AT_MESSAGE =
  "The at parameter must be an ISO-8601 instant with a time zone between 1900 and 2100, for example 2026-01-03T10:03:00Z.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const at = new URL(request.url).searchParams.get("at");
  if (at !== null) {
    const instant = new Date(at);
    if (!ISO_INSTANT.test(at) || !isSupportedInstant(instant)) return apiError(400, BAD_AT_MESSAGE);
    // Any instant is computed on the spot (~80 ms of event searches): limited per address.
    const limit = await hitRateLimit({
      key: `astrology-at:${hashIp(clientIp(context))}`,
      limit: 120,
      windowSeconds: 60,
    });
    if (!limit.allowed) {
      return apiError(
        429,
        tooManyRequestsMessage(limit.retryAfterSeconds),
        {},
        {
          "Retry-After": String(limit.retryAfterSeconds),
        },
      );
    }
    return answer({ ...computeAstronomicalData(instant), lastUpdate: null }, 200, {
      "Cache-Control": cacheControl.publicFor(86400),
    });
  }
  const sky = await currentSky();
  return answer({ ...sky.data, lastUpdate: sky.lastUpdate }, 200, { "Cache-Control": cacheControl.publicFor(300) });
}
