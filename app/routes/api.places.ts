import type { LoaderFunctionArgs } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { hitAstrologyApiLimit } from "~/astrology/api-limits.server";
import { placeLabel, searchPlaces } from "~/astrology/places.server";
import { answer, apiError } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";
import { retryAfterHeaders, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * GET /api/places?q=Ulm[&limit=10]: birthplaces whose name starts with q (GeoNames, offline), the most populous
 * first: {places: [{id, name, label, country, countryCode, regionCode, latitude, longitude, timeZone, population}]}.
 * Limited per person (429 with Retry-After: app/astrology/api-limits.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const allowance = await hitAstrologyApiLimit("places", await personOf(request, context));
  if (!allowance.allowed) {
    const wait = allowance.retryAfterSeconds;
    return apiError(429, tooManyRequestsMessage(wait), {}, retryAfterHeaders(wait));
  }
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  if (!q) return apiError(400, "q is required: the beginning of a place name.");
  if (q.length > 100) return apiError(400, "q must be at most 100 characters.");
  const limit = params.has("limit") ? Number(params.get("limit")) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    return apiError(400, "limit must be a whole number from 1 to 50.");
  const places = searchPlaces(q.split(",")[0]!, limit).map((p) => ({ ...p, label: placeLabel(p) }));
  return answer({ places }, 200, { "Cache-Control": cacheControl.publicFor(86400) });
}
