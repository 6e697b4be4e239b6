import { randomUUID } from "node:crypto";
import type { Request as ExpressRequest } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, listenForNotifications, rawSql } from "#db/client.server";
import { angelReadings } from "#db/schema";
import { SAVED_READINGS_HOLE } from "~/numerology/angel";
import { getAngelVisitor, listSavedReadings } from "~/numerology/angel.server";
import { angelPage, savedReadingsHtml } from "~/numerology/page-cache.server";
import { hearsVisitorChanges, VISITOR_CHANGED } from "~/page-cache/memo.server";
import { asksUncached } from "~/page-cache/section";
import { preferencesVariant } from "~/preferences/page-cache.server";
import { getPreferences, savePreferences } from "~/preferences/preferences.server";
import { DEFAULT_PREFERENCES } from "~/preferences/schema";
import { angelReadingRow } from "./helpers/angel";

/**
 * A returning visitor's kept angel page reads their preferences and their saved readings in one statement
 * (decision 124): exactly what the two separate reads give (the preferences the home page keys by, the readings the
 * uncached page lists), in one round trip per request shared by the section's key and its hole, and the failures
 * of the two reads as before.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

/** The two reads the one replaces: `getPreferences` and the uncached page's list, as links. */
async function separately(sessionId: string) {
  const [preferences, readings] = await Promise.all([getPreferences({ sessionId }), listSavedReadings({ sessionId })]);
  return {
    preferences,
    readings: readings.map(({ id, number, createdAt }) => ({ id, number, createdAt })),
  };
}

async function saveReadings(sessionId: string, readings: { number: string; createdAt: Date }[]) {
  await db
    .insert(angelReadings)
    .values(readings.map(({ number, createdAt }) => angelReadingRow(sessionId, number, { createdAt })));
}

/** Counts the statements sent to PostgreSQL through the pool (drizzle's prepared queries go through `unsafe`). */
function countStatements() {
  const client = rawSql();
  return vi.spyOn(client, "unsafe");
}

/** A request as the page cache's section sees it, from a visitor with the id `sessionId` (none: a new visitor). */
function requestOf(sessionId: string | null, url = "/angel"): ExpressRequest {
  return { url, method: "GET", headers: sessionId ? { "x-session-id": sessionId } : {} } as unknown as ExpressRequest;
}

/** Waits until this process has heard every `visitor_changed` notification sent so far (they arrive in order). */
async function heardSoFar() {
  const marker = randomUUID();
  let heard = false;
  const stop = await listenForNotifications(VISITOR_CHANGED, (payload) => (heard ||= payload === marker));
  await rawSql()`select pg_notify(${VISITOR_CHANGED}, ${marker})`;
  await vi.waitFor(() => expect(heard).toBe(true));
  await stop();
}

/** The saved readings' list the angel page's section gives a request for its hole. */
const listOf = async (request: ExpressRequest) => (await angelPage.vary!(request))?.holes?.[SAVED_READINGS_HOLE];

describe("the angel page's visitor in one read (decision 124)", () => {
  it("a visitor with nothing saved: the default preferences and no readings, as the two reads give", async () => {
    const sessionId = randomUUID();
    const visitor = await getAngelVisitor({ sessionId });
    expect(visitor).toEqual({ preferences: DEFAULT_PREFERENCES, readings: [] });
    expect(visitor).toEqual(await separately(sessionId));
  });

  it("a visitor with preferences and no readings", async () => {
    const sessionId = randomUUID();
    const saved = { style: "scientific", composition: "metaphorical", keywords: "north star" } as const;
    await savePreferences({ sessionId, ...saved });
    const visitor = await getAngelVisitor({ sessionId });
    expect(visitor).toEqual({ preferences: saved, readings: [] });
    expect(visitor).toEqual(await separately(sessionId));
  });

  it("a visitor with readings and no preferences: the defaults, and the readings newest first", async () => {
    const sessionId = randomUUID();
    await saveReadings(sessionId, [
      { number: "111", createdAt: new Date("2026-11-20T10:00:00.123Z") },
      { number: "222", createdAt: new Date("2026-11-22T10:00:00.000Z") },
      { number: "333", createdAt: new Date("2026-11-21T10:00:00.000Z") },
    ]);
    const visitor = await getAngelVisitor({ sessionId });
    expect(visitor.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(visitor.readings.map((r) => [r.number, r.createdAt])).toEqual([
      ["222", "2026-11-22T10:00:00.000Z"],
      ["333", "2026-11-21T10:00:00.000Z"],
      ["111", "2026-11-20T10:00:00.123Z"],
    ]);
    expect(visitor).toEqual(await separately(sessionId));
  });

  it("more readings than the page shows, with ties in time: the same readings in the same order as the list", async () => {
    const sessionId = randomUUID();
    await savePreferences({ sessionId, style: "practical", composition: "simple", keywords: "" });
    const tied = new Date("2026-11-23T08:00:00.000Z");
    // 26 readings, five saved at the same instant as each other and as three more saved in a later insert.
    await saveReadings(
      sessionId,
      Array.from({ length: 18 }, (_, i) => ({
        number: String(100 + i),
        createdAt: i < 5 ? tied : new Date(Date.UTC(2026, 10, 1 + i)),
      })),
    );
    await saveReadings(sessionId, [
      ...Array.from({ length: 3 }, (_, i) => ({ number: String(200 + i), createdAt: tied })),
      ...Array.from({ length: 5 }, (_, i) => ({
        number: String(300 + i),
        createdAt: new Date(Date.UTC(2026, 9, 1 + i)),
      })),
    ]);
    // Another visitor's readings never appear.
    await saveReadings(randomUUID(), [{ number: "999", createdAt: new Date("2026-11-24T00:00:00.000Z") }]);

    const visitor = await getAngelVisitor({ sessionId });
    const expected = await separately(sessionId);
    expect(visitor).toEqual(expected);
    expect(visitor.readings).toHaveLength(20);
    expect(visitor.preferences).toEqual({ style: "practical", composition: "simple", keywords: "" });
    // Ties by id, newest first: the later insert's readings before the earlier one's.
    const atTie = visitor.readings.filter((r) => r.createdAt === tied.toISOString()).map((r) => r.number);
    expect(atTie).toEqual(["202", "201", "200", "104", "103", "102", "101", "100"]);
    expect(visitor.readings.map((r) => r.number)).not.toContain("999");
    // A smaller limit: the first of the same list.
    const five = await getAngelVisitor({ sessionId, limit: 5 });
    expect(five.readings).toEqual(expected.readings.slice(0, 5));
    expect(five.preferences).toEqual(expected.preferences);
  });

  it("keys the kept page as the home page does and fills the list as the page renders it", async () => {
    const sessionId = randomUUID();
    await savePreferences({ sessionId, style: "spiritual", composition: "detailed", keywords: "moon" });
    await saveReadings(sessionId, [{ number: "444", createdAt: new Date("2026-11-23T09:00:00.000Z") }]);
    const variant = await angelPage.vary!(requestOf(sessionId));
    const home = await preferencesVariant(requestOf(sessionId));
    const list = savedReadingsHtml((await separately(sessionId)).readings);
    expect(variant).toEqual({ key: home.key, context: home.context, holes: { [SAVED_READINGS_HOLE]: list } });
    expect(list).toContain(">444<");
  });

  it("reads once per request, one statement, for the page's key and its list together", async () => {
    await vi.waitFor(() => expect(hearsVisitorChanges()).toBe(true));
    const sessionId = randomUUID();
    await savePreferences({ sessionId, style: "scientific", composition: "brief", keywords: "" });
    await saveReadings(sessionId, [{ number: "555", createdAt: new Date("2026-11-23T10:00:00.000Z") }]);
    await heardSoFar(); // the two writes' notifications, heard later, would forget what is remembered below
    await getAngelVisitor({ sessionId }); // prepared on this connection pool already: count only this request's reads

    const statements = countStatements();
    const variant = await angelPage.vary!(requestOf(sessionId));
    expect(variant?.key).toBe(JSON.stringify(["scientific", "brief", ""]));
    expect(variant?.holes?.[SAVED_READINGS_HOLE]).toContain(">555<");
    expect(statements).toHaveBeenCalledTimes(1);
    // Remembered (decision 128): the next request reads nothing and gets the same frozen variant, its list rendered.
    expect(await angelPage.vary!(requestOf(sessionId))).toBe(variant);
    expect(statements).toHaveBeenCalledTimes(1);

    // A new reading, saved as another process would save it: once its notification is heard (decision 128), the next
    // request reads again, once.
    await saveReadings(sessionId, [{ number: "666", createdAt: new Date("2026-11-23T11:00:00.000Z") }]);
    await heardSoFar();
    statements.mockClear();
    expect(await listOf(requestOf(sessionId))).toContain(">666<");
    expect(await listOf(requestOf(sessionId))).toContain(">666<");
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockClear();

    // A visitor without an id: the defaults and an empty list, without a statement.
    expect(await angelPage.vary!(requestOf(null))).toEqual({
      key: JSON.stringify([DEFAULT_PREFERENCES.style, DEFAULT_PREFERENCES.composition, DEFAULT_PREFERENCES.keywords]),
      context: { visitorPreferences: DEFAULT_PREFERENCES },
      holes: { [SAVED_READINGS_HOLE]: "" },
    });
    expect(statements).toHaveBeenCalledTimes(0);

    // An address rendered each time (`?reading=`, `?number=`) is not kept: the middleware passes it on before `vary`.
    expect(asksUncached(angelPage, "/angel?number=44")).toBe(true);
    expect(asksUncached(angelPage, "/angel?reading=3")).toBe(true);
    expect(asksUncached(angelPage, "/angel")).toBe(false);
  });

  it("a failed read: the page is not keyed (rendered whole, as when the preferences cannot be read)", async () => {
    const sessionId = randomUUID();
    await saveReadings(sessionId, [{ number: "777", createdAt: new Date("2026-11-23T12:00:00.000Z") }]);
    await getAngelVisitor({ sessionId });
    vi.spyOn(rawSql(), "unsafe").mockImplementation(() => {
      throw Object.assign(new Error("connection lost"), { code: "CONNECTION_CLOSED" });
    });
    await expect(angelPage.vary!(requestOf(sessionId))).rejects.toThrow();
    await expect(angelPage.vary!(requestOf(sessionId))).rejects.toThrow();
    vi.restoreAllMocks();
    // A failed read is not remembered: once the database answers again, the next request reads it.
    expect(await listOf(requestOf(sessionId))).toContain(">777<");
  });
});
