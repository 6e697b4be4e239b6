import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, describe, expect, it, vi } from "vitest";
import { skyCalendar, skyEvents } from "~/astrology/calendar.server";
import { BODY_NAMES } from "~/astrology/zodiac";
import { loader as calendarLoader } from "~/routes/astrology.calendar[.]ics";
import { writeICalendar } from "~/utils/icalendar.server";
import { routeRequest } from "../support/routes";

/**
 * The sky calendar (/astrology/calendar.ics) read the way a calendar app reads it: parsed by ical.js (Mozilla's
 * RFC 5545 parser, not the library that wrote it), with its instants checked against published ephemerides that do
 * not come from astronomy-engine: USNO "Phases of the Moon" and the almanac's Mercury stations of late 2025.
 */
type Parsed = { uid: string; summary: string; description: string; url: string; start: Date; startUtc: boolean };

/** ical.js reports what it forgives on the console: a feed a parser has to forgive is not accepted as meant. */
function parseFeed(text: string): { calendar: ICAL.Component; events: Parsed[] } {
  const warn = vi.spyOn(console, "warn");
  const error = vi.spyOn(console, "error");
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const spy of [warn, error]) {
    expect(spy, "ical.js warned while parsing the feed").not.toHaveBeenCalled();
    spy.mockRestore();
  }
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

  it("writes every instant as a DTSTART with no DTEND and no DURATION, with unique UIDs", () => {
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents.length).toBe(events.length);
    for (const vevent of vevents) {
      expect(vevent.hasProperty("dtstart")).toBe(true);
      expect(vevent.hasProperty("dtend"), String(vevent.getFirstPropertyValue("uid"))).toBe(false);
      expect(vevent.hasProperty("duration")).toBe(false);
    }
    expect(feed.text).not.toMatch(/^DTEND/m);
  });

  it("ends every line with CRLF, the last one too, and folds lines at 75 octets", () => {
    expect(feed.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = feed.text.slice(0, -2).split("\r\n");
    const tooLong = lines.filter((line) => Buffer.byteLength(line, "utf8") > 75);
    expect(tooLong).toEqual([]);
    // Descriptions hold "°" and "′" (2 and 3 octets): some line was folded next to one, and unfolding gives it back.
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(feed.text.replace(/\r\n /g, "")).toMatch(/with the Moon at \d+°\d\d′ \w+\./);
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

describe("writeICalendar (any list of events)", () => {
  it("writes an event that lasts with a DURATION, folds multi-byte text at 75 octets without splitting a character", () => {
    const summary = `Transit ${"☽°′é🜂".repeat(20)} window`;
    const text = writeICalendar({
      name: "Test",
      description: "A test feed",
      producer: { company: "Test", product: "Feed" },
      url: "https://example.org/",
      ttlSeconds: 3600,
      stamp: new Date("2026-01-01T00:00:00Z"),
      events: [
        {
          uid: `a-long-uid-${"x".repeat(80)}@example.org`,
          start: new Date("2026-01-02T03:04:00Z"),
          durationSeconds: 90 * 60,
          summary,
          description: "Ninety minutes",
        },
        { uid: "instant@example.org", start: new Date("2026-01-03T00:00:00Z"), summary: "An instant", description: "" },
      ],
    });
    const { calendar } = parseFeed(text);
    const [long, instant] = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(long!.summary).toBe(summary);
    expect(long!.duration.toSeconds()).toBe(90 * 60);
    expect(long!.endDate.toJSDate().toISOString()).toBe("2026-01-02T04:34:00.000Z");
    expect(long!.component.hasProperty("dtend")).toBe(false);
    expect(instant!.component.hasProperty("duration")).toBe(false);
    expect(instant!.component.hasProperty("dtend")).toBe(false);
    for (const line of text.slice(0, -2).split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      // No lone surrogate: a folded line holds whole characters.
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(text.endsWith("\r\n")).toBe(true);
  });
});

/**
 * Calendar programs import the feed: calcurse (which refuses an event whose DTEND equals its DTSTART) and khal,
 * Debian's packages (scripts/test.ts installs them), each into a temporary directory of its own.
 */
describe("calendar programs import every event of the feed", async () => {
  const feed = await skyCalendar({
    bodies: [...BODY_NAMES],
    origin: "https://example.org",
    now: new Date("2025-11-01T00:20:00Z"),
  });
  const count = parseFeed(feed.text).events.length;
  const dir = mkdtempSync(path.join(tmpdir(), "sky-calendar-"));
  const file = path.join(dir, "celestial-transits.ics");
  writeFileSync(file, feed.text);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("calcurse -i imports them all as appointments at their UTC minute", () => {
    const data = path.join(dir, "calcurse");
    const run = spawnSync("calcurse", ["-D", data, "-i", file], {
      encoding: "utf8",
      env: { ...process.env, TZ: "UTC" },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${count} apps / 0 events / 0 todos / 0 skipped`);
    const appointments = readFileSync(path.join(data, "apts"), "utf8").trim().split("\n");
    expect(appointments).toHaveLength(count);
    expect(appointments).toContainEqual(
      expect.stringMatching(/^12\/04\/2025 @ 23:1\d -> 12\/04\/2025 @ 23:1\d>.*\|Full Moon$/),
    );
  });

  it("khal import takes them all with no warning", () => {
    const vdir = path.join(dir, "khal", "sky");
    const config = path.join(dir, "khal", "config");
    spawnSync("mkdir", ["-p", vdir]);
    writeFileSync(
      config,
      [
        "[calendars]",
        "[[sky]]",
        `path = ${vdir}`,
        "type = calendar",
        "[locale]",
        "timeformat = %H:%M",
        "dateformat = %Y-%m-%d",
        "longdateformat = %Y-%m-%d",
        "datetimeformat = %Y-%m-%d %H:%M",
        "longdatetimeformat = %Y-%m-%d %H:%M",
        "default_timezone = UTC",
        "local_timezone = UTC",
        "[sqlite]",
        `path = ${path.join(dir, "khal", "khal.db")}`,
        "",
      ].join("\n"),
    );
    const run = spawnSync("khal", ["-c", config, "import", "--batch", "-a", "sky", file], {
      encoding: "utf8",
      env: { ...process.env, TZ: "UTC" },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.trim(), "khal's warnings").toBe("");
    expect(readdirSync(vdir).filter((name) => name.endsWith(".ics"))).toHaveLength(count);
    const listed = spawnSync("khal", ["-c", config, "list", "2025-12-04", "1d"], { encoding: "utf8" });
    expect(listed.stdout).toMatch(/23:1\d.*Full Moon/);
  }, 60_000);
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
    const notModified = await get("", { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");
    expect((await get("", { "If-None-Match": '"another"' })).status).toBe(200);
    // Last-Modified is the sky the feed starts from: asked since then, unchanged; since before it, the whole feed.
    const lastModified = Date.parse(response.headers.get("last-modified")!);
    expect(lastModified).toBeLessThanOrEqual(Date.now());
    const since = (at: number) => get("", { "If-Modified-Since": new Date(at).toUTCString() });
    expect((await since(lastModified)).status).toBe(304);
    expect((await since(lastModified - 1000)).status).toBe(200);
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
