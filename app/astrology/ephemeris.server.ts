import {
  Body,
  Ecliptic,
  EclipticGeoMoon,
  GeoVector,
  Illumination,
  MakeTime,
  MoonPhase,
  SearchMoonQuarter,
  SunPosition,
  type AstroTime,
} from "astronomy-engine";
import { easternDateTime } from "~/utils/eastern-dates";
import { BODIES, BODY_NAMES, signAt, type BodyName, type SignName } from "./zodiac";

/**
 * The sky at an instant, computed locally with astronomy-engine: geocentric apparent ecliptic longitudes of
 * date (light time, aberration and nutation included), the tropical sign, retrograde motion, the moon's phase
 * and the next lunar event; and, slower, the coming sign changes and stations that the monitor stores.
 */
export const MIN_INSTANT = Date.UTC(1900, 0, 1);
export const MAX_INSTANT = Date.UTC(2100, 11, 31, 23, 59, 59);

const ENGINE_BODY: Record<BodyName, Body> = {
  Sun: Body.Sun,
  Moon: Body.Moon,
  Mercury: Body.Mercury,
  Venus: Body.Venus,
  Mars: Body.Mars,
  Jupiter: Body.Jupiter,
  Saturn: Body.Saturn,
  Uranus: Body.Uranus,
  Neptune: Body.Neptune,
  Pluto: Body.Pluto,
};

const DAY_MS = 86_400_000;

/** Geocentric apparent ecliptic longitude of date, in degrees [0, 360). */
export function eclipticLongitude(body: BodyName, at: Date | number): number {
  const time = MakeTime(new Date(at));
  return longitudeAt(body, time);
}

function longitudeAt(body: BodyName, time: AstroTime): number {
  if (body === "Sun") return SunPosition(time).elon;
  if (body === "Moon") return EclipticGeoMoon(time).lon;
  return Ecliptic(GeoVector(ENGINE_BODY[body], time, true)).elon;
}

/** Signed smallest difference b - a of two longitudes, in (-180, 180]. */
function angleDiff(a: number, b: number): number {
  let d = (b - a) % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return d;
}

/** Apparent speed in longitude, degrees per day (negative while retrograde). */
export function longitudeSpeed(body: BodyName, at: number): number {
  const h = 0.25 * DAY_MS;
  return angleDiff(eclipticLongitude(body, at - h), eclipticLongitude(body, at + h)) / 0.5;
}

export type PlanetPosition = {
  name: BodyName;
  symbol: string;
  /** the tropical sign (the spec's field name) */
  constellation: SignName;
  longitude: number;
  degreeInSign: number;
  /** degrees per day */
  speed: number;
  isRetrograde: boolean;
};

export const LUNAR_EVENT_TYPES = ["New Moon", "First Quarter", "Full Moon", "Last Quarter"] as const;
export type LunarEventType = (typeof LUNAR_EVENT_TYPES)[number];

export type LunarEvent = {
  type: LunarEventType;
  /** ISO instant */
  at: string;
  /** 'Nov 30, 2026' in US Eastern time */
  date: string;
  /** '1:14 AM EST' (or EDT while daylight time is in force) */
  time: string;
};

export type MoonPhaseInfo = {
  current: string;
  /** fraction of the disc lit, 0-1 */
  illumination: number;
  /** Moon-Sun elongation in ecliptic longitude, 0 = new, 180 = full */
  phaseAngle: number;
  nextPhase: LunarEvent;
};

export type Sky = { at: string; planets: PlanetPosition[]; moonPhase: MoonPhaseInfo };

export function isSupportedInstant(at: Date): boolean {
  const t = at.getTime();
  return Number.isFinite(t) && t >= MIN_INSTANT && t <= MAX_INSTANT;
}

/** The whole sky at an instant: ten positions with signs and retrograde flags, the moon's phase and next event. */
export function computeSky(at: Date = new Date()): Sky {
  const t = at.getTime();
  const planets = BODIES.map((facts): PlanetPosition => {
    const longitude = eclipticLongitude(facts.name, t);
    const speed = longitudeSpeed(facts.name, t);
    const { sign, degreeInSign } = signAt(longitude);
    return {
      name: facts.name,
      symbol: facts.symbol,
      constellation: sign,
      longitude: round(longitude, 5),
      degreeInSign: round(degreeInSign, 5),
      speed: round(speed, 5),
      isRetrograde: facts.canRetrograde && speed < 0,
    };
  });
  return { at: at.toISOString(), planets, moonPhase: moonPhaseAt(at) };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The eight conventional phase names by elongation (quarters within ±6° of their exact angle keep their name). */
export function phaseName(angle: number): string {
  const a = ((angle % 360) + 360) % 360;
  if (a < 6 || a >= 354) return "New Moon";
  if (a < 84) return "Waxing Crescent";
  if (a < 96) return "First Quarter";
  if (a < 174) return "Waxing Gibbous";
  if (a < 186) return "Full Moon";
  if (a < 264) return "Waning Gibbous";
  if (a < 276) return "Last Quarter";
  return "Waning Crescent";
}

export function moonPhaseAt(at: Date): MoonPhaseInfo {
  const angle = MoonPhase(at);
  return {
    current: phaseName(angle),
    illumination: round(Illumination(Body.Moon, at).phase_fraction, 4),
    phaseAngle: round(angle, 3),
    nextPhase: nextLunarEvent(at),
  };
}

/** The first new moon, first quarter, full moon or last quarter after the instant. */
export function nextLunarEvent(after: Date): LunarEvent {
  const quarter = SearchMoonQuarter(after);
  return lunarEvent(LUNAR_EVENT_TYPES[quarter.quarter]!, quarter.time.date);
}

export function lunarEvent(type: LunarEventType, at: Date): LunarEvent {
  return { type, at: at.toISOString(), ...easternDateTime(at) };
}

// ---------------------------------------------------------------------------------------------- events

export type SignChange = { body: BodyName; from: SignName; to: SignName; at: string; date: string };
export type Station = { body: BodyName; kind: "retrograde" | "direct"; at: string; date: string };

/**
 * Upper bounds of each body's apparent speed in longitude (degrees per day, with a margin): a body this many
 * degrees from both edges of its sign cannot leave it for distance / bound days, so the sign-change scan leaps.
 */
const MAX_SPEED: Record<BodyName, number> = {
  Sun: 1.1,
  Moon: 16,
  Mercury: 2.5,
  Venus: 1.4,
  Mars: 1,
  Jupiter: 0.3,
  Saturn: 0.16,
  Uranus: 0.08,
  Neptune: 0.05,
  Pluto: 0.06,
};

/** Scan step (days) of the station search: shorter than any retrograde loop or direct stretch of the planet. */
const STATION_STEP_DAYS: Record<BodyName, number> = {
  Sun: 0,
  Moon: 0,
  Mercury: 1,
  Venus: 2,
  Mars: 3,
  Jupiter: 6,
  Saturn: 6,
  Uranus: 8,
  Neptune: 8,
  Pluto: 8,
};

/** How far ahead to look for a sign change: Pluto can stay in one sign for 30 years. */
const HORIZON_DAYS: Record<BodyName, number> = {
  Sun: 40,
  Moon: 4,
  Mercury: 200,
  Venus: 400,
  Mars: 700,
  Jupiter: 1500,
  Saturn: 3400,
  Uranus: 8000,
  Neptune: 16000,
  Pluto: 12000,
};

/** Bisects [lo, hi] (ms) where `changed(t)` flips from false to true, to within 10 seconds. */
function bisect(lo: number, hi: number, changed: (t: number) => boolean): number {
  while (hi - lo > 10_000) {
    const mid = (lo + hi) / 2;
    if (changed(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

const signIndex = (body: BodyName, t: number) => Math.floor(eclipticLongitude(body, t) / 30) % 12;

/**
 * The body's next change of sign after the instant (forward or, while retrograde, back), or null past the horizon
 * (or past `until`, for a search within a window such as the calendar's year).
 */
export function nextSignChange(body: BodyName, after: Date, until?: Date): SignChange | null {
  const start = after.getTime();
  const end = Math.min(start + HORIZON_DAYS[body] * DAY_MS, until?.getTime() ?? Infinity);
  const first = signIndex(body, start);
  const minStep = 0.02 * DAY_MS;
  let prev = start;
  let lon = eclipticLongitude(body, start);
  while (prev < end) {
    const within = lon - first * 30;
    const edge = Math.min(within, 30 - within);
    const t = prev + Math.max(minStep, (edge / MAX_SPEED[body]) * DAY_MS);
    lon = eclipticLongitude(body, t);
    if (Math.floor(lon / 30) % 12 !== first) {
      return signChange(
        body,
        first,
        bisect(prev, t, (x) => signIndex(body, x) !== first),
      );
    }
    prev = t;
  }
  return null;
}

function signChange(body: BodyName, first: number, at: number): SignChange {
  const to = signAt(eclipticLongitude(body, at)).sign;
  return {
    body,
    from: signAt(first * 30).sign,
    to,
    at: new Date(at).toISOString(),
    date: easternDateTime(new Date(at)).date,
  };
}

/** The planet's next station (where its apparent motion turns), or null for the Sun and Moon (or past `until`). */
export function nextStation(body: BodyName, after: Date, until?: Date): Station | null {
  if (body === "Sun" || body === "Moon") return null;
  const start = after.getTime();
  const step = STATION_STEP_DAYS[body] * DAY_MS;
  // every planet turns at least once in 2.5 years (Mars: every ~26 months)
  const end = Math.min(start + 900 * DAY_MS, until?.getTime() ?? Infinity);
  const retrogradeAtStart = longitudeSpeed(body, start) < 0;
  for (let prev = start, t = start + step; prev < end; prev = t, t += step) {
    if (longitudeSpeed(body, t) < 0 === retrogradeAtStart) continue;
    const at = bisect(prev, t, (x) => longitudeSpeed(body, x) < 0 !== retrogradeAtStart);
    return {
      body,
      kind: retrogradeAtStart ? "direct" : "retrograde",
      at: new Date(at).toISOString(),
      date: easternDateTime(new Date(at)).date,
    };
  }
  return null;
}

export type UpcomingEvents = { signChanges: SignChange[]; stations: Station[]; lunarEvents: LunarEvent[] };

/** The coming sign change of every body, the coming station of every planet and the next four lunar events. */
export function upcomingEvents(after: Date): UpcomingEvents {
  const signChanges = BODY_NAMES.map((b) => nextSignChange(b, after)).filter((e): e is SignChange => e !== null);
  const stations = BODY_NAMES.map((b) => nextStation(b, after)).filter((e): e is Station => e !== null);
  const lunarEvents: LunarEvent[] = [];
  let quarter = SearchMoonQuarter(after);
  for (let i = 0; i < 4; i++) {
    lunarEvents.push(lunarEvent(LUNAR_EVENT_TYPES[quarter.quarter]!, quarter.time.date));
    quarter = SearchMoonQuarter(new Date(quarter.time.date.getTime() + 60_000));
  }
  return { signChanges, stations, lunarEvents };
}

// ---------------------------------------------------------------------------------------------- the report

export type PlanetReport = PlanetPosition & {
  nextSignChange: { sign: SignName; at: string; date: string } | null;
  nextStation: { kind: Station["kind"]; at: string; date: string } | null;
};

/** What GET /api/astrology answers and the page shows: the spec's {planets, moonPhase} plus the coming events. */
export type AstronomicalData = {
  at: string;
  planets: PlanetReport[];
  moonPhase: MoonPhaseInfo;
  upcomingLunarEvents: LunarEvent[];
};

export function astronomicalData(sky: Sky, upcoming: UpcomingEvents): AstronomicalData {
  return {
    at: sky.at,
    planets: sky.planets.map((p) => {
      const change = upcoming.signChanges.find((c) => c.body === p.name);
      const station = upcoming.stations.find((s) => s.body === p.name);
      return {
        ...p,
        nextSignChange: change ? { sign: change.to, at: change.at, date: change.date } : null,
        nextStation: station ? { kind: station.kind, at: station.at, date: station.date } : null,
      };
    }),
    moonPhase: sky.moonPhase,
    upcomingLunarEvents: upcoming.lunarEvents,
  };
}

/** The sky and its coming events at an instant (about 80 ms: the event searches dominate). */
export function computeAstronomicalData(at: Date): AstronomicalData {
  return astronomicalData(computeSky(at), upcomingEvents(at));
}
