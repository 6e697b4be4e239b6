import { describe, expect, it } from "vitest";
import type { StructuredRequest, TextProvider } from "~/ai/provider";
import { synastryReadings } from "~/astrology/synastry-readings.server";
import { castSynastry } from "~/astrology/synastry.server";
import { loader as compatibilityApi } from "~/routes/api.compatibility";
import { call, get } from "../support/routes";

/**
 * Issue 45 through the JSON API: the synastry as the page shows it (numbers and sentences), the errors naming the
 * prefixed field, and the readings from a stand-in AI provider, kept only when they name the contact's two points.
 */
const ULM = 2820256;
const BUENOS_AIRES = 3435910;
const SYDNEY = 2147714;

describe("GET /api/compatibility", () => {
  it("answers the contacts, house contacts, composite and numbers, with their words", async () => {
    const answer = await call(
      compatibilityApi,
      get(
        `/api/compatibility?a_name=Anna+Maria+Schmidt&a_date=1879-03-14&a_time=11:30&a_place=${ULM}&b_name=Jorge+Luis&b_date=1975-02-10&b_time=09:15&b_place=${BUENOS_AIRES}`,
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const body = answer.body;
    expect(body.a).toMatchObject({ label: "Anna", birth: { instant: "1879-03-14T10:50:02.000Z" } });
    expect(body.b.label).toBe("Jorge");
    expect(body.aspects[0]).toMatchObject({
      from: "Midheaven",
      to: "Saturn",
      type: "trine",
      applying: true,
      text: "Anna's Midheaven trine Jorge's Saturn, orb 1 minute, applying",
    });
    expect(body.houseContacts.aInB[0]).toMatchObject({
      point: "Sun",
      house: 12,
      text: "Anna's Sun in Jorge's twelfth house",
    });
    expect(body.composite.chart.points).toHaveLength(11);
    expect(body.composite.words.points[0]).toMatch(/^Sun in /);
    expect(body.numbers.pairs.map((p: { kind: string }) => p.kind)).toEqual(["lifePath", "expression", "soulUrge"]);
    expect(body.readings).toBeNull();
  });

  it("without a birth time: no house contacts, the Moon's day and what could change", async () => {
    const answer = await call(
      compatibilityApi,
      get(`/api/compatibility?a_date=1879-03-14&a_time=11:30&a_place=${ULM}&b_date=1965-07-15&b_place=${SYDNEY}`),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.houseContacts).toBeNull();
    expect(answer.body.moonRanges[0]).toMatchObject({ side: "b", text: expect.stringMatching(/^Person B's Moon/) });
    expect(answer.body.unknowns.join(" ")).toMatch(/No house contacts/);
    expect(answer.body.composite.chart.houses).toBeNull();
  });

  it("names the prefixed field at fault, and asks which of two repeated clock times", async () => {
    const bad = await call(
      compatibilityApi,
      get(`/api/compatibility?a_date=1879-03-14&a_place=${ULM}&b_date=1990-02-30&b_place=${ULM}`),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "That date does not exist.", field: "b_date" });
    const noPlace = await call(compatibilityApi, get(`/api/compatibility?a_date=1879-03-14`));
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.field).toBe("a_place");
    const twice = await call(
      compatibilityApi,
      get(`/api/compatibility?a_date=1879-03-14&a_place=${ULM}&b_date=1990-10-28&b_time=01:30&b_place=2643743`),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.field).toBe("b_fold");
    expect(twice.body.choices).toHaveLength(2);
  });

  it("reads the contacts offline with reading=1", async () => {
    const answer = await call(
      compatibilityApi,
      get(
        `/api/compatibility?a_date=1879-03-14&a_time=11:30&a_place=${ULM}&b_date=1975-02-10&b_time=09:15&b_place=${BUENOS_AIRES}&reading=1`,
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.readings).toHaveLength(8);
    expect(answer.body.readings[0].contact).toBe(
      "Person A's Midheaven trine Person B's Saturn, orb 1 minute, applying",
    );
    expect(answer.body.readings[0].reading).toContain("Person B's Saturn carries Universal");
  });
});

describe("synastry readings from the AI provider", () => {
  it("keeps a reading that names both points and replaces one that does not", async () => {
    const result = castSynastry({
      a: { name: "Anna", date: "1879-03-14", time: "11:30", placeId: ULM, houseSystem: "placidus", fold: null },
      b: {
        name: "Jorge",
        date: "1975-02-10",
        time: "09:15",
        placeId: BUENOS_AIRES,
        houseSystem: "placidus",
        fold: null,
      },
    });
    if (result.status !== "synastry") throw new Error("no synastry");
    let prompt = "";
    const provider: TextProvider = {
      name: "stand-in",
      async generateStructured<T>(request: StructuredRequest<T>): Promise<T> {
        prompt = request.prompt;
        return request.schema.parse({
          readings: [
            {
              index: 0,
              reading: "Anna's Midheaven meets Jorge's Saturn in a trine: Universal Remembrance steadies her calling.",
            },
            { index: 1, reading: "A lovely match, 87% compatible." },
          ],
        });
      },
    };
    const answer = await synastryReadings({
      synastry: result.synastry,
      person: { ip: "10.45.0.1", userId: null, sessionId: null },
      provider,
    });
    if (!answer.ok) throw new Error(answer.message);
    const facts = JSON.parse(prompt.split("\n")[1]!);
    expect(facts[1]).toMatchObject({
      index: 1,
      aspect: "square",
      a: { person: "Anna", point: "Moon", principle: "Universal Joining", digit: 3 },
      b: { person: "Jorge", point: "Venus" },
    });
    expect(answer.readings[0]!.reading).toMatch(/^Anna's Midheaven meets Jorge's Saturn/);
    // generic (and a percentage): the composer's reading stands in
    expect(answer.readings[1]!.reading).toMatch(
      /^Anna's Moon carries Universal Joining, principle 3; Jorge's Venus carries/,
    );
    expect(answer.readings).toHaveLength(8);
  });
});
