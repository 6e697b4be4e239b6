import { MakeTime, e_tilt } from "astronomy-engine";
import { birthDateNumbers } from "~/numerology/birth-date";
import { nameNumbers, type YConvention } from "~/numerology/name-numbers";
import type { Digit } from "~/numerology/principles";
import { relationBetween } from "~/numerology/relations";
import { castBirthChart, type BirthChartResult, type BirthFacts, type BirthInput } from "./birth-chart.server";
import { eclipticLongitude } from "./ephemeris.server";
import { angles as chartAngles, houseOf, houses as chartHouses, normalizeDegrees, type HouseSystem } from "./houses";
import {
  ASPECTS,
  NODE_NAME,
  aspectsBetween,
  orbFor,
  position,
  type AngleName,
  type Aspect,
  type AspectPoint,
  type AspectType,
  type ChartPoint,
  type NatalChart,
  type PointName,
} from "./natal-chart.server";

/**
 * Two people's charts side by side (decision 300): the aspects between one person's planets and angles and the
 * other's (the birth chart's aspects and orbs, the tightest first, applying or separating from the two charts'
 * speeds), each person's planets in the other's houses when both birth times are known, what an unknown time
 * leaves out (houses, the angles, and which Moon contacts could change across that day), the composite chart of
 * midpoints, and the two people's core numbers with the ontology's relations between them.
 */
export type Side = "a" | "b";

export type SynastryPersonInput = BirthInput & {
  /** a name or label the page uses ("Person A" when none); the numbers need a full name */
  name: string;
};

export type SynastryPerson = {
  side: Side;
  /** how the page names this person: the given name, or "Person A"/"Person B" */
  label: string;
  /** the full name as typed, for the name numbers (empty: none given) */
  name: string;
  birth: BirthFacts;
  chart: NatalChart;
};

export type InterAspect = Aspect & {
  /** `from` is always person A's point, `to` person B's */
  fromSide: "a";
  toSide: "b";
};

export type HouseContact = {
  /** whose planet */
  side: Side;
  point: PointName;
  /** the house of the other person's chart it falls in */
  house: number;
};

/** A Moon contact a day-long uncertainty could change: the orb at the day's two ends and the smallest across it. */
export type MoonContactChange = {
  /** whose Moon is uncertain ("both" when both times are unknown and it is the Moons' own contact) */
  uncertain: Side | "both";
  from: PointName | AngleName;
  to: PointName | AngleName;
  type: AspectType;
  /** whether the contact is listed for the noon charts */
  listed: boolean;
  minOrb: number;
  maxOrb: number;
  allowedOrb: number;
};

export type MoonRange = {
  side: Side;
  from: ReturnType<typeof position>;
  to: ReturnType<typeof position>;
};

export type CompositeChart = NatalChart & {
  /** how the houses were made, said on the page */
  method: string;
};

export type NumberPair = {
  kind: "lifePath" | "expression" | "soulUrge";
  label: string;
  a: number | null;
  b: number | null;
  /** the principle each number is read through (a master number's digits added) */
  aPrinciple: Digit | null;
  bPrinciple: Digit | null;
  /** the ontology's relation from A's principle to B's and back; null: the same principle ("Current") or a number missing */
  aToB: string | null;
  bToA: string | null;
  same: boolean;
};

export type SynastryNumbers = {
  yConvention: YConvention;
  pairs: NumberPair[];
  /** names not given, so their numbers are missing */
  missing: string[];
};

export type Synastry = {
  a: SynastryPerson;
  b: SynastryPerson;
  aspects: InterAspect[];
  /** null unless both birth times are known */
  houseContacts: { aInB: HouseContact[]; bInA: HouseContact[] } | null;
  /** what an unknown birth time leaves out, in sentences */
  unknowns: string[];
  moonRanges: MoonRange[];
  moonChanges: MoonContactChange[];
  composite: CompositeChart;
  numbers: SynastryNumbers;
};

export type SynastryResult =
  | { status: "synastry"; synastry: Synastry }
  | { status: "person"; side: Side; result: Exclude<BirthChartResult, { status: "chart" }> };

export const SIDE_DEFAULT_LABELS: Record<Side, string> = { a: "Person A", b: "Person B" };

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Circular distance, 0-180. */
export function arcDistance(a: number, b: number): number {
  const d = Math.abs(normalizeDegrees(b - a));
  return d > 180 ? 360 - d : d;
}

/** The midpoint of two longitudes on the shorter arc (exactly opposite: the one after `a` in the signs' order). */
export function midpoint(a: number, b: number): number {
  const d = normalizeDegrees(b - a);
  return normalizeDegrees(d <= 180 ? a + d / 2 : a + (d - 360) / 2);
}

/** A chart's points and angles as the aspect search takes them (the node is left out, as the birth chart does). */
function aspectPoints(chart: NatalChart): AspectPoint[] {
  const points: AspectPoint[] = chart.points
    .filter((p) => p.name !== NODE_NAME)
    .map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed }));
  if (chart.angles) {
    points.push({ name: "Ascendant", longitude: chart.angles.ascendant.longitude, speed: 0 });
    points.push({ name: "Midheaven", longitude: chart.angles.midheaven.longitude, speed: 0 });
  }
  return points;
}

export function interAspects(a: NatalChart, b: NatalChart): InterAspect[] {
  return aspectsBetween(aspectPoints(a), aspectPoints(b), orbFor, { anglePairs: true })
    .map((x) => ({ ...x, fromSide: "a" as const, toSide: "b" as const }))
    .sort((x, y) => x.orb - y.orb || x.from.localeCompare(y.from) || x.to.localeCompare(y.to));
}

function houseContacts(from: NatalChart, into: NatalChart, side: Side): HouseContact[] {
  const cusps = into.houses!.cusps.map((c) => c.longitude);
  return from.points.map((p) => ({ side, point: p.name, house: houseOf(p.longitude, cusps) }));
}

const HOUR = 3_600_000;

/**
 * The Moon's longitude each hour of the local day a chart without a birth time is cast for (noon ± 12 hours, at
 * noon's offset), so a contact's orb can be followed across the day.
 */
function moonDay(chart: NatalChart): number[] {
  const noon = new Date(chart.instant).getTime();
  return Array.from({ length: 25 }, (_, i) => eclipticLongitude("Moon", noon - 12 * HOUR + i * HOUR));
}

/** Smallest orb to `angle` while the separation sweeps `samples` in order (exact hits between samples count). */
function orbRange(seps: number[], angle: number): { min: number; max: number } {
  // seps are signed, unwrapped differences (moving one way); the orb of a difference d is |arcDistance(d, 0) − angle|
  const orb = (d: number) => Math.abs(arcDistance(d, 0) - angle);
  let min = Infinity;
  let max = 0;
  seps.forEach((d, i) => {
    const o = orb(d);
    min = Math.min(min, o);
    max = Math.max(max, o);
    if (i === 0) return;
    const lo = Math.min(seps[i - 1]!, d);
    const hi = Math.max(seps[i - 1]!, d);
    // the exact aspect lies at a difference of ±angle (mod 360): crossed between two samples → orb 0
    for (const target of [angle, -angle, 360 - angle, angle - 360, 360 + angle, -360 - angle]) {
      if (target >= lo && target <= hi) min = 0;
    }
  });
  return { min, max };
}

function unwrap(values: number[]): number[] {
  const out: number[] = [];
  values.forEach((v, i) => {
    if (i === 0) out.push(v);
    else {
      const prev = out[i - 1]!;
      let step = normalizeDegrees(v - normalizeDegrees(prev));
      if (step > 180) step -= 360;
      out.push(prev + step);
    }
  });
  return out;
}

/**
 * The Moon contacts an unknown birth time could change: for each Moon whose day is uncertain, every aspect to the
 * other person's points whose orb crosses the allowed orb somewhere in that day (listed at noon but possibly out of
 * orb, or not listed but possibly within it). Both Moons uncertain: their own contact over both days.
 */
function moonChanges(a: NatalChart, b: NatalChart): { ranges: MoonRange[]; changes: MoonContactChange[] } {
  const days: Partial<Record<Side, number[]>> = {};
  if (!a.timeKnown) days.a = unwrap(moonDay(a));
  if (!b.timeKnown) days.b = unwrap(moonDay(b));
  const ranges: MoonRange[] = (["a", "b"] as const)
    .filter((s) => days[s])
    .map((s) => ({ side: s, from: position(days[s]![0]!), to: position(days[s]![24]!) }));
  const listed = interAspects(a, b);
  const isListed = (from: string, to: string, type: AspectType) =>
    listed.some((x) => x.from === from && x.to === to && x.type === type);
  const changes: MoonContactChange[] = [];
  const consider = (uncertain: MoonContactChange["uncertain"], from: AspectPoint, to: AspectPoint, seps: number[]) => {
    for (const aspect of ASPECTS) {
      const allowed = orbFor(aspect.type, from, to);
      const { min, max } = orbRange(seps, aspect.angle);
      const inList = isListed(from.name, to.name, aspect.type);
      if (min <= allowed && (max > allowed || !inList)) {
        changes.push({
          uncertain,
          from: from.name,
          to: to.name,
          type: aspect.type,
          listed: inList,
          minOrb: round(min, 2),
          maxOrb: round(Math.min(max, 180), 2),
          allowedOrb: allowed,
        });
      }
    }
  };
  const aPoints = aspectPoints(a);
  const bPoints = aspectPoints(b);
  const moonA = aPoints.find((p) => p.name === "Moon")!;
  const moonB = bPoints.find((p) => p.name === "Moon")!;
  if (days.a) {
    for (const p of bPoints) {
      if (p.name === "Moon" && days.b) continue;
      consider(
        "a",
        moonA,
        p,
        days.a.map((m) => p.longitude - m),
      );
    }
  }
  if (days.b) {
    for (const p of aPoints) {
      if (p.name === "Moon" && days.a) continue;
      consider(
        "b",
        p,
        moonB,
        days.b.map((m) => m - p.longitude),
      );
    }
  }
  if (days.a && days.b) {
    // both days uncertain: the difference runs from B's earliest minus A's latest to B's latest minus A's earliest
    const lo = days.b[0]! - days.a[24]!;
    const hi = days.b[24]! - days.a[0]!;
    const seps = Array.from({ length: 49 }, (_, i) => lo + ((hi - lo) * i) / 48);
    consider("both", moonA, moonB, seps);
  }
  changes.sort((x, y) => x.minOrb - y.minOrb);
  return { ranges, changes };
}

/**
 * The composite chart: each point at the midpoint of the two people's positions (the shorter arc), its speed the
 * mean of theirs. With both birth times, the Midheaven is the midpoint of the two Midheavens and the houses are cast
 * from it (the right ascension that culminates there, at the midpoint of the two latitudes and the obliquity of the
 * instant halfway between the births), in person A's house system: the Ascendant and cusps follow from it as in a
 * birth chart, so they keep their order (midpoints of single cusps can fall on the wrong side of the circle).
 */
export function compositeChart(a: NatalChart, b: NatalChart, houseSystem: HouseSystem): CompositeChart {
  const midInstant = new Date((new Date(a.instant).getTime() + new Date(b.instant).getTime()) / 2);
  const latitude = (a.latitude + b.latitude) / 2;
  const longitude = midpoint(a.longitude, b.longitude);
  const timeKnown = a.timeKnown && b.timeKnown;
  let angles: NatalChart["angles"] = null;
  let houses: NatalChart["houses"] = null;
  if (timeKnown && a.angles && b.angles) {
    const obliquity = e_tilt(MakeTime(midInstant)).tobl;
    const mc = midpoint(a.angles.midheaven.longitude, b.angles.midheaven.longitude);
    // the RAMC whose Midheaven is `mc`: tan(RA) = tan(λ) cos ε, in λ's quadrant
    const ramc = normalizeDegrees(
      (Math.atan2(
        Math.sin((mc * Math.PI) / 180) * Math.cos((obliquity * Math.PI) / 180),
        Math.cos((mc * Math.PI) / 180),
      ) *
        180) /
        Math.PI,
    );
    const h = chartHouses(houseSystem, ramc, obliquity, latitude);
    const derived = chartAngles(ramc, obliquity, latitude);
    angles = { ascendant: position(derived.ascendant), midheaven: position(derived.midheaven) };
    houses = {
      requested: houseSystem,
      system: h.system,
      note: h.fallbackNote,
      cusps: h.cusps.map((c, i) => ({ house: i + 1, ...position(c) })),
    };
  }
  const cusps = houses?.cusps.map((c) => c.longitude) ?? null;
  const points: ChartPoint[] = a.points.map((pa) => {
    const pb = b.points.find((p) => p.name === pa.name)!;
    const lon = midpoint(pa.longitude, pb.longitude);
    const speed = round((pa.speed + pb.speed) / 2, 5);
    return {
      ...pa,
      ...position(lon),
      speed,
      isRetrograde: pa.name === NODE_NAME ? true : speed < 0 && pa.name !== "Sun" && pa.name !== "Moon",
      house: cusps ? houseOf(lon, cusps) : null,
    };
  });
  const chart: NatalChart = {
    instant: midInstant.toISOString(),
    latitude,
    longitude,
    timeKnown,
    points,
    angles,
    houses,
    aspects: [],
    node: "mean",
    unknowns: timeKnown
      ? []
      : [
          "A birth time is unknown, so the composite has no Ascendant, Midheaven or houses.",
          "The composite Moon is the midpoint of a Moon known only to the day: it may be off by up to 7 degrees.",
        ],
  };
  const ap = aspectPoints(chart);
  chart.aspects = aspectsBetween(ap, ap);
  return {
    ...chart,
    method: timeKnown
      ? "Each point is the midpoint of the two people's positions on the shorter arc. The Midheaven is the midpoint of the two Midheavens; the Ascendant and the houses are cast from it at the midpoint of the two birthplaces' latitudes."
      : "Each point is the midpoint of the two people's positions on the shorter arc.",
  };
}

/** The principle a number is read through: itself, or a master number's digits added (as the name-numbers page does). */
export function principleOfNumber(n: number): Digit {
  let v = n;
  while (v > 9) v = [...String(v)].reduce((x, c) => x + Number(c), 0);
  return v as Digit;
}

function numberPair(kind: NumberPair["kind"], label: string, a: number | null, b: number | null): NumberPair {
  const aPrinciple = a === null ? null : principleOfNumber(a);
  const bPrinciple = b === null ? null : principleOfNumber(b);
  const both = aPrinciple !== null && bPrinciple !== null;
  return {
    kind,
    label,
    a,
    b,
    aPrinciple,
    bPrinciple,
    aToB: both ? relationBetween(aPrinciple, bPrinciple) : null,
    bToA: both ? relationBetween(bPrinciple, aPrinciple) : null,
    same: both && aPrinciple === bPrinciple,
  };
}

/**
 * Life Path (every digit of the birth date, as the birth-date page reads it), Expression and Soul Urge (the
 * name-numbers page's Pythagorean table and Y convention) of the two people, side by side with the ontology's
 * relation between each pair of principles. No score: the relations are the site's own words.
 */
export function synastryNumbers(
  a: { label: string; name: string; date: string },
  b: { label: string; name: string; date: string },
  yConvention: YConvention,
): SynastryNumbers {
  const life = (date: string) => birthDateNumbers(date).lifePathNumber;
  const names = (name: string) => (name.trim() ? nameNumbers(name, yConvention) : null);
  const na = names(a.name);
  const nb = names(b.name);
  const usable = (n: ReturnType<typeof names>) => (n && n.expression.parts.some((p) => p.letters.length) ? n : null);
  const ua = usable(na);
  const ub = usable(nb);
  return {
    yConvention,
    pairs: [
      numberPair("lifePath", "Life Path", life(a.date), life(b.date)),
      numberPair("expression", "Expression", ua?.expression.value ?? null, ub?.expression.value ?? null),
      numberPair("soulUrge", "Soul Urge", ua?.soulUrge.value ?? null, ub?.soulUrge.value ?? null),
    ],
    missing: [ua ? null : a.label, ub ? null : b.label].filter((x): x is string => x !== null),
  };
}

/** Whose labels to use: the names typed (first word), or Person A and Person B; the same two names get A and B. */
export function personLabels(aName: string, bName: string): Record<Side, string> {
  const first = (n: string) => n.trim().split(/\s+/)[0] ?? "";
  const a = first(aName);
  const b = first(bName);
  if (a && a.toLowerCase() === b.toLowerCase()) return { ...SIDE_DEFAULT_LABELS };
  return { a: a || SIDE_DEFAULT_LABELS.a, b: b || SIDE_DEFAULT_LABELS.b };
}

/** Two births → the synastry, or the first person's chart question (a repeated clock time, a date out of range). */
export function castSynastry({
  a,
  b,
  yConvention = "consonant",
}: {
  a: SynastryPersonInput;
  b: SynastryPersonInput;
  yConvention?: YConvention;
}): SynastryResult {
  const cast: Partial<Record<Side, { birth: BirthFacts; chart: NatalChart }>> = {};
  for (const [side, input] of [
    ["a", a],
    ["b", b],
  ] as const) {
    const result = castBirthChart(input);
    if (result.status !== "chart") return { status: "person", side, result };
    cast[side] = result;
  }
  return {
    status: "synastry",
    synastry: synastryOf({
      a: { name: a.name, ...cast.a! },
      b: { name: b.name, ...cast.b! },
      houseSystem: a.houseSystem,
      yConvention,
    }),
  };
}

/** The synastry of two charts already cast (the page casts each person's chart through the birth chart's input). */
export function synastryOf({
  a,
  b,
  houseSystem,
  yConvention,
}: {
  a: { name: string; birth: BirthFacts; chart: NatalChart };
  b: { name: string; birth: BirthFacts; chart: NatalChart };
  houseSystem: HouseSystem;
  yConvention: YConvention;
}): Synastry {
  const labels = personLabels(a.name, b.name);
  const pa: SynastryPerson = { side: "a", label: labels.a, name: a.name.trim(), birth: a.birth, chart: a.chart };
  const pb: SynastryPerson = { side: "b", label: labels.b, name: b.name.trim(), birth: b.birth, chart: b.chart };
  const both = pa.chart.timeKnown && pb.chart.timeKnown;
  const unknownLabels = [pa, pb].filter((p) => !p.chart.timeKnown).map((p) => p.label);
  const one = unknownLabels.length === 1;
  const unknowns = unknownLabels.length
    ? [
        `${unknownLabels.join(" and ")} ${one ? "has" : "have"} no birth time, so ${one ? "that chart is" : "both charts are"} cast for noon.`,
        "No house contacts are shown: a planet's house in the other chart needs both birth times.",
        `No contacts to ${one ? `${unknownLabels[0]}'s` : "either person's"} Ascendant or Midheaven: they depend on the hour.`,
        "The Moon moves about 13 degrees in a day: its contacts listed below may not hold at the real hour, and others may.",
      ]
    : [];
  const moon = moonChanges(pa.chart, pb.chart);
  return {
    a: pa,
    b: pb,
    aspects: interAspects(pa.chart, pb.chart),
    houseContacts: both
      ? { aInB: houseContacts(pa.chart, pb.chart, "a"), bInA: houseContacts(pb.chart, pa.chart, "b") }
      : null,
    unknowns,
    moonRanges: moon.ranges,
    moonChanges: moon.changes,
    composite: compositeChart(pa.chart, pb.chart, houseSystem),
    numbers: synastryNumbers(
      { label: pa.label, name: pa.name, date: pa.birth.date },
      { label: pb.label, name: pb.name, date: pb.birth.date },
      yConvention,
    ),
  };
}
