import type { LoaderFunctionArgs } from "@remix-run/node";
import { placeLabel, searchPlaces } from "~/astrology/places.server";
import { jsonError, jsonResponse } from "~/utils/http.server";

/**
 * GET /api/places?q=Ulm[&limit=10]: birthplaces whose name starts with q (GeoNames, offline), the most populous
 * first: {places: [{id, name, label, country, countryCode, regionCode, latitude, longitude, timeZone, population}]}.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  if (!q) return jsonError("q is required: the beginning of a place name.", 400);
  if (q.length > 100) return jsonError("q must be at most 100 characters.", 400);
  const limit = params.has("limit") ? Number(params.get("limit")) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    return jsonError("limit must be a whole number from 1 to 50.", 400);
  const places = searchPlaces(q.split(",")[0]!, limit).map((p) => ({ ...p, label: placeLabel(p) }));
  return jsonResponse({ places }, 200, { "Cache-Control": "public, max-age=86400" });
}
