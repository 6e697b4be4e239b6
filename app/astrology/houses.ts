/**
 * The angles and houses of a chart from the local sidereal time (as the right ascension of the midheaven, RAMC),
 * the true obliquity of the ecliptic and the geographic latitude: spherical astronomy only, no ephemeris. Placidus
 * trisects each point's diurnal and nocturnal semi-arcs (iterated to 1e-9°); it has no solution where ecliptic
 * points never rise or set, above the polar circles (|latitude| > 90° − obliquity), where the chart falls back to
 * Whole Sign houses and says so (decision 170).
 */
export const HOUSE_SYSTEMS = ["placidus", "whole-sign"] as const;
export type HouseSystem = (typeof HOUSE_SYSTEMS)[number];

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export function normalizeDegrees(value: number): number {
  const v = value % 360;
  return v < 0 ? v + 360 : v;
}

/** The ecliptic longitude whose right ascension is `ra` (degrees), on an ecliptic tilted by `obliquity`. */
function longitudeOfRightAscension(ra: number, obliquity: number): number {
  return normalizeDegrees(Math.atan2(Math.sin(ra * RAD), Math.cos(ra * RAD) * Math.cos(obliquity * RAD)) * DEG);
}

/** The Midheaven: the ecliptic point culminating on the meridian. */
export function midheaven(ramc: number, obliquity: number): number {
  return longitudeOfRightAscension(ramc, obliquity);
}

/** The Ascendant: the ecliptic point rising on the eastern horizon at this latitude. */
export function ascendant(ramc: number, obliquity: number, latitude: number): number {
  const r = ramc * RAD;
  const e = obliquity * RAD;
  const asc = normalizeDegrees(
    Math.atan2(Math.cos(r), -(Math.sin(r) * Math.cos(e) + Math.tan(latitude * RAD) * Math.sin(e))) * DEG,
  );
  // Above the polar circles the formula can answer the setting point; the Ascendant is the one east of the
  // meridian, within 180° after the Midheaven in the order of the signs (the Swiss Ephemeris's convention).
  const mc = midheaven(ramc, obliquity);
  return normalizeDegrees(asc - mc) > 180 ? normalizeDegrees(asc + 180) : asc;
}

/** Whether Placidus houses exist at this latitude (every ecliptic point rises and sets). */
export function placidusDefined(latitude: number, obliquity: number): boolean {
  return Math.abs(latitude) < 90 - obliquity;
}

/**
 * A Placidus cusp: the ecliptic point whose hour angle is the given fraction of its semi-arc. `fraction` 1/3 and
 * 2/3 of the diurnal semi-arc east of the meridian give cusps 11 and 12; below the horizon, `nocturnal` fractions
 * of the nocturnal semi-arc measured back from the lower meridian give cusps 3 (1/3) and 2 (2/3).
 */
function placidusCusp(ramc: number, obliquity: number, latitude: number, fraction: number, nocturnal: boolean): number {
  const tanPhi = Math.tan(latitude * RAD);
  const sinE = Math.sin(obliquity * RAD);
  const raFor = (lon: number) => {
    const declination = Math.asin(sinE * Math.sin(lon * RAD));
    const ascensionalDifference = Math.asin(tanPhi * Math.tan(declination)) * DEG;
    return nocturnal
      ? ramc + 180 - fraction * (90 - ascensionalDifference)
      : ramc + fraction * (90 + ascensionalDifference);
  };
  let lon = longitudeOfRightAscension(nocturnal ? ramc + 180 - fraction * 90 : ramc + fraction * 90, obliquity);
  for (let i = 0; i < 100; i++) {
    const next = longitudeOfRightAscension(raFor(lon), obliquity);
    const change = Math.abs(normalizeDegrees(next - lon + 180) - 180);
    lon = next;
    if (change < 1e-9) break;
  }
  return lon;
}

export type Houses = {
  system: HouseSystem;
  /** longitudes of cusps 1 to 12 */
  cusps: number[];
  /** set when the visitor asked for Placidus where it does not exist */
  fallbackNote: string | null;
};

export type Angles = { ascendant: number; midheaven: number };

export function angles(ramc: number, obliquity: number, latitude: number): Angles {
  return { ascendant: ascendant(ramc, obliquity, latitude), midheaven: midheaven(ramc, obliquity) };
}

export function wholeSignCusps(asc: number): number[] {
  const first = Math.floor(normalizeDegrees(asc) / 30) * 30;
  return Array.from({ length: 12 }, (_, i) => normalizeDegrees(first + 30 * i));
}

export function placidusCusps(ramc: number, obliquity: number, latitude: number): number[] {
  const { ascendant: asc, midheaven: mc } = angles(ramc, obliquity, latitude);
  const c11 = placidusCusp(ramc, obliquity, latitude, 1 / 3, false);
  const c12 = placidusCusp(ramc, obliquity, latitude, 2 / 3, false);
  const c2 = placidusCusp(ramc, obliquity, latitude, 2 / 3, true);
  const c3 = placidusCusp(ramc, obliquity, latitude, 1 / 3, true);
  const opposite = (x: number) => normalizeDegrees(x + 180);
  return [
    asc,
    c2,
    c3,
    opposite(mc),
    opposite(c11),
    opposite(c12),
    opposite(asc),
    opposite(c2),
    opposite(c3),
    mc,
    c11,
    c12,
  ];
}

export function houses(system: HouseSystem, ramc: number, obliquity: number, latitude: number): Houses {
  if (system === "placidus") {
    if (placidusDefined(latitude, obliquity)) {
      return { system, cusps: placidusCusps(ramc, obliquity, latitude), fallbackNote: null };
    }
    return {
      system: "whole-sign",
      cusps: wholeSignCusps(ascendant(ramc, obliquity, latitude)),
      fallbackNote: `Placidus houses do not exist at latitude ${Math.abs(latitude).toFixed(2)}° ${
        latitude >= 0 ? "north" : "south"
      }: beyond the polar circle some degrees of the zodiac never rise or set, so their semi-arcs cannot be divided. This chart uses Whole Sign houses instead.`,
    };
  }
  return { system, cusps: wholeSignCusps(ascendant(ramc, obliquity, latitude)), fallbackNote: null };
}

/** The house (1-12) a longitude falls in, given the twelve cusps in order. */
export function houseOf(longitude: number, cusps: readonly number[]): number {
  for (let i = 0; i < 12; i++) {
    const start = cusps[i]!;
    const end = cusps[(i + 1) % 12]!;
    const span = normalizeDegrees(end - start);
    if (normalizeDegrees(longitude - start) < span) return i + 1;
  }
  return 1;
}
