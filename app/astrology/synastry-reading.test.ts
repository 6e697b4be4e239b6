import { describe, expect, it } from "vitest";
import { universalName } from "~/numerology/principles";
import { relationBetween } from "~/numerology/relations";
import { SWISS_EPHEMERIS_CHARTS } from "../../tests/fixtures/swiss-ephemeris-charts";
import { searchPlaces } from "./places.server";
import { composeSynastryReadings, READ_CONTACTS } from "./synastry-reading";
import { castSynastry } from "./synastry.server";
import { bodyFacts, type BodyName } from "./zodiac";

/** The offline readings name the contact they read, each planet's principle and the ontology's relation. */
describe("synastry readings, offline", () => {
  const input = (i: number, name: string) => {
    const ref = SWISS_EPHEMERIS_CHARTS[i]!;
    return {
      name,
      date: ref.date,
      time: ref.time,
      placeId: searchPlaces(ref.place, 1)[0]!.id,
      houseSystem: "placidus" as const,
      fold: ref.fold,
    };
  };
  const result = castSynastry({ a: input(0, "Anna"), b: input(5, "Jorge") });
  if (result.status !== "synastry") throw new Error("no synastry");
  const s = result.synastry;

  it("reads the tightest contacts, each by name, through the principles", () => {
    const readings = composeSynastryReadings(s);
    expect(readings).toHaveLength(Math.min(READ_CONTACTS, s.aspects.length));
    readings.forEach((r, i) => {
      const x = s.aspects[i]!;
      expect(r.contact).toMatch(new RegExp(`^Anna's ${x.from} ${x.type} Jorge's ${x.to}, orb `));
      expect(r.reading).toContain(`Anna's ${x.from}`);
      expect(r.reading).toContain(`Jorge's ${x.to}`);
      expect(r.reading).toContain(`The ${x.type} `);
      expect(r.reading).toContain(x.applying ? "Applying" : "Separating");
      const isBody = (n: string) => !["Ascendant", "Midheaven"].includes(n);
      if (isBody(x.from)) expect(r.reading).toContain(universalName(bodyFacts(x.from as BodyName).principle));
      if (isBody(x.to)) expect(r.reading).toContain(universalName(bodyFacts(x.to as BodyName).principle));
      if (isBody(x.from) && isBody(x.to)) {
        const from = bodyFacts(x.from as BodyName).principle;
        const to = bodyFacts(x.to as BodyName).principle;
        if (from !== to) expect(r.reading).toContain(relationBetween(from, to)!);
      }
      expect(r.reading).not.toMatch(/%/);
    });
    // no two readings alike: none is generic
    expect(new Set(readings.map((r) => r.reading)).size).toBe(readings.length);
  });
});
