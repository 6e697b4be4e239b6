import { describe, expect, it } from "vitest";
import { composeChartReadings } from "./chart-reading";
import { strongestAspect } from "./chart-words";
import { computeNatalChart } from "./natal-chart.server";

/** The offline composer's chart readings name what the chart says: sign, house, strongest aspect, principle. */
describe("chart readings (offline composer)", () => {
  const chart = computeNatalChart({
    instant: new Date("1879-03-14T10:50:02Z"),
    latitude: 48.39841,
    longitude: 9.99155,
    timeKnown: true,
    houseSystem: "placidus",
  });

  it("one reading per planet, each naming its sign, house, strongest aspect and principle", () => {
    const readings = composeChartReadings(chart);
    expect(readings.map((r) => r.planet)).toEqual([
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
    for (const r of readings) {
      const point = chart.points.find((p) => p.name === r.planet)!;
      expect(r.reading, r.planet).toContain(`${r.planet} in ${point.sign}`);
      expect(r.reading, r.planet).toMatch(/Universal [\w ]+, principle \d/);
      expect(r.reading, r.planet).toContain(`house`);
      const aspect = strongestAspect(chart, r.planet);
      if (aspect) {
        const other = aspect.from === r.planet ? aspect.to : aspect.from;
        expect(r.reading, r.planet).toContain(
          `${other} (${aspect.type}, ${aspect.applying ? "applying" : "separating"})`,
        );
      }
    }
    expect(readings[0]!.reading).toMatch(/^Sun in Pisces carries Universal Change, principle 1/);
    expect(readings[0]!.reading).toContain("In the tenth house");
  });

  it("without a birth time the readings name no house", () => {
    const noon = computeNatalChart({
      instant: new Date("1965-07-15T02:00:00Z"),
      latitude: -33.86785,
      longitude: 151.20732,
      timeKnown: false,
      houseSystem: "placidus",
    });
    for (const r of composeChartReadings(noon)) expect(r.reading).not.toContain(" house ");
  });
});
