import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as analyzeBirthDate } from "../../app/routes/api.analyze-birth-date";
import { action as angelNumbers } from "../../app/routes/api.angel-numbers";
import { loader as savedAngelNumbers } from "../../app/routes/api.angel-numbers_.saved";
import { action as generateContent } from "../../app/routes/api.generate-content";
import { action as savePreferences, loader as getPreferences } from "../../app/routes/api.preferences";
import { loader as visualEssence } from "../../app/routes/visual-essence.$file";
import { call, routeRequest } from "../support/routes";

/**
 * The numerology API as clients call it (spec part 1 and 2, "The calls it makes"): shapes, defaults, screening
 * and validation, against the real database.
 */
const newSession = () => randomUUID();

/** A JSON POST from the visitor with this `x-session-id`. */
function post(path: string, json: unknown, sessionId?: string) {
  return routeRequest(path, { json, headers: sessionId ? { "x-session-id": sessionId } : {} });
}

describe("POST /api/generate-content", () => {
  it("answers principle, affirmation and imageUrl, with the default preferences", async () => {
    const res = await call(generateContent, post("/api/generate-content", { number: 5 }, newSession()));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["affirmation", "id", "imageUrl", "principle"]);
    expect(Object.keys(res.body.principle).sort()).toEqual(["content", "insight", "title"]);
    expect(res.body.principle.title).toMatch(/^Universal Desire: /);
    expect(res.body.imageUrl).toMatch(/^\/visual-essence\/5\.svg\?seed=\d+$/);
  });

  it("shapes the content by the preferences and saves them for the session", async () => {
    const sessionId = newSession();
    const res = await call(
      generateContent,
      post(
        "/api/generate-content",
        { number: "8", preferences: { style: "practical", composition: "brief", keywords: "my garden" } },
        sessionId,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.principle.content).toContain("“my garden”");
    const prefs = await call(
      getPreferences,
      routeRequest("/api/preferences", { headers: { "x-session-id": sessionId } }),
    );
    expect(prefs.body).toEqual({ style: "practical", composition: "brief", keywords: "my garden" });
  });

  it("answers GRAPHIC_ALERT with the 'Content Alert' message for screened keywords", async () => {
    for (const keywords of ["fuck", "sh1t luck", "murder"]) {
      const res = await call(
        generateContent,
        post("/api/generate-content", { number: 1, preferences: { keywords } }, newSession()),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "Content generation paused due to inappropriate keywords. Please revise your keywords and try again.",
        code: "GRAPHIC_ALERT",
        title: "Content Alert",
      });
    }
  });

  it("never saves keywords that fail the screen: the session keeps its earlier preferences (issue 17)", async () => {
    const sessionId = newSession();
    const headers = { "x-session-id": sessionId };
    await call(
      generateContent,
      post(
        "/api/generate-content",
        { number: 2, preferences: { style: "practical", keywords: "my garden" } },
        sessionId,
      ),
    );
    const alert = await call(
      generateContent,
      post("/api/generate-content", { number: 3, preferences: { keywords: "murder" } }, sessionId),
    );
    expect(alert.body.code).toBe("GRAPHIC_ALERT");
    const prefs = await call(getPreferences, routeRequest("/api/preferences", { headers }));
    expect(prefs.body).toEqual({ style: "practical", composition: "detailed", keywords: "my garden" });
    // and the next reading is not answered with 'Content Alert'
    const next = await call(generateContent, post("/api/generate-content", { number: 4 }, sessionId));
    expect(next.status).toBe(200);
  });

  it("refuses bad input with 400 and a message", async () => {
    for (const body of [
      { number: 10 },
      { number: -1 },
      { number: "x" },
      {},
      { number: 3, preferences: { style: "loud" } },
    ]) {
      const res = await call(generateContent, post("/api/generate-content", body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
    const broken = await call(generateContent, post("/api/generate-content", "{not json"));
    expect(broken).toMatchObject({ status: 400, body: { error: "The request body is not valid JSON." } });
  });
});

describe("GET/POST /api/preferences", () => {
  it("defaults to poetic/detailed and keeps what the session saves (keywords cut to 30)", async () => {
    const sessionId = newSession();
    const headers = { "x-session-id": sessionId };
    const before = await call(getPreferences, routeRequest("/api/preferences", { headers }));
    expect(before.body).toEqual({ style: "poetic", composition: "detailed", keywords: "" });
    const saved = await call(
      savePreferences,
      post(
        "/api/preferences",
        { style: "scientific", composition: "simple", keywords: "  a".padEnd(40, "b") },
        sessionId,
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.keywords).toHaveLength(30);
    const after = await call(getPreferences, routeRequest("/api/preferences", { headers }));
    expect(after.body).toMatchObject({ style: "scientific", composition: "simple" });
    const other = await call(
      getPreferences,
      routeRequest("/api/preferences", { headers: { "x-session-id": newSession() } }),
    );
    expect(other.body.style).toBe("poetic");
    const bad = await call(savePreferences, post("/api/preferences", { style: "shouty" }, sessionId));
    expect(bad.status).toBe(400);
  });

  it("refuses keywords that fail the screen (400 'Content Alert') and keeps what was saved", async () => {
    const sessionId = newSession();
    const headers = { "x-session-id": sessionId };
    await call(
      savePreferences,
      post("/api/preferences", { style: "spiritual", composition: "brief", keywords: "stillness" }, sessionId),
    );
    const refused = await call(
      savePreferences,
      post("/api/preferences", { style: "poetic", composition: "brief", keywords: "sh1t luck" }, sessionId),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: "GRAPHIC_ALERT", title: "Content Alert" } });
    const after = await call(getPreferences, routeRequest("/api/preferences", { headers }));
    expect(after.body).toEqual({ style: "spiritual", composition: "brief", keywords: "stillness" });
  });
});

describe("angel numbers", () => {
  it("decodes, saves per session and lists the saved readings", async () => {
    const sessionId = newSession();
    const res = await call(
      angelNumbers,
      post("/api/angel-numbers", { number: "1234", preferences: { style: "spiritual" } }, sessionId),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      number: "1234",
      reducedDigit: { digit: 1, calculation: "1+2+3+4 = 10 → 1+0 = 1", principle: "Universal Change" },
    });
    expect(res.body.universalPrinciples).toHaveLength(4);
    expect(res.body.universalPrinciples[0]).toEqual({
      digit: 1,
      principle: "Universal Change",
      meaning: expect.any(String),
    });
    for (const field of ["meaning", "guidance", "personalizedMessage"])
      expect(res.body[field].length).toBeGreaterThan(20);
    expect(res.body.personalizedMessage).toContain("\n\n");

    await call(angelNumbers, post("/api/angel-numbers", { number: 777 }, sessionId));
    const saved = await call(
      savedAngelNumbers,
      routeRequest("/api/angel-numbers/saved", { headers: { "x-session-id": sessionId } }),
    );
    expect(saved.body.map((r: { number: string }) => r.number)).toEqual(["777", "1234"]);
    expect(saved.body[1]).toMatchObject({
      id: res.body.id,
      reducedDigit: res.body.reducedDigit,
      universalPrinciples: res.body.universalPrinciples,
    });

    const none = await call(
      savedAngelNumbers,
      routeRequest("/api/angel-numbers/saved", { headers: { "x-session-id": newSession() } }),
    );
    expect(none.body).toEqual([]);
  });

  it("gives the spec's validation messages and screens keywords", async () => {
    const empty = await call(angelNumbers, post("/api/angel-numbers", { number: "" }));
    expect(empty).toMatchObject({
      status: 400,
      body: {
        error: "Enter a 1-4 digit number to get your personalized message.",
        title: "Please enter an angel number",
      },
    });
    const long = await call(angelNumbers, post("/api/angel-numbers", { number: "12345" }));
    expect(long).toMatchObject({
      status: 400,
      body: { error: "Please enter a number between 1-4 digits (1-9999).", title: "Invalid angel number" },
    });
    const alert = await call(
      angelNumbers,
      post("/api/angel-numbers", { number: "111", preferences: { keywords: "porn" } }, newSession()),
    );
    expect(alert).toMatchObject({ status: 400, body: { code: "GRAPHIC_ALERT" } });
  });
});

describe("POST /api/analyze-birth-date", () => {
  it("recomputes the numbers on the server and answers the spec's fields", async () => {
    const res = await call(
      analyzeBirthDate,
      post("/api/analyze-birth-date", { birthDate: "03/15/1990", extractedNumbers: [9, 9], lifePathNumber: 7 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      birthDate: "03/15/1990",
      extractedNumbers: [0, 3, 1, 5, 1, 9, 9, 0],
      lifePathNumber: 1,
      primaryPrinciple: { number: 1, title: "Universal Change" },
    });
    expect(res.body.numberInteractions[0]).toEqual({
      number1: 0,
      number2: 3,
      relationship: expect.stringMatching(/^Nonseparation/),
    });
    // 9 → 9 is the same digit: no interaction
    expect(res.body.numberInteractions.some((n: { number1: number; number2: number }) => n.number1 === n.number2)).toBe(
      false,
    );
    expect(res.body.lifePathSummary).toContain("Universal Change");
  });

  it("normalises short forms and refuses impossible dates", async () => {
    const short = await call(analyzeBirthDate, post("/api/analyze-birth-date", { birthDate: "2/29/24" }));
    expect(short.body.birthDate).toBe("02/29/2024");
    for (const birthDate of ["02/30/2020", "02/29/2023", "13/01/1990", "01/01/1899", "", undefined]) {
      const res = await call(analyzeBirthDate, post("/api/analyze-birth-date", { birthDate }));
      expect(res.status, String(birthDate)).toBe(400);
      expect(res.body.title).toBe(birthDate ? "Invalid Date Format" : "Date Required");
    }
  });
});

describe("the visual essence route", () => {
  it("draws the same SVG for the same digit and seed, and refuses bad names", async () => {
    const get = (file: string, query = "") =>
      call(visualEssence, routeRequest(`/visual-essence/${file}${query}`), { params: { file } });
    const a = await get("4.svg", "?seed=12");
    const b = await get("4.svg", "?seed=12");
    const c = await get("4.svg", "?seed=13");
    expect(a.status).toBe(200);
    expect(a.headers?.get("content-type")).toContain("image/svg+xml");
    expect(a.body).toBe(b.body);
    expect(a.body).not.toBe(c.body);
    expect(a.body).toContain("#2e7d32");
    expect((await get("4.svg", "?seed=abc")).status).toBe(400);
    expect((await get("../../etc/passwd")).status).toBe(404);
  });
});
