import type { LoaderFunctionArgs } from "@remix-run/node";
import { placeLabel, searchPlaces } from "~/astrology/places.server";
import { answer, apiError } from "~/utils/api.server";

/**
 * GET /api/places?q=Ulm[&limit=10]: birthplaces whose name starts with q (GeoNames, offline), the most populous
 * first: {places: [{id, name, label, country, countryCode, regionCode, latitude, longitude, timeZone, population}]}.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  if (!q) return apiError(400, "q is required: the beginning of a place name.");
  if (q.length > 100) return apiError(400, "q must be at most 100 characters.");
  const limit = params.has("limit") ? Number(params.get("limit")) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    return apiError(400, "limit must be a whole number from 1 to 50.");
  const places = searchPlaces(q.split(",")[0]!, limit).map((p) => ({ ...p, label: placeLabel(p) }));
  return answer({ places }, 200, { "Cache-Control": "public, max-age=86400" });
}
