import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { skyCalendar, skyEvents } from "~/astrology/calendar.server";
import { BODY_NAMES } from "~/astrology/zodiac";
import { loader as calendarLoader } from "~/routes/astrology.calendar[.]ics";
import { routeRequest } from "../support/routes";

/**
 * The sky calendar (/astrology/calendar.ics) read the way a calendar app reads it: parsed by ical.js (Mozilla's
 * RFC 5545 parser, not the library that wrote it), with its instants checked against published ephemerides that do
 * not come from astronomy-engine: USNO "Phases of the Moon" and the almanac's Mercury stations of late 2025.
 */
type Parsed = { uid: string; summary: string; description: string; url: string; start: Date; startUtc: boolean };

function parseFeed(text: string): { calendar: ICAL.Component; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url")),
      start: event.startDate.toJSDate(),
      startUtc: event.startDate.zone?.tzid === "UTC",
    };
  });
  return { calendar, events };
}

const MINUTE = 60_000;
const near = (actual: Date, iso: string, minutes: number) =>
  Math.abs(actual.getTime() - Date.parse(iso)) <= minutes * MINUTE;

describe("the sky calendar from 1 November 2025 (published instants)", async () => {
  // The monitor's snapshots in this database are from the test's own time: a `now` in 2025 anchors the feed there.
  const feed = await skyCalendar({
    bodies: [...BODY_NAMES],
    origin: "https://example.org",
    now: new Date("2025-11-01T00:20:00Z"),
  });
  const { calendar, events } = parseFeed(feed.text);

  it("is a valid RFC 5545 calendar with one event per instant, in UTC", () => {
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(calendar.getFirstPropertyValue("prodid"))).toContain("Celestial Transits");
    expect(events.length).toBeGreaterThan(100);
    expect(events.every((e) => e.startUtc)).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(events[0]!.start.getTime()).toBeGreaterThanOrEqual(Date.parse("2025-11-01T00:00:00Z"));
    expect(events.at(-1)!.start.getTime()).toBeLessThan(Date.parse("2026-11-01T00:00:00Z"));
  });

  it.each([
    ["Full Moon", "2025-11-05T13:19Z"],
    ["Full Moon", "2025-12-04T23:14Z"],
    ["Full Moon", "2026-01-03T10:03Z"],
    ["New Moon", "2026-01-18T19:52Z"],
    ["Full Moon", "2026-02-01T22:09Z"],
    ["New Moon", "2026-02-17T12:01Z"],
    ["Full Moon", "2026-03-03T11:38Z"],
  ])("%s at %s (USNO), within 2 minutes", (summary, iso) => {
    const found = events.find((e) => e.summary === summary && near(e.start, iso, 2));
    expect(found, `${summary} near ${iso}`).toBeDefined();
    expect(found!.description).toMatch(
      new RegExp(`^${summary} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, with the Moon at \\d+°\\d\\d′ \\w+\\.`),
    );
    expect(found!.description).toContain("https://example.org/astrology/Moon");
    expect(found!.url).toBe("https://example.org/astrology/Moon");
  });

  it.each([
    ["Mercury stations retrograde in Sagittarius", "2025-11-09T19:02Z"],
    ["Mercury stations direct in Scorpio", "2025-11-29T17:38Z"],
  ])("'%s' at %s (published), within 7 minutes", (summary, iso) => {
    const found = events.find((e) => e.summary === summary);
    expect(found, summary).toBeDefined();
    expect(near(found!.start, iso, 7), `${found!.start.toISOString()} vs ${iso}`).toBe(true);
    expect(found!.description).toContain("https://example.org/astrology/Mercury");
  });

  it("has the Sun's ingresses at the published equinox and solstice, and no Moon ingresses", () => {
    const solstice = events.find((e) => e.summary === "Sun enters Capricorn")!;
    expect(near(solstice.start, "2025-12-21T15:03Z", 2)).toBe(true);
    const equinox = events.find((e) => e.summary === "Sun enters Aries")!;
    expect(near(equinox.start, "2026-03-20T14:46Z", 2)).toBe(true);
    expect(events.filter((e) => e.summary.startsWith("Sun enters"))).toHaveLength(12);
    expect(events.some((e) => e.summary.startsWith("Moon enters"))).toBe(false);
    // Saturn into Aries, February 2026 (published 2026-02-14 00:1x UTC), within 2 hours
    const saturn = events.find((e) => e.summary === "Saturn enters Aries")!;
    expect(near(saturn.start, "2026-02-14T00:30Z", 120)).toBe(true);
  });

  it("counts the year's lunar phases: about 12 to 13 of each", () => {
    for (const phase of ["New Moon", "First Quarter", "Full Moon", "Last Quarter"]) {
      const n = events.filter((e) => e.summary === phase).length;
      expect(n, phase).toBeGreaterThanOrEqual(12);
      expect(n, phase).toBeLessThanOrEqual(13);
    }
  });

  it("keeps each event's UID when computed again from another instant", () => {
    const later = skyEvents({
      from: new Date("2025-11-01T07:00:00Z"),
      to: new Date("2026-05-01T00:00:00Z"),
      bodies: BODY_NAMES,
    });
    const uids = new Set(events.map((e) => e.uid));
    const missing = later.filter((e) => !uids.has(e.uid)).map((e) => `${e.uid} ${e.at.toISOString()}`);
    expect(missing).toEqual([]);
  });
});

describe("GET /astrology/calendar.ics", () => {
  // The raw Response: the tests read the calendar's text and its caching headers.
  const get = async (query = "", headers: Record<string, string> = {}) =>
    (await calendarLoader({
      request: routeRequest(`/astrology/calendar.ics${query}`, { headers }),
      params: {},
      context: {},
    } as never)) as Response;

  it("answers text/calendar for the next 12 months, cached until the monitor's next sky", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60 * 60);
    const { events } = parseFeed(await response.text());
    const now = Date.now();
    expect(events.filter((e) => e.summary === "Full Moon").length).toBeGreaterThanOrEqual(12);
    expect(
      events.every((e) => e.start.getTime() >= now - 2 * 3600_000 && e.start.getTime() < now + 370 * 86_400_000),
    ).toBe(true);
    const etag = response.headers.get("etag")!;
    expect((await get("", { "If-None-Match": etag })).status).toBe(304);
  });

  it("?bodies= chooses the bodies; an unknown one is a 400 with a message", async () => {
    const { events } = parseFeed(await (await get("?bodies=mercury")).text());
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((e) => e.summary.startsWith("Mercury "))).toBe(true);
    const moon = parseFeed(await (await get("?bodies=Moon")).text()).events;
    expect(moon.every((e) => /^(New Moon|First Quarter|Full Moon|Last Quarter)$/.test(e.summary))).toBe(true);
    const bad = await get("?bodies=Mercury,Vulcan");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Unknown body “Vulcan”/);
  });
});
