import { describe, expect, it } from "vitest";
import { SWISS_EPHEMERIS_CHARTS } from "../../tests/fixtures/swiss-ephemeris-charts";
import { castBirthChart } from "./birth-chart.server";
import { houseOf, placidusDefined, wholeSignCusps } from "./houses";
import { aspectsBetween, computeNatalChart, NODE_NAME } from "./natal-chart.server";
import { placeTimeZone, searchPlaces } from "./places.server";

/**
 * The site's charts against the Swiss Ephemeris (reference values and how they were made:
 * tests/fixtures/swiss-ephemeris-charts.ts): every planet and the mean node within 1 arcminute, the Ascendant,
 * Midheaven and Placidus cusps within 0.1°, for births that go through the place list and the time zone rules as a
 * visitor's would: a DST gap, a repeated hour, local mean time before 1900, the Arctic, and no birth time.
 */
const ARCMINUTE = 1 / 60;

function distance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

describe("birth charts match the Swiss Ephemeris", () => {
  for (const ref of SWISS_EPHEMERIS_CHARTS) {
    it(`${ref.id}: ${ref.place} ${ref.date} ${ref.time ?? "(no time)"}`, () => {
      const place = searchPlaces(ref.place, 1)[0]!;
      expect(place.name).toBe(ref.place);
      expect(place.latitude).toBeCloseTo(ref.latitude, 4);
      expect(place.longitude).toBeCloseTo(ref.longitude, 4);

      const result = castBirthChart({
        date: ref.date,
        time: ref.time,
        placeId: place.id,
        houseSystem: "placidus",
        fold: ref.fold,
      });
      if (result.status !== "chart") throw new Error(`no chart: ${JSON.stringify(result)}`);
      const { birth, chart } = result;
      expect(birth.instant).toBe(new Date(ref.instant).toISOString());
      expect(birth.basis).toBe(ref.basis);

      expect(chart.points.map((p) => p.name)).toEqual(Object.keys(ref.planets));
      for (const point of chart.points) {
        expect(distance(point.longitude, ref.planets[point.name]!), point.name).toBeLessThan(ARCMINUTE);
      }

      if (ref.time === null) {
        expect(chart.timeKnown).toBe(false);
        expect(chart.angles).toBeNull();
        expect(chart.houses).toBeNull();
        expect(chart.points.every((p) => p.house === null)).toBe(true);
        expect(chart.unknowns.join(" ")).toMatch(/no.*Ascendant|Ascendant.*houses/i);
        return;
      }
      expect(distance(chart.angles!.ascendant.longitude, ref.ascendant)).toBeLessThan(0.1);
      expect(distance(chart.angles!.midheaven.longitude, ref.midheaven)).toBeLessThan(0.1);
      if (ref.placidus) {
        expect(chart.houses!.system).toBe("placidus");
        chart.houses!.cusps.forEach((cusp, i) => {
          expect(distance(cusp.longitude, ref.placidus![i]!), `cusp ${i + 1}`).toBeLessThan(0.1);
        });
      } else {
        // above the polar circle: Whole Sign instead, and the chart says so
        expect(chart.houses!.system).toBe("whole-sign");
        expect(chart.houses!.note).toMatch(/Placidus houses do not exist at latitude 69\.65° north/);
        expect(chart.houses!.cusps[0]!.longitude).toBe(Math.floor(ref.ascendant / 30) * 30);
      }
    });
  }
});

describe("time zones at the birth instant", () => {
  it("asks which of two repeated clock times, and names both offsets", () => {
    const london = searchPlaces("London", 1)[0]!;
    const result = castBirthChart({
      date: "1990-10-28",
      time: "01:30",
      placeId: london.id,
      houseSystem: "placidus",
      fold: null,
    });
    expect(result.status).toBe("ambiguous");
    if (result.status !== "ambiguous") return;
    expect(result.choices).toEqual([
      { fold: "earlier", offset: "UTC+01:00", instant: "1990-10-28T00:30:00.000Z" },
      { fold: "later", offset: "UTC+00:00", instant: "1990-10-28T01:30:00.000Z" },
    ]);
  });

  it("says a skipped clock time never happened and which offset it used", () => {
    const ny = searchPlaces("New York City", 1)[0]!;
    const result = castBirthChart({
      date: "2021-03-14",
      time: "02:30",
      placeId: ny.id,
      houseSystem: "placidus",
      fold: null,
    });
    if (result.status !== "chart") throw new Error("expected a chart");
    expect(result.birth.offset).toBe("UTC−05:00");
    expect(result.birth.basisText).toMatch(/never happened in America\/New_York.*UTC−05:00 to UTC−04:00/);
  });

  it("uses the birthplace's own local mean time before standard time, not the zone city's", () => {
    const ulm = searchPlaces("Ulm", 1)[0]!;
    const result = castBirthChart({
      date: "1879-03-14",
      time: "11:30",
      placeId: ulm.id,
      houseSystem: "placidus",
      fold: null,
    });
    if (result.status !== "chart") throw new Error("expected a chart");
    expect(result.birth.offset).toBe("UTC+00:39:58");
    // Berlin's own mean time was +00:53:28: a zone-city reading would be 13.5 minutes off
    expect(result.birth.basisText).toContain("UTC+00:53:28");
  });

  it("refuses births outside 1800-2100 and unknown places", () => {
    const ulm = searchPlaces("Ulm", 1)[0]!;
    expect(
      castBirthChart({ date: "1750-01-01", time: null, placeId: ulm.id, houseSystem: "placidus", fold: null }).status,
    ).toBe("invalid");
    expect(
      castBirthChart({ date: "1990-01-01", time: null, placeId: -5, houseSystem: "placidus", fold: null }).status,
    ).toBe("invalid");
  });
});

describe("places", () => {
  it("finds places by prefix, accents folded, the biggest first, with country, region and zone", () => {
    expect(searchPlaces("sao paulo", 1)[0]).toMatchObject({
      name: "São Paulo",
      country: "Brazil",
      timeZone: "America/Sao_Paulo",
    });
    expect(searchPlaces("Springfield", 3).map((p) => p.regionCode)).toEqual(["MO", "MA", "IL"]);
  });

  it("corrects a neighbour's zone near a border to the country's own, where the country has one", () => {
    // Ulma, Suceava county, Romania: tz-lookup's simplified border answers Europe/Kyiv
    expect(placeTimeZone(47.88, 25.3, "RO")).toBe("Europe/Bucharest");
    expect(searchPlaces("Ulma", 1)[0]!.timeZone).toBe("Europe/Bucharest");
    // a country of several zones keeps the lookup's answer
    expect(placeTimeZone(40.71427, -74.00597, "US")).toBe("America/New_York");
    expect(placeTimeZone(19.07283, 72.88261, "IN")).toBe("Asia/Kolkata");
  });
});

describe("houses and aspects", () => {
  it("Placidus exists only inside the polar circles", () => {
    expect(placidusDefined(66, 23.44)).toBe(true);
    expect(placidusDefined(67, 23.44)).toBe(false);
    expect(placidusDefined(-67, 23.44)).toBe(false);
  });

  it("Whole Sign houses start at the Ascendant's sign and place planets by sign", () => {
    const cusps = wholeSignCusps(101.6);
    expect(cusps[0]).toBe(90);
    expect(cusps[11]).toBe(60);
    expect(houseOf(95, cusps)).toBe(1);
    expect(houseOf(89.99, cusps)).toBe(12);
    expect(houseOf(275, cusps)).toBe(7);
  });

  it("finds aspects with their orbs and tells applying from separating", () => {
    const found = aspectsBetween(
      [
        { name: "Sun", longitude: 10, speed: 1 },
        { name: "Moon", longitude: 128, speed: 13 },
        { name: "Mars", longitude: 95, speed: 0.5 },
      ],
      [
        { name: "Sun", longitude: 10, speed: 1 },
        { name: "Moon", longitude: 128, speed: 13 },
        { name: "Mars", longitude: 95, speed: 0.5 },
      ],
    );
    const trine = found.find((a) => a.from === "Sun" && a.to === "Moon");
    // 118° apart and the Moon running ahead: the trine (120°) is 2° from exact and closing
    expect(trine).toMatchObject({ type: "trine", orb: 2, applying: true });
    const square = found.find((a) => a.from === "Sun" && a.to === "Mars");
    // 85° apart and the Sun catching up on Mars: moving away from 90°
    expect(square).toMatchObject({ type: "square", orb: 5, applying: false });
  });

  it("a chart carries the mean node, retrograde flags and a house for every point", () => {
    const chart = computeNatalChart({
      instant: new Date("1975-02-10T12:15:00Z"),
      latitude: -34.61315,
      longitude: -58.37723,
      timeKnown: true,
      houseSystem: "whole-sign",
    });
    expect(chart.node).toBe("mean");
    const node = chart.points.find((p) => p.name === NODE_NAME)!;
    expect(node.isRetrograde).toBe(true);
    expect(chart.points.every((p) => p.house !== null && p.house >= 1 && p.house <= 12)).toBe(true);
    expect(chart.houses!.system).toBe("whole-sign");
  });
});
