import { MakeTime, SiderealTime, e_tilt, type AstroTime } from "astronomy-engine";
import type { Digit } from "~/numerology/principles";
import { eclipticLongitude, longitudeSpeed } from "./ephemeris.server";
import { angles as chartAngles, houseOf, houses as chartHouses, normalizeDegrees, type HouseSystem } from "./houses";
import { BODIES, VS15, signAt, type BodyName, type SignName } from "./zodiac";

/**
 * A birth chart at an instant and a place: the ten bodies (astronomy-engine's apparent geocentric longitudes of
 * date, as the sky monitor computes them) and the Moon's mean node, the Ascendant and Midheaven from the apparent
 * sidereal time and the true obliquity, the houses (./houses) and the major aspects with their orbs, applying or
 * separating. Without a birth time the chart is cast for local noon and has no angles and no houses (decision 170).
 */
// a day beyond 1800-2100 each side, so that every local date in those years can be cast anywhere on Earth
export const CHART_MIN_INSTANT = Date.UTC(1799, 11, 31);
export const CHART_MAX_INSTANT = Date.UTC(2101, 0, 1, 23, 59, 59);

export const NODE_NAME = "North Node";
export type PointName = BodyName | typeof NODE_NAME;
export type AngleName = "Ascendant" | "Midheaven";

export type ChartPosition = {
  longitude: number;
  sign: SignName;
  /** whole degrees within the sign, 0-29 */
  degrees: number;
  /** whole arcminutes, 0-59 */
  minutes: number;
};

export type ChartPoint = ChartPosition & {
  name: PointName;
  symbol: string;
  /** degrees per day; negative while retrograde */
  speed: number;
  isRetrograde: boolean;
  /** 1-12, or null without a birth time */
  house: number | null;
  /** the principle the ontology reads through the body (the node has none) */
  principle: Digit | null;
};

export const ASPECTS = [
  { type: "conjunction", angle: 0, orb: 8 },
  { type: "sextile", angle: 60, orb: 6 },
  { type: "square", angle: 90, orb: 7 },
  { type: "trine", angle: 120, orb: 8 },
  { type: "opposition", angle: 180, orb: 8 },
] as const;
export type AspectType = (typeof ASPECTS)[number]["type"];
/** the Sun and the Moon are given this much more orb */
export const LUMINARY_ORB_BONUS = 2;

export type Aspect = {
  from: PointName | AngleName;
  to: PointName | AngleName;
  type: AspectType;
  /** exact angle of the aspect */
  angle: number;
  /** distance from exact, degrees (always ≥ 0) */
  orb: number;
  applying: boolean;
};

export type NatalChart = {
  /** ISO instant the chart is cast for */
  instant: string;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
  points: ChartPoint[];
  angles: { ascendant: ChartPosition; midheaven: ChartPosition } | null;
  houses: {
    requested: HouseSystem;
    system: HouseSystem;
    note: string | null;
    cusps: (ChartPosition & { house: number })[];
  } | null;
  aspects: Aspect[];
  /** the node the chart shows */
  node: "mean";
  /** what a chart without a birth time cannot know */
  unknowns: string[];
};

export function position(longitude: number): ChartPosition {
  const lon = normalizeDegrees(longitude);
  const { sign, degreeInSign } = signAt(lon);
  // Truncated to the arcminute, as almanacs print positions (29°59.9′ is 29°59′).
  const totalMinutes = Math.floor(degreeInSign * 60 + 1e-9);
  return { longitude: round(lon, 5), sign, degrees: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Mean longitude of the Moon's ascending node (Meeus, Astronomical Algorithms, 47.7), with nutation in longitude. */
export function meanNodeLongitude(time: AstroTime): number {
  const T = time.tt / 36525;
  const omega = 125.0445479 - 1934.1362891 * T + 0.0020754 * T * T + (T * T * T) / 467441 - (T * T * T * T) / 60616000;
  return normalizeDegrees(omega + e_tilt(time).dpsi / 3600);
}

const MEAN_NODE_SPEED = -0.0529539;

/** Right ascension of the midheaven: the local apparent sidereal time in degrees. */
export function ramcAt(time: AstroTime, longitude: number): number {
  return normalizeDegrees(SiderealTime(time) * 15 + longitude);
}

export type ChartInput = {
  instant: Date;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
  houseSystem: HouseSystem;
};

export function computeNatalChart(input: ChartInput): NatalChart {
  const t = input.instant.getTime();
  const time = MakeTime(input.instant);
  const obliquity = e_tilt(time).tobl;
  const ramc = ramcAt(time, input.longitude);

  let angles: NatalChart["angles"] = null;
  let houses: NatalChart["houses"] = null;
  if (input.timeKnown) {
    const a = chartAngles(ramc, obliquity, input.latitude);
    angles = { ascendant: position(a.ascendant), midheaven: position(a.midheaven) };
    const h = chartHouses(input.houseSystem, ramc, obliquity, input.latitude);
    houses = {
      requested: input.houseSystem,
      system: h.system,
      note: h.fallbackNote,
      cusps: h.cusps.map((c, i) => ({ house: i + 1, ...position(c) })),
    };
  }
  const cuspLongitudes = houses?.cusps.map((c) => c.longitude) ?? null;

  const points: ChartPoint[] = BODIES.map((facts) => {
    const lon = eclipticLongitude(facts.name, t);
    const speed = longitudeSpeed(facts.name, t);
    return {
      name: facts.name,
      symbol: facts.symbol,
      ...position(lon),
      speed: round(speed, 5),
      isRetrograde: facts.canRetrograde && speed < 0,
      house: cuspLongitudes ? houseOf(lon, cuspLongitudes) : null,
      principle: facts.principle,
    };
  });
  const node = meanNodeLongitude(time);
  points.push({
    name: NODE_NAME,
    symbol: `☊${VS15}`,
    ...position(node),
    speed: MEAN_NODE_SPEED,
    isRetrograde: true,
    house: cuspLongitudes ? houseOf(node, cuspLongitudes) : null,
    principle: null,
  });

  const aspectPoints: AspectPoint[] = points
    .filter((p) => p.name !== NODE_NAME)
    .map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed }));
  if (angles) {
    aspectPoints.push({ name: "Ascendant", longitude: angles.ascendant.longitude, speed: 0 });
    aspectPoints.push({ name: "Midheaven", longitude: angles.midheaven.longitude, speed: 0 });
  }

  return {
    instant: input.instant.toISOString(),
    latitude: input.latitude,
    longitude: input.longitude,
    timeKnown: input.timeKnown,
    points,
    angles,
    houses,
    aspects: aspectsBetween(aspectPoints, aspectPoints),
    node: "mean",
    unknowns: input.timeKnown
      ? []
      : [
          "Without a birth time this chart is cast for noon at the birthplace.",
          "The Ascendant, the Midheaven and the houses depend on the hour, so none are shown.",
          "The Moon moves about 13 degrees a day: its degree may be off by up to 7 degrees, and its sign may differ.",
          "Aspects to the Moon are uncertain by the same amount.",
        ],
  };
}

const isAngle = (name: string) => name === "Ascendant" || name === "Midheaven";

export type AspectPoint = { name: PointName | AngleName; longitude: number; speed: number };

function separation(a: number, b: number): number {
  const d = Math.abs(normalizeDegrees(b - a));
  return d > 180 ? 360 - d : d;
}

export function orbFor(type: AspectType, a: AspectPoint, b: AspectPoint): number {
  const base = ASPECTS.find((x) => x.type === type)!.orb;
  const luminary = [a.name, b.name].some((n) => n === "Sun" || n === "Moon");
  return base + (luminary ? LUMINARY_ORB_BONUS : 0);
}

/**
 * The major aspects between two sets of points (the same set for a natal chart: each pair once; natal and transiting
 * sets for transits; two people's charts for synastry, where `anglePairs` keeps one person's angles meeting the
 * other's). Applying when the distance from exact shrinks as the points move on at their speeds.
 */
export function aspectsBetween(
  left: readonly AspectPoint[],
  right: readonly AspectPoint[],
  orbs: (type: AspectType, a: AspectPoint, b: AspectPoint) => number = orbFor,
  { anglePairs = false }: { anglePairs?: boolean } = {},
): Aspect[] {
  const same = left === right;
  const found: Aspect[] = [];
  left.forEach((a, i) => {
    right.forEach((b, j) => {
      if (same && j <= i) return;
      if (a.name === b.name && same) return;
      // within one chart the angles' relation is geometry, not an aspect
      if (!anglePairs && isAngle(a.name) && isAngle(b.name)) return;
      const sep = separation(a.longitude, b.longitude);
      for (const aspect of ASPECTS) {
        const orb = Math.abs(sep - aspect.angle);
        if (orb > orbs(aspect.type, a, b)) continue;
        const dt = 0.01;
        const later = separation(a.longitude + a.speed * dt, b.longitude + b.speed * dt);
        found.push({
          from: a.name,
          to: b.name,
          type: aspect.type,
          angle: aspect.angle,
          orb: round(orb, 4),
          applying: Math.abs(later - aspect.angle) < orb,
        });
      }
    });
  });
  return found;
}
