import { eclipticLongitude, longitudeSpeed } from "./ephemeris.server";
import { normalizeDegrees } from "./houses";
import {
  ASPECTS,
  aspectsBetween,
  NODE_NAME,
  type AngleName,
  type Aspect,
  type AspectPoint,
  type NatalChart,
  type PointName,
} from "./natal-chart.server";
import { BODY_NAMES, type BodyName } from "./zodiac";

/**
 * Transits to a birth chart: which planet in today's sky aspects which point of the chart (the page's "today"
 * list), and the exact moments of the coming year's transits (the personal events of a member's calendar feed,
 * added to the sky calendar by calendar.server.ts). Transiting bodies are the ten; natal points are the ten, the
 * Ascendant and the Midheaven (the node is left out: its aspects are read by conjunction only).
 */
export type Transit = Aspect & { transiting: BodyName; natal: PointName | AngleName };

/** Orbs for today's transits: tight, so the list names what is active now. */
const TRANSIT_ORB: Record<BodyName, number> = {
  Sun: 2,
  Moon: 2,
  Mercury: 2,
  Venus: 2,
  Mars: 2,
  Jupiter: 2,
  Saturn: 2,
  Uranus: 1.5,
  Neptune: 1.5,
  Pluto: 1.5,
};

function natalPoints(chart: NatalChart): AspectPoint[] {
  const points: AspectPoint[] = chart.points
    .filter((p) => p.name !== NODE_NAME)
    .map((p) => ({ name: p.name, longitude: p.longitude, speed: 0 }));
  if (chart.angles) {
    points.push({ name: "Ascendant", longitude: chart.angles.ascendant.longitude, speed: 0 });
    points.push({ name: "Midheaven", longitude: chart.angles.midheaven.longitude, speed: 0 });
  }
  return points;
}

/**
 * Today's sky as transiting points, computed once per five minutes and shared by every chart asked in that time
 * (30 longitudes: 2-5 ms; the Moon moves 0.04° in five minutes, far inside the orbs).
 */
const SKY_STEP_MS = 5 * 60_000;
let skyMemo: { step: number; points: AspectPoint[] } | null = null;

function transitingPoints(at: Date): AspectPoint[] {
  const step = Math.floor(at.getTime() / SKY_STEP_MS);
  if (skyMemo?.step === step) return skyMemo.points;
  const t = step * SKY_STEP_MS;
  const points = BODY_NAMES.map((b) => ({ name: b, longitude: eclipticLongitude(b, t), speed: longitudeSpeed(b, t) }));
  skyMemo = { step, points };
  return points;
}

/** The transits in force at an instant (to five minutes), tightest first. */
export function transitsAt(chart: NatalChart, at: Date = new Date()): Transit[] {
  return aspectsBetween(transitingPoints(at), natalPoints(chart), (_type, a) => TRANSIT_ORB[a.name as BodyName])
    .map((a) => ({ ...a, transiting: a.from as BodyName, natal: a.to }))
    .sort((a, b) => a.orb - b.orb);
}

/** "Saturn square natal Sun, orb 1 degree, applying" */
export function transitSentence(t: Transit): string {
  const orb =
    t.orb >= 1
      ? `${Math.round(t.orb)} degree${Math.round(t.orb) === 1 ? "" : "s"}`
      : `${Math.round(t.orb * 60)} minutes`;
  return `${t.transiting} ${t.type} natal ${t.natal}, orb ${orb}, ${t.applying ? "applying" : "separating"}`;
}

export type TransitEvent = {
  transiting: BodyName;
  natal: PointName | AngleName;
  type: Aspect["type"];
  at: Date;
};

/** Transiting bodies of the calendar: the Moon makes a dozen transits a day and is left to the page. */
const CALENDAR_BODIES = BODY_NAMES.filter((b) => b !== "Moon");
const DAY_MS = 86_400_000;

/**
 * The exact transits between `from` and `to`: each transiting body's longitude sampled daily, each crossing of an
 * aspect's exact angle to a natal point bisected to the minute. A retrograde planet can cross the same point three
 * times; each crossing is an event.
 */
export function transitEvents(chart: NatalChart, from: Date, to: Date): TransitEvent[] {
  const natal = natalPoints(chart);
  const events: TransitEvent[] = [];
  for (const body of CALENDAR_BODIES) {
    const samples: { t: number; lon: number }[] = [];
    for (let t = from.getTime(); t <= to.getTime() + DAY_MS; t += DAY_MS) {
      samples.push({ t, lon: eclipticLongitude(body, t) });
    }
    for (const point of natal) {
      for (const aspect of ASPECTS) {
        const targets = aspect.angle === 0 || aspect.angle === 180 ? [aspect.angle] : [aspect.angle, -aspect.angle];
        for (const angle of targets) {
          const target = normalizeDegrees(point.longitude + angle);
          // signed distance from exact, in (-180, 180]
          const off = (lon: number) => {
            const d = normalizeDegrees(lon - target + 180) - 180;
            return d === -180 ? 180 : d;
          };
          for (let i = 1; i < samples.length; i++) {
            const a = off(samples[i - 1]!.lon);
            const b = off(samples[i]!.lon);
            if (Math.sign(a) === Math.sign(b) || Math.abs(a - b) > 90) continue;
            let lo = samples[i - 1]!.t;
            let hi = samples[i]!.t;
            const startSign = Math.sign(a);
            while (hi - lo > 60_000) {
              const mid = (lo + hi) / 2;
              if (Math.sign(off(eclipticLongitude(body, mid))) === startSign) lo = mid;
              else hi = mid;
            }
            const at = new Date(Math.round(hi / 60_000) * 60_000);
            if (at >= from && at < to) events.push({ transiting: body, natal: point.name, type: aspect.type, at });
          }
        }
      }
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}
