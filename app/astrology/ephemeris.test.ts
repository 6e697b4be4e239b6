import { describe, expect, it } from "vitest";
import { easternDateTime } from "~/utils/eastern-dates";
import {
  computeSky,
  eclipticLongitude,
  nextLunarEvent,
  nextSignChange,
  nextStation,
  phaseName,
  upcomingEvents,
  type LunarEventType,
} from "./ephemeris.server";
import type { BodyName, SignName } from "./zodiac";

/**
 * Accuracy against published values that do not come from astronomy-engine: equinox and solstice instants of
 * the US Naval Observatory's "Earth's Seasons" tables (the Sun's apparent longitude of date is exactly
 * 0/90/180/270° then; the tables round to the minute, the Sun moves 0.04′ a minute), Mercury's 2025 stations
 * and the 2026 lunar phases from the published almanac tables (USNO "Phases of the Moon", timeanddate.com),
 * and ingress dates of the slow planets as almanacs list them.
 */
const ARCMINUTE = 1 / 60;

function angularDistance(a: number, b: number): number {
  const d = Math.abs(((((a - b) % 360) + 540) % 360) - 180);
  return d;
}

const seasons: Array<[string, number, SignName]> = [
  ["2023-03-20T21:24Z", 0, "Aries"],
  ["2023-06-21T14:57Z", 90, "Cancer"],
  ["2023-09-23T06:50Z", 180, "Libra"],
  ["2023-12-22T03:27Z", 270, "Capricorn"],
  ["2024-03-20T03:06Z", 0, "Aries"],
  ["2024-06-20T20:51Z", 90, "Cancer"],
  ["2024-09-22T12:44Z", 180, "Libra"],
  ["2024-12-21T09:21Z", 270, "Capricorn"],
  ["2025-03-20T09:01Z", 0, "Aries"],
  ["2025-06-21T02:42Z", 90, "Cancer"],
  ["2025-09-22T18:19Z", 180, "Libra"],
  ["2025-12-21T15:03Z", 270, "Capricorn"],
];

describe("the Sun against the published equinoxes and solstices", () => {
  it.each(seasons)(
    "at %s its apparent longitude is %i° (within 1′) and the sign is right",
    (instant, expected, sign) => {
      const at = new Date(instant);
      const lon = eclipticLongitude("Sun", at);
      expect(angularDistance(lon, expected)).toBeLessThan(ARCMINUTE);
      // a minute later the Sun is in the new sign, a minute before in the old one
      const later = computeSky(new Date(at.getTime() + 60_000)).planets.find((p) => p.name === "Sun")!;
      expect(later.constellation).toBe(sign);
      expect(later.isRetrograde).toBe(false);
    },
  );
});

describe("Mercury's 2025 stations", () => {
  const published: Array<[string, "retrograde" | "direct"]> = [
    ["2025-03-15T06:46Z", "retrograde"],
    ["2025-04-07T11:08Z", "direct"],
    ["2025-07-18T04:45Z", "retrograde"],
    ["2025-08-11T07:30Z", "direct"],
    ["2025-11-09T19:02Z", "retrograde"],
    ["2025-11-29T17:38Z", "direct"],
  ];
  it.each(published)("turns on %s (%s) within a day", (instant, kind) => {
    const expected = new Date(instant).getTime();
    const found = nextStation("Mercury", new Date(expected - 5 * 86_400_000))!;
    expect(found.kind).toBe(kind);
    expect(Math.abs(new Date(found.at).getTime() - expected)).toBeLessThan(86_400_000);
    // and the retrograde flag follows it
    const inside = computeSky(new Date(expected + 3 * 86_400_000)).planets.find((p) => p.name === "Mercury")!;
    expect(inside.isRetrograde).toBe(kind === "retrograde");
  });
});

describe("the 2026 lunar phases", () => {
  const published: Array<[string, LunarEventType]> = [
    ["2026-01-03T10:03Z", "Full Moon"],
    ["2026-01-18T19:52Z", "New Moon"],
    ["2026-02-01T22:09Z", "Full Moon"],
    ["2026-02-17T12:01Z", "New Moon"],
    ["2026-03-03T11:38Z", "Full Moon"],
  ];
  it.each(published)("%s is a %s within 10 minutes", (instant, type) => {
    const expected = new Date(instant).getTime();
    const event = nextLunarEvent(new Date(expected - 2 * 86_400_000));
    expect(event.type).toBe(type);
    expect(Math.abs(new Date(event.at).getTime() - expected)).toBeLessThan(10 * 60_000);
  });

  it("writes the time in US Eastern time with EST in winter and EDT in summer", () => {
    expect(easternDateTime(new Date("2026-01-03T10:03Z"))).toEqual({ date: "Jan 3, 2026", time: "5:03 AM EST" });
    expect(easternDateTime(new Date("2026-07-29T14:36Z"))).toEqual({ date: "Jul 29, 2026", time: "10:36 AM EDT" });
    // the date is Eastern too: 03:00 UTC is the evening before in New York
    expect(easternDateTime(new Date("2026-01-18T03:00Z")).date).toBe("Jan 17, 2026");
  });
});

describe("signs at known dates", () => {
  const ingresses: Array<[BodyName, string, SignName, SignName]> = [
    ["Saturn", "2025-05-24T23:35Z", "Pisces", "Aries"],
    ["Jupiter", "2025-06-09T21:03Z", "Gemini", "Cancer"],
    ["Neptune", "2025-03-30T12:00Z", "Pisces", "Aries"],
    ["Pluto", "2024-11-19T20:30Z", "Capricorn", "Aquarius"],
  ];
  it.each(ingresses)("%s entered a new sign around %s (%s → %s)", (body, instant, from, to) => {
    const t = new Date(instant).getTime();
    const sign = (at: number) => computeSky(new Date(at)).planets.find((p) => p.name === body)!.constellation;
    expect(sign(t - 2 * 86_400_000)).toBe(from);
    expect(sign(t + 2 * 86_400_000)).toBe(to);
    const change = nextSignChange(body, new Date(t - 20 * 86_400_000))!;
    expect(change.to).toBe(to);
    expect(Math.abs(new Date(change.at).getTime() - t)).toBeLessThan(86_400_000);
  });

  it("never marks the Sun or the Moon retrograde, and marks planets retrograde when their longitude falls", () => {
    for (let day = 0; day < 365; day += 7) {
      const sky = computeSky(new Date(Date.UTC(2025, 0, 1) + day * 86_400_000));
      for (const p of sky.planets.filter((x) => x.name === "Sun" || x.name === "Moon"))
        expect(p.isRetrograde).toBe(false);
    }
    // Mercury is retrograde between the published 2025-07-18 and 2025-08-11 stations and direct outside them
    const mercury = (iso: string) => computeSky(new Date(iso)).planets.find((p) => p.name === "Mercury")!;
    expect(mercury("2025-07-30T00:00Z").isRetrograde).toBe(true);
    expect(mercury("2025-09-01T00:00Z").isRetrograde).toBe(false);
  });
});

describe("the sky's shape", () => {
  it("lists the ten bodies in order with a sign and a degree within it", () => {
    const sky = computeSky(new Date("2026-11-21T12:00Z"));
    expect(sky.planets.map((p) => p.name)).toEqual([
      "Sun",
      "Moon",
      "Mercury",
      "Venus",
      "Mars",
      "Jupiter",
      "Saturn",
      "Uranus",
      "Neptune",
      "Pluto",
    ]);
    for (const p of sky.planets) {
      expect(p.degreeInSign).toBeGreaterThanOrEqual(0);
      expect(p.degreeInSign).toBeLessThan(30);
    }
    expect(sky.moonPhase.nextPhase.time).toMatch(/^\d{1,2}:\d\d (AM|PM) E[SD]T$/);
  });

  it("names the phases by elongation", () => {
    expect([0, 45, 90, 135, 180, 225, 270, 315].map(phaseName)).toEqual([
      "New Moon",
      "Waxing Crescent",
      "First Quarter",
      "Waxing Gibbous",
      "Full Moon",
      "Waning Gibbous",
      "Last Quarter",
      "Waning Crescent",
    ]);
  });

  it("finds the coming sign changes, stations and four lunar events in time order", () => {
    const after = new Date("2026-11-21T12:00Z");
    const events = upcomingEvents(after);
    expect(events.signChanges).toHaveLength(10);
    expect(events.stations.map((s) => s.body)).toEqual([
      "Mercury",
      "Venus",
      "Mars",
      "Jupiter",
      "Saturn",
      "Uranus",
      "Neptune",
      "Pluto",
    ]);
    for (const e of [...events.signChanges, ...events.stations])
      expect(new Date(e.at).getTime()).toBeGreaterThan(after.getTime());
    const times = events.lunarEvents.map((e) => new Date(e.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(events.lunarEvents.map((e) => e.type)).size).toBe(4);
  });
});
