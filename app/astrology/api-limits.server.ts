import { hitCostLimit, type Person } from "~/utils/cost-limits.server";

/**
 * How often a person may ask the astrology API's open lookups (decision 299, ASVS 11.1.4): the places search
 * (/api/places, an offline list a scraper could walk) and the birth chart (/api/birth-chart, computed on the spot).
 * Counted per address, and per member and visitor id when known (decision 095), in one-minute windows; a person
 * past the limit gets 429 with Retry-After. The pages compute charts themselves and are not counted here.
 */
export const ASTROLOGY_API_LIMITS = {
  places: { limit: 120, windowSeconds: 60 },
  "birth-chart": { limit: 30, windowSeconds: 60 },
} as const;

export function hitAstrologyApiLimit(name: keyof typeof ASTROLOGY_API_LIMITS, person: Person) {
  return hitCostLimit(`api-${name}`, person, ASTROLOGY_API_LIMITS[name]);
}
