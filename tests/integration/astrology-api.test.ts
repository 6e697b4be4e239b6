import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TextProvider } from "~/ai/provider";
import { generatePersonalizedReading } from "~/astrology/readings.server";
import { READING_FAILURE_TEXT } from "~/astrology/tab";
import { savePreferences } from "~/preferences/preferences.server";
import { loader as astrologyLoader } from "~/routes/api.astrology";
import { loader as statusLoader } from "~/routes/api.astrology-monitor.status";
import { loader as terminologyLoader } from "~/routes/api.debug.terminology.$planet.$sign";
import { action as readingAction } from "~/routes/api.generate-personalized-reading";
import { answerOf, call, routeRequest } from "../support/routes";

describe("GET /api/astrology", () => {
  it("answers the planets and the moon phase now", async () => {
    const { status, body } = await call(astrologyLoader, routeRequest("/api/astrology"));
    expect(status).toBe(200);
    expect(body.planets).toHaveLength(10);
    for (const p of body.planets) {
      expect(p).toMatchObject({
        name: expect.any(String),
        constellation: expect.any(String),
        isRetrograde: expect.any(Boolean),
      });
    }
    expect(body.moonPhase.current).toEqual(expect.any(String));
    expect(body.moonPhase.nextPhase).toMatchObject({
      type: expect.stringMatching(/^(New Moon|First Quarter|Full Moon|Last Quarter)$/),
      date: expect.any(String),
      time: expect.stringMatching(/ E[SD]T$/),
    });
  });

  it("answers any instant from 1900 to 2100 with ?at=", async () => {
    const { status, body, headers } = await call(
      astrologyLoader,
      routeRequest("/api/astrology?at=2026-01-03T10:10:00Z"),
    );
    expect(status).toBe(200);
    expect(body.at).toBe("2026-01-03T10:10:00.000Z");
    expect(body.moonPhase.current).toBe("Full Moon");
    expect(body.moonPhase.nextPhase.type).toBe("Last Quarter");
    expect(body.planets.find((p: { name: string }) => p.name === "Sun").constellation).toBe("Capricorn");
    expect(headers.get("Cache-Control")).toContain("max-age");
    const old = await call(astrologyLoader, routeRequest("/api/astrology?at=1900-06-01T00:00:00%2B01:00"));
    expect(old.status).toBe(200);
  });

  it.each(["yesterday", "2026-01-03", "1899-12-31T23:00:00Z", "2101-01-01T00:00:00Z", "2026-13-40T10:00:00Z", ""])(
    "refuses at=%j with 400 and a message",
    async (at) => {
      const { status, body } = await call(astrologyLoader, routeRequest(`/api/astrology?at=${encodeURIComponent(at)}`));
      expect(status).toBe(400);
      expect(body.error).toMatch(/ISO-8601 instant/);
    },
  );
});

describe("GET /api/astrology-monitor/status", () => {
  it("answers lastUpdate and checkIntervalMinutes", async () => {
    const { status, body } = await answerOf(await statusLoader());
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["checkIntervalMinutes", "lastUpdate"]);
    expect(body.checkIntervalMinutes).toBe(60);
  });
});

describe("POST /api/generate-personalized-reading", () => {
  const post = (body: unknown, sessionId: string = randomUUID()) =>
    call(
      readingAction,
      routeRequest("/api/generate-personalized-reading", { json: body, headers: { "x-session-id": sessionId } }),
    );

  it("answers a reading shaped by the visitor's saved preferences", async () => {
    const sessionId = randomUUID();
    await savePreferences({ sessionId, style: "practical", composition: "brief", keywords: "my garden" });
    const { status, body } = await post({ planet: "Jupiter", constellation: "Cancer" }, sessionId);
    expect(status).toBe(200);
    expect(body.reading).toContain("Jupiter");
    expect(body.reading).toContain("Universal Growth");
    expect(body.reading).toContain("“my garden”"); // the saved keywords, as none were sent
    const sent = await post({ planet: "jupiter", constellation: "cancer", keywords: "new home" }, sessionId);
    expect(sent.body.reading).toContain("“new home”");
    expect(sent.body.reading).not.toContain("my garden");
  });

  it("refuses unknown planets and signs with 400", async () => {
    expect((await post({ planet: "Vulcan", constellation: "Leo" })).status).toBe(400);
    const bad = await post({ planet: "Mars", constellation: "Ophiuchus" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Unknown constellation/);
  });

  it("screens keywords: GRAPHIC_ALERT with 400", async () => {
    const { status, body } = await post({ planet: "Mars", constellation: "Leo", keywords: "murder" });
    expect(status).toBe(400);
    expect(body.error).toContain("GRAPHIC_ALERT");
  });

  it("turns a provider failure into the spec's failure text", async () => {
    const failing: TextProvider = {
      name: "failing",
      generateStructured: async () => {
        throw new Error("upstream down");
      },
    };
    const result = await generatePersonalizedReading({
      planet: "Venus",
      sign: "Libra",
      style: "poetic",
      composition: "brief",
      keywords: "",
      provider: failing,
    });
    expect(result).toMatchObject({ ok: false, message: READING_FAILURE_TEXT });
  }, 15_000);

  it("tops up a remote reading that misses the terminology contract", async () => {
    const terse: TextProvider = {
      name: "terse",
      generateStructured: async <T>() => ({ reading: "Venus in Libra is lovely." }) as T,
    };
    const result = await generatePersonalizedReading({
      planet: "Venus",
      sign: "Libra",
      style: "poetic",
      composition: "brief",
      keywords: "",
      provider: terse,
    });
    expect(result.ok && result.reading).toMatch(
      /^Venus in Libra is lovely\.\n\nThrough Venus, Universal Harmony \(principle 7\)/,
    );
  });
});

describe("GET /api/debug/terminology/{planet}/{sign}", () => {
  it("answers the reading and its check, never cached", async () => {
    const { status, body, headers } = await call(
      terminologyLoader,
      routeRequest("/api/debug/terminology/Venus/Taurus"),
      { params: { planet: "Venus", sign: "Taurus" } },
    );
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body.reading).toContain("Venus");
    expect(body.terminologyCheck).toMatchObject({
      status: "compliant",
      compliant: true,
      principle: { number: 7, required: 2 },
      zero: { required: 1 },
      special: { type: "element", term: "Earth", required: 1 },
    });
    expect(body.terminologyCheck.principle.found.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses an unknown sign with 400", async () => {
    const { status, headers } = await call(terminologyLoader, routeRequest("/api/debug/terminology/Venus/Draco"), {
      params: { planet: "Venus", sign: "Draco" },
    });
    expect(status).toBe(400);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });
});
