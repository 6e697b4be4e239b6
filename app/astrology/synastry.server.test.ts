import { describe, expect, it } from "vitest";
import { SWISS_EPHEMERIS_CHARTS, type ReferenceChart } from "../../tests/fixtures/swiss-ephemeris-charts";
import { houseOf } from "./houses";
import { ASPECTS, LUMINARY_ORB_BONUS } from "./natal-chart.server";
import { searchPlaces } from "./places.server";
import { castSynastry, midpoint, type HouseContact, type Synastry } from "./synastry.server";

/**
 * Synastry against the Swiss Ephemeris's reference charts (tests/fixtures/swiss-ephemeris-charts.ts): for every
 * ordered pair of the test births, each inter-aspect listed has the angle the two reference charts' positions give
 * (within an arcminute), every contact tighter than 2° in the reference positions is listed, the composite's points
 * are the midpoints, and a pair without a birth time has no house contact and no contact to that chart's angles.
 */
const ARCMINUTE = 1 / 60;

function distance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

function referencePoints(ref: ReferenceChart): Record<string, number> {
  const points: Record<string, number> = { ...ref.planets };
  delete points["North Node"]; // the birth chart's aspects leave the node out, and so does synastry
  if (ref.time !== null) {
    points.Ascendant = ref.ascendant;
    points.Midheaven = ref.midheaven;
  }
  return points;
}

function cast(a: ReferenceChart, b: ReferenceChart, names = { a: "", b: "" }): Synastry {
  const input = (ref: ReferenceChart, name: string) => ({
    name,
    date: ref.date,
    time: ref.time,
    placeId: searchPlaces(ref.place, 1)[0]!.id,
    houseSystem: "placidus" as const,
    fold: ref.fold,
  });
  const result = castSynastry({ a: input(a, names.a), b: input(b, names.b) });
  if (result.status !== "synastry") throw new Error(`no synastry: ${JSON.stringify(result)}`);
  return result.synastry;
}

const PAIRS = SWISS_EPHEMERIS_CHARTS.flatMap((a) =>
  SWISS_EPHEMERIS_CHARTS.filter((b) => b !== a).map((b) => [a, b] as const),
);

describe("inter-aspects match the reference positions", () => {
  for (const [refA, refB] of PAIRS) {
    it(`${refA.id} with ${refB.id}`, () => {
      const s = cast(refA, refB);
      const pa = referencePoints(refA);
      const pb = referencePoints(refB);
      expect(s.aspects.length).toBeGreaterThan(0);
      // every listed contact: the angle between the reference positions is the aspect's, off by the orb stated
      for (const x of s.aspects) {
        expect(pa[x.from], `${x.from} of A`).toBeDefined();
        expect(pb[x.to], `${x.to} of B`).toBeDefined();
        const sep = distance(pa[x.from]!, pb[x.to]!);
        expect(Math.abs(Math.abs(sep - x.angle) - x.orb), `${x.from} ${x.type} ${x.to}`).toBeLessThan(ARCMINUTE);
        const luminary = x.from === "Sun" || x.from === "Moon" || x.to === "Sun" || x.to === "Moon";
        const allowed = ASPECTS.find((k) => k.type === x.type)!.orb + (luminary ? LUMINARY_ORB_BONUS : 0);
        expect(x.orb).toBeLessThanOrEqual(allowed);
      }
      // the tightest first
      expect(s.aspects.map((x) => x.orb)).toEqual([...s.aspects.map((x) => x.orb)].sort((m, n) => m - n));
      // every contact under 2° in the reference positions is listed
      for (const [from, lonA] of Object.entries(pa)) {
        for (const [to, lonB] of Object.entries(pb)) {
          for (const aspect of ASPECTS) {
            const orb = Math.abs(distance(lonA, lonB) - aspect.angle);
            if (orb >= 2) continue;
            expect(
              s.aspects.some((x) => x.from === from && x.to === to && x.type === aspect.type),
              `${from} ${aspect.type} ${to}, orb ${orb.toFixed(3)}`,
            ).toBe(true);
          }
        }
      }
      // applying: the orb shrinks when both charts' points move on at their speeds
      for (const x of s.aspects.slice(0, 5)) {
        const speedOf = (side: "a" | "b", name: string) =>
          s[side].chart.points.find((p) => p.name === name)?.speed ?? 0; // the angles stand still
        const dt = 0.01;
        const now = Math.abs(distance(pa[x.from]!, pb[x.to]!) - x.angle);
        const later = Math.abs(
          distance(pa[x.from]! + speedOf("a", x.from) * dt, pb[x.to]! + speedOf("b", x.to) * dt) - x.angle,
        );
        // within an arcminute of exact the reference and the site may stand on either side of it
        if (now > ARCMINUTE && Math.abs(later - now) > 1e-7) expect(x.applying, `${x.from} ${x.to}`).toBe(later < now);
      }
    });
  }
});

describe("the composite chart", () => {
  it("puts every point at the midpoint of the two positions, on the shorter arc", () => {
    for (const [refA, refB] of PAIRS) {
      const s = cast(refA, refB);
      for (const p of s.composite.points) {
        const a = s.a.chart.points.find((q) => q.name === p.name)!.longitude;
        const b = s.b.chart.points.find((q) => q.name === p.name)!.longitude;
        // the shorter arc's midpoint is the direction of the two unit vectors' sum
        const rad = Math.PI / 180;
        const expected = Math.atan2(Math.sin(a * rad) + Math.sin(b * rad), Math.cos(a * rad) + Math.cos(b * rad)) / rad;
        expect(distance(p.longitude, expected), `${refA.id}/${refB.id} ${p.name}`).toBeLessThan(0.001);
        expect(distance(p.longitude, a)).toBeCloseTo(distance(a, b) / 2, 3);
      }
      if (refA.time && refB.time) {
        const mc = midpoint(s.a.chart.angles!.midheaven.longitude, s.b.chart.angles!.midheaven.longitude);
        expect(distance(s.composite.angles!.midheaven.longitude, mc)).toBeLessThan(0.001);
        expect(s.composite.houses!.cusps).toHaveLength(12);
        if (s.composite.houses!.system === "placidus") {
          expect(distance(s.composite.houses!.cusps[9]!.longitude, mc)).toBeLessThan(0.001);
        }
        for (const p of s.composite.points) {
          expect(p.house).toBe(
            houseOf(
              p.longitude,
              s.composite.houses!.cusps.map((c) => c.longitude),
            ),
          );
        }
      } else {
        expect(s.composite.angles).toBeNull();
        expect(s.composite.houses).toBeNull();
        expect(s.composite.points.every((p) => p.house === null)).toBe(true);
      }
    }
  });

  it("takes the shorter arc across 0° Aries", () => {
    expect(midpoint(350, 10)).toBeCloseTo(0, 9);
    expect(midpoint(10, 350)).toBeCloseTo(0, 9);
    expect(midpoint(100, 300)).toBeCloseTo(20, 9);
  });
});

describe("birth times", () => {
  const sydney = SWISS_EPHEMERIS_CHARTS.find((r) => r.time === null)!;
  const timed = SWISS_EPHEMERIS_CHARTS.filter((r) => r.time !== null && r.placidus);

  it("a pair without a birth time shows no house contact and no contact to the unknown angles", () => {
    for (const other of timed) {
      for (const s of [cast(sydney, other), cast(other, sydney)]) {
        expect(s.houseContacts).toBeNull();
        const unknownSide = s.a.chart.timeKnown ? "b" : "a";
        const angleOfUnknown = s.aspects.filter((x) =>
          ["Ascendant", "Midheaven"].includes(unknownSide === "a" ? x.from : x.to),
        );
        expect(angleOfUnknown).toEqual([]);
        expect(s.unknowns.join(" ")).toMatch(/No house contacts/);
        expect(s.unknowns.join(" ")).toMatch(/Ascendant or Midheaven/);
        expect(s.moonRanges.map((r) => r.side)).toEqual([unknownSide]);
        // the Moon's day: about 12-15 degrees between the day's first and last minute
        const range = s.moonRanges[0]!;
        expect(distance(range.from.longitude, range.to.longitude)).toBeGreaterThan(11);
        expect(distance(range.from.longitude, range.to.longitude)).toBeLessThan(16);
        for (const change of s.moonChanges) {
          expect(unknownSide === "a" ? change.from : change.to).toBe("Moon");
          expect(change.minOrb).toBeLessThanOrEqual(change.allowedOrb);
          // a listed contact could be lost, an unlisted one could be gained
          if (change.listed) expect(change.maxOrb).toBeGreaterThan(change.allowedOrb);
        }
      }
    }
  });

  it("lists every Moon contact the day could bring in or take out", () => {
    const other = timed[0]!;
    const s = cast(sydney, other);
    const moon = s.moonRanges[0]!;
    const start = moon.from.longitude;
    const end = start + distance(start, moon.to.longitude);
    const pb = referencePoints(other);
    for (const [to, lon] of Object.entries(pb)) {
      for (const aspect of ASPECTS) {
        const allowed = aspect.orb + LUMINARY_ORB_BONUS; // the Moon is one of the two
        // the Moon's orb every 6 minutes across the day
        const orbs = Array.from({ length: 241 }, (_, i) =>
          Math.abs(distance(start + ((end - start) * i) / 240, lon) - aspect.angle),
        );
        const within = orbs.some((o) => o < allowed - 0.05);
        const without = orbs.some((o) => o > allowed + 0.3);
        const listed = s.aspects.some((x) => x.from === "Moon" && x.to === to && x.type === aspect.type);
        const change = s.moonChanges.find((c) => c.to === to && c.type === aspect.type);
        if (within && (without || !listed)) expect(change, `Moon ${aspect.type} ${to}`).toBeDefined();
        if (!within && !listed) expect(change, `Moon ${aspect.type} ${to}`).toBeUndefined();
      }
    }
  });

  it("with both times, each person's planets fall in the other's reference Placidus houses", () => {
    const [refA, refB] = [timed[0]!, timed[1]!];
    const s = cast(refA, refB);
    expect(s.houseContacts).not.toBeNull();
    const check = (contacts: HouseContact[], from: ReferenceChart, into: ReferenceChart) => {
      expect(contacts).toHaveLength(11);
      for (const c of contacts) {
        const lon = from.planets[c.point]!;
        const cusps = into.placidus!;
        // a planet within an arcminute of a cusp may fall either side of it
        if (cusps.some((cusp) => distance(cusp, lon) < ARCMINUTE)) continue;
        expect(c.house, c.point).toBe(houseOf(lon, cusps));
      }
    };
    check(s.houseContacts!.aInB, refA, refB);
    check(s.houseContacts!.bInA, refB, refA);
  });
});

describe("the numbers of two people", () => {
  it("sets Life Path, Expression and Soul Urge side by side with the ontology's relations", () => {
    const [refA, refB] = [SWISS_EPHEMERIS_CHARTS[0]!, SWISS_EPHEMERIS_CHARTS[5]!];
    const s = cast(refA, refB, { a: "Anna Maria Schmidt", b: "Jorge Luis" });
    expect(s.a.label).toBe("Anna");
    expect(s.b.label).toBe("Jorge");
    const [life, expression, soul] = s.numbers.pairs;
    // 1879-03-14: 1+8+7+9+0+3+1+4 = 33 → 6; 1975-02-10: 1+9+7+5+0+2+1+0 = 25 → 7
    expect([life!.a, life!.b]).toEqual([6, 7]);
    expect(life!.aToB).toBe("Refinement of Pace is the patient tuning through which Harmony is reached.");
    expect(life!.bToA).toBe("Harmony is the measure by which Refinement of Pace knows it has found the right tempo.");
    // JORGE 1+6+9+7+5 = 28 → 10 → 1, LUIS 3+3+9+1 = 16 → 7: 1 + 7 = 8
    expect(expression!.b).toBe(8);
    expect(expression!.kind).toBe("expression");
    expect(soul!.label).toBe("Soul Urge");
    expect(s.numbers.missing).toEqual([]);
    expect(JSON.stringify(s.numbers)).not.toMatch(/%/);
  });

  it("says whose name is missing and names people Person A and Person B without names", () => {
    const s = cast(SWISS_EPHEMERIS_CHARTS[0]!, SWISS_EPHEMERIS_CHARTS[1]!);
    expect([s.a.label, s.b.label]).toEqual(["Person A", "Person B"]);
    expect(s.numbers.missing).toEqual(["Person A", "Person B"]);
    expect(s.numbers.pairs[1]!.a).toBeNull();
    expect(s.numbers.pairs[0]!.a).not.toBeNull();
  });
});
