import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { birthProfiles, users } from "#db/schema";
import { createUser } from "~/accounts/users.server";
import type { StructuredRequest, TextProvider } from "~/ai/provider";
import { ASTROLOGY_API_LIMITS } from "~/astrology/api-limits.server";
import { chartReadings } from "~/astrology/chart-readings.server";
import { eclipticLongitude } from "~/astrology/ephemeris.server";
import { computeNatalChart } from "~/astrology/natal-chart.server";
import { loader as birthChartApi } from "~/routes/api.birth-chart";
import { action as login } from "~/routes/api.login";
import { loader as nameNumbersApi } from "~/routes/api.name-numbers";
import { loader as placesApi } from "~/routes/api.places";
import { loader as calendarLoader } from "~/routes/astrology.calendar[.]ics";
import { action as birthDataAction, loader as birthDataLoader } from "~/routes/user-profile_.birth-data";
import { call, cookieFrom, formPost, get, jsonPost, randomIp } from "../support/routes";
import { uniqueName } from "./helpers/accounts";

/**
 * Issue 34 through the routes: the JSON API (places, chart, name numbers), a member's saved birth data (private,
 * deleted on request and with the account) and their personal calendar (keyed address, transits checked against
 * the ephemeris, read by ical.js as a calendar client would).
 */
const PASSWORD = "Secret123!";
const ULM = 2820256;

async function member(): Promise<{ id: number; cookie: string }> {
  const username = uniqueName("chart");
  const user = await createUser({
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
    isEmailVerified: true,
  });
  const answer = await call(login, jsonPost("/api/login", { username, password: PASSWORD }));
  expect(answer.status).toBe(200);
  return { id: user.id, cookie: cookieFrom(answer.headers) };
}

describe("JSON API", () => {
  it("GET /api/places finds a place by prefix, accents folded, with its time zone", async () => {
    const answer = await call(placesApi, get("/api/places?q=tromso&limit=1"));
    expect(answer.status).toBe(200);
    expect(answer.body.places).toEqual([
      expect.objectContaining({ id: 3133895, name: "Tromsø", country: "Norway", timeZone: "Europe/Oslo" }),
    ]);
    expect((await call(placesApi, get("/api/places?q="))).status).toBe(400);
    expect((await call(placesApi, get("/api/places?q=ulm&limit=500"))).status).toBe(400);
  });

  it("limits /api/places and /api/birth-chart per address: 429 with a clear message and Retry-After (decision 299)", async () => {
    for (const [api, path, name] of [
      [placesApi, "/api/places?q=ulm", "places"],
      [birthChartApi, `/api/birth-chart?date=1879-03-14&time=11:30&place=${ULM}`, "birth-chart"],
    ] as const) {
      const ip = randomIp();
      const { limit, windowSeconds } = ASTROLOGY_API_LIMITS[name];
      const answers = await Promise.all(Array.from({ length: limit }, () => call(api, get(path), { ip })));
      expect(
        answers.every((a) => a.status === 200),
        path,
      ).toBe(true);
      const refused = await call(api, get(path), { ip });
      expect(refused.status, path).toBe(429);
      expect(refused.body.error).toMatch(/^Too many requests\. Please wait \d+ (seconds|minutes) and try again\.$/);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      // Another address is not held up.
      expect((await call(api, get(path))).status).toBe(200);
    }
  });

  it("GET /api/birth-chart answers the chart, in numbers and in words", async () => {
    const answer = await call(birthChartApi, get(`/api/birth-chart?date=1879-03-14&time=11:30&place=${ULM}`));
    expect(answer.status).toBe(200);
    const { birth, chart, words, transits } = answer.body;
    expect(birth).toMatchObject({
      instant: "1879-03-14T10:50:02.000Z",
      offset: "UTC+00:39:58",
      basis: "local-mean-time",
    });
    expect(chart.points).toHaveLength(11);
    expect(chart.angles.ascendant).toMatchObject({ sign: "Cancer", degrees: 11, minutes: 38 });
    expect(chart.houses).toMatchObject({ requested: "placidus", system: "placidus", note: null });
    expect(words.points[0]).toBe("Sun in Pisces, 23 degrees 30 minutes, in the tenth house");
    expect(words.aspects).toContain("Moon trine Venus, orb 2 degrees, applying");
    expect(Array.isArray(transits)).toBe(true);
  });

  it("asks which time (409) for a repeated hour and refuses bad input (400)", async () => {
    const ambiguous = await call(birthChartApi, get("/api/birth-chart?date=1990-10-28&time=01:30&place=2643743"));
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.field).toBe("fold");
    expect(ambiguous.body.choices.map((c: { offset: string }) => c.offset)).toEqual(["UTC+01:00", "UTC+00:00"]);
    const chosen = await call(
      birthChartApi,
      get("/api/birth-chart?date=1990-10-28&time=01:30&place=2643743&fold=later"),
    );
    expect(chosen.body.birth.instant).toBe("1990-10-28T01:30:00.000Z");

    for (const [query, field] of [
      ["date=1990-02-30&place=2643743", "date"],
      ["date=1990-02-10&time=24:00&place=2643743", "time"],
      ["date=1990-02-10", "place"],
      ["date=1990-02-10&place=999999999", "place"],
      ["date=1990-02-10&place=2643743&houses=koch", "houses"],
    ]) {
      const answer = await call(birthChartApi, get(`/api/birth-chart?${query}`));
      expect(answer.status, query).toBe(400);
      expect(answer.body.field, query).toBe(field);
    }
  });

  it("GET /api/name-numbers shows the working", async () => {
    const answer = await call(
      nameNumbersApi,
      get("/api/name-numbers?name=John%20Smith&current=Anna%20Torres&born=1992-05-15"),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.birthName.expression).toMatchObject({ value: 8, working: "2 + 6 = 8" });
    expect(answer.body.birthName.personality).toMatchObject({ value: 11, isMaster: true });
    expect(answer.body.currentName.soulUrge.value).toBe(4);
    expect(answer.body.cycles.year.value).toBeGreaterThanOrEqual(1);
    const bad = await call(nameNumbersApi, get("/api/name-numbers?name=%20"));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("name");
  });
});

describe("saved birth data", () => {
  it("is kept for the member alone, opens the chart, and is deleted on request", async () => {
    const alice = await member();
    const bob = await member();
    const saved = await call(
      birthDataAction,
      formPost(
        "/user-profile/birth-data",
        { intent: "save-chart", date: "1879-03-14", time: "11:30", place: String(ULM), houses: "placidus", fold: "" },
        alice.cookie,
      ),
    );
    expect(saved.status).toBe(302);
    await call(
      birthDataAction,
      formPost(
        "/user-profile/birth-data",
        { intent: "save-names", name: "John Smith", current: "", y: "consonant" },
        alice.cookie,
      ),
    );

    const page = await call(birthDataLoader, get("/user-profile/birth-data", alice.cookie));
    expect(page.body.view.chart.summary).toBe(
      "Born 1879-03-14 at 11:30 in Ulm, Germany (region 01): Sun in Pisces, Moon in Sagittarius, Ascendant in Cancer.",
    );
    expect(page.body.view.chart.href).toBe(
      `/birth-chart?date=1879-03-14&time=11%3A30&q=Ulm&place=${ULM}&houses=placidus`,
    );
    expect(page.body.view.names.summary).toBe("John Smith: Expression 8, Soul Urge 6, Personality 11.");
    expect(page.body.calendarUrl).toMatch(new RegExp(`/astrology/calendar\\.ics\\?member=${alice.id}&key=[\\w-]{32}$`));

    // another member sees nothing of it
    expect((await call(birthDataLoader, get("/user-profile/birth-data", bob.cookie))).body.view).toBeNull();

    const deleted = await call(
      birthDataAction,
      formPost("/user-profile/birth-data", { intent: "delete" }, alice.cookie),
    );
    expect(deleted.status).toBe(302);
    expect(await db.select().from(birthProfiles).where(eq(birthProfiles.userId, alice.id))).toEqual([]);
  });

  it("refuses a chart that cannot be cast and sends a signed-out visitor to sign in and back", async () => {
    const carol = await member();
    const ambiguous = await call(
      birthDataAction,
      formPost(
        "/user-profile/birth-data",
        { intent: "save-chart", date: "1990-10-28", time: "01:30", place: "2643743", houses: "placidus" },
        carol.cookie,
      ),
    );
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toBe("Choose which of the two clock times it was before saving.");
    expect(await db.select().from(birthProfiles).where(eq(birthProfiles.userId, carol.id))).toEqual([]);

    const back = `/birth-chart?date=1879-03-14&time=11%3A30&q=Ulm&place=${ULM}`;
    const signedOut = await call(
      birthDataAction,
      formPost("/user-profile/birth-data", { intent: "save-chart", date: "1879-03-14", place: String(ULM), back }),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);
  });

  it("goes with the account", async () => {
    const dave = await member();
    await call(
      birthDataAction,
      formPost("/user-profile/birth-data", { intent: "save-names", name: "Dave Example", y: "vowel" }, dave.cookie),
    );
    expect(await db.select().from(birthProfiles).where(eq(birthProfiles.userId, dave.id))).toHaveLength(1);
    await db.delete(users).where(eq(users.id, dave.id));
    expect(await db.select().from(birthProfiles).where(eq(birthProfiles.userId, dave.id))).toEqual([]);
  });
});

describe("personal calendar", () => {
  it("adds the coming year's exact transits to the member's chart; a wrong or renewed key finds nothing", async () => {
    const erin = await member();
    await call(
      birthDataAction,
      formPost(
        "/user-profile/birth-data",
        { intent: "save-chart", date: "1879-03-14", time: "11:30", place: String(ULM), houses: "placidus" },
        erin.cookie,
      ),
    );
    const { calendarUrl } = (await call(birthDataLoader, get("/user-profile/birth-data", erin.cookie))).body;
    const path = new URL(calendarUrl).pathname + new URL(calendarUrl).search;
    const answer = await call(calendarLoader, get(path));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toMatch(/^private/);

    const calendar = new ICAL.Component(ICAL.parse(answer.body));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const personal = events.filter((e) => / your natal /.test(e.summary));
    expect(personal.length).toBeGreaterThan(100);
    expect(events.length).toBeGreaterThan(personal.length); // the sky's own events are there too

    // each personal event is an exact aspect: the transiting planet stands at the natal point ± the aspect's angle
    const natal = { Sun: 353.50776, Moon: 254.52624, Saturn: 4.18982 } as const; // Swiss Ephemeris, fixtures
    const angles = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 } as const;
    const checked = personal
      .map((e) => /^(\w+) (\w+) your natal (\w+)$/.exec(e.summary)!)
      .filter((m) => m[3]! in natal);
    expect(checked.length).toBeGreaterThan(10);
    for (const m of checked.slice(0, 20)) {
      const event = personal.find((e) => e.summary === m[0])!;
      const at = event.startDate.toJSDate();
      const lon = eclipticLongitude(m[1] as "Sun", at);
      const sep = Math.abs(((lon - natal[m[3] as keyof typeof natal] + 540) % 360) - 180);
      expect(Math.abs(sep - angles[m[2] as keyof typeof angles]), m[0]).toBeLessThan(2 / 60);
    }

    const wrong = await call(calendarLoader, get(`/astrology/calendar.ics?member=${erin.id}&key=${"x".repeat(32)}`));
    expect(wrong.status).toBe(404);
    await call(birthDataAction, formPost("/user-profile/birth-data", { intent: "renew-calendar" }, erin.cookie));
    expect((await call(calendarLoader, get(path))).status).toBe(404);
  });
});

describe("chart readings through an AI provider", () => {
  it("gives the provider each planet's sign, house, strongest aspect and principle; a reading without its sign is replaced", async () => {
    const chart = computeNatalChart({
      instant: new Date("1879-03-14T10:50:02Z"),
      latitude: 48.39841,
      longitude: 9.99155,
      timeKnown: true,
      houseSystem: "placidus",
    });
    let prompt = "";
    const provider: TextProvider = {
      name: "stand-in",
      async generateStructured<T>(request: StructuredRequest<T>): Promise<T> {
        prompt = request.prompt;
        return request.schema.parse({
          readings: [
            {
              planet: "Sun",
              reading: "The Sun in Pisces, tenth house: Universal Change, principle 1, at its most public.",
            },
            { planet: "Moon", reading: "A reading that forgets to name the sign." },
          ],
        });
      },
    };
    const answer = await chartReadings({ chart, person: { ip: "10.34.0.1", userId: null, sessionId: null }, provider });
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.provider).toBe("stand-in");
    const facts = JSON.parse(prompt.split("\n")[1]!);
    expect(facts[0]).toMatchObject({
      planet: "Sun",
      sign: "Pisces",
      house: 10,
      principle: { digit: 1, name: "Universal Change" },
      strongestAspect: { type: "sextile", with: "Pluto" },
    });
    expect(answer.readings[0]!.reading).toBe(
      "The Sun in Pisces, tenth house: Universal Change, principle 1, at its most public.",
    );
    // the Moon's answer did not name Sagittarius: the composer's reading stands in; planets not answered likewise
    expect(answer.readings[1]!.reading).toMatch(/^Moon in Sagittarius carries Universal Joining, principle 3/);
    expect(answer.readings).toHaveLength(10);
  });
});
