import { NextMoonQuarter, SearchMoonQuarter } from "astronomy-engine";
import { SITE_NAME } from "~/site";
import { etagOf } from "~/utils/conditional-get.server";
import { writeICalendar } from "~/utils/icalendar.server";
import { eclipticLongitude, LUNAR_EVENT_TYPES, nextSignChange, nextStation } from "./ephemeris.server";
import { SKY_CALENDAR_CONTENTS } from "./sky-calendar";
import { monitorStatus } from "./snapshots.server";
import { BODY_NAMES, formatDegree, parseBodyName, signAt, SIGNS, type BodyName, type SignName } from "./zodiac";

/**
 * The sky as a calendar (/astrology/calendar.ics): the next 12 months of the four lunar phases, the sign ingresses
 * of the Sun and the planets (not the Moon, which changes sign every two or three days) and the planets' stations,
 * each an event at its exact UTC instant (a DTSTART with no DTEND), computed by the site's ephemeris (decision 040)
 * and written as RFC 5545 iCalendar by the site's one writer (writeICalendar, decision 150). The feed starts at the
 * monitor's latest sky and is cached until its next one.
 */
export const CALENDAR_MONTHS = 12;

export type SkyEventKind = "lunar-phase" | "ingress" | "station" | "personal-transit";

export type SkyEvent = {
  uid: string;
  kind: SkyEventKind;
  body: BodyName;
  at: Date;
  summary: string;
  description: string;
  /** the body's page on the site, linked at the end of the description */
  path: string;
  linkLabel: string;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** "2025-12-04 23:14 UTC" */
export function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function position(body: BodyName, at: Date): { sign: SignName; degree: string } {
  const { sign, degreeInSign } = signAt(eclipticLongitude(body, at));
  return { sign, degree: `${formatDegree(degreeInSign)} ${sign}` };
}

/**
 * UIDs stay the same from one computation to the next: they name the event (kind, body, sign or phase) and its UTC
 * day, never the computation's start or the seconds of its bisection (nor the address the feed was asked on).
 */
const UID_DOMAIN = "celestial-transits.ten-principles";
function uid(parts: string[], at: Date): string {
  return `${[...parts, at.toISOString().slice(0, 10).replace(/-/g, "")].join("-").toLowerCase()}@${UID_DOMAIN}`;
}

/** Every event between `from` and `to` for the chosen bodies, oldest first. */
export function skyEvents({ from, to, bodies }: { from: Date; to: Date; bodies: readonly BodyName[] }): SkyEvent[] {
  const page = (body: BodyName) => `/astrology/${body}`;
  const events: SkyEvent[] = [];

  if (bodies.includes("Moon")) {
    for (let quarter = SearchMoonQuarter(from); quarter.time.date < to; quarter = NextMoonQuarter(quarter)) {
      const at = quarter.time.date;
      const type = LUNAR_EVENT_TYPES[quarter.quarter]!;
      const moon = position("Moon", at);
      events.push({
        uid: uid(["lunar-phase", type.replace(/ /g, "-")], at),
        kind: "lunar-phase",
        body: "Moon",
        at,
        summary: type,
        description: `${type} at ${formatUtc(at)}, with the Moon at ${moon.degree}.`,
        path: page("Moon"),
        linkLabel: "The Moon's reading",
      });
    }
  }

  for (const body of bodies) {
    if (body !== "Moon") {
      for (let after = from; ;) {
        const change = nextSignChange(body, after, to);
        if (!change) break;
        const at = new Date(change.at);
        if (at >= to) break;
        const backwards = signIndex(change.to) === (signIndex(change.from) + 11) % 12;
        events.push({
          uid: uid(["ingress", body, change.to], at),
          kind: "ingress",
          body,
          at,
          summary: `${body} enters ${change.to}`,
          description: `${body} ${backwards ? "moves back, retrograde, from" : "leaves"} ${change.from} ${
            backwards ? "into" : "and enters"
          } ${change.to} at ${formatUtc(at)}.`,
          path: page(body),
          linkLabel: `${body}'s reading in ${change.to}`,
        });
        after = new Date(at.getTime() + MINUTE_MS);
      }
    }
    for (let after = from; ;) {
      const station = nextStation(body, after, to);
      if (!station) break;
      const at = new Date(station.at);
      if (at >= to) break;
      const { sign, degree } = position(body, at);
      events.push({
        uid: uid(["station", station.kind, body], at),
        kind: "station",
        body,
        at,
        summary: `${body} stations ${station.kind} in ${sign}`,
        description: `${body} appears to stand still at ${degree} at ${formatUtc(at)} and turns ${
          station.kind === "retrograde" ? "backwards (retrograde)" : "forwards again (direct)"
        }.`,
        path: page(body),
        linkLabel: `${body}'s reading`,
      });
      // Stations are months apart; a day on, the search cannot find this one again.
      after = new Date(at.getTime() + DAY_MS);
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.uid.localeCompare(b.uid));
}

const signIndex = (sign: SignName) => SIGNS.findIndex((s) => s.name === sign);

/** The sky's events as an iCalendar feed (decision 150): each an instant, a DTSTART with no DTEND. */
export function writeCalendar({
  events,
  origin,
  stamp,
  ttlSeconds,
}: {
  events: SkyEvent[];
  origin: string;
  stamp: Date;
  ttlSeconds: number;
}): string {
  return writeICalendar({
    name: "Celestial Transits",
    description: `${SKY_CALENDAR_CONTENTS} From ${SITE_NAME}.`,
    producer: { company: SITE_NAME, product: "Celestial Transits" },
    url: `${origin}/astrology`,
    ttlSeconds,
    stamp,
    events: events.map((event) => ({
      uid: event.uid,
      start: event.at,
      summary: event.summary,
      description: `${event.description} ${event.linkLabel}: ${origin}${event.path}`,
      url: `${origin}${event.path}`,
    })),
  });
}

/** `?bodies=Sun,Mercury` (any case, commas or spaces); empty or absent means all ten. */
export function parseBodies(value: string | null): { ok: true; bodies: BodyName[] } | { ok: false; message: string } {
  if (value === null || value.trim() === "") return { ok: true, bodies: [...BODY_NAMES] };
  const names = value.split(/[\s,]+/).filter(Boolean);
  const bodies: BodyName[] = [];
  for (const name of names) {
    const body = parseBodyName(name);
    if (!body)
      return { ok: false, message: `Unknown body “${name.slice(0, 40)}”. Choose from: ${BODY_NAMES.join(", ")}.` };
    if (!bodies.includes(body)) bodies.push(body);
  }
  return { ok: true, bodies: BODY_NAMES.filter((b) => bodies.includes(b)) };
}

/** `computedAt`: the sky the feed starts from (its events' DTSTAMP and the feed's Last-Modified). */
type CachedFeed = { text: string; etag: string; computedAt: number; expiresAt: number };
type CachedSky = { anchor: number; expiresAt: number; events: SkyEvent[]; feeds: Map<string, CachedFeed> };
const cache = new Map<string, CachedSky>();
/** Feeds kept per sky (choices of bodies × the addresses asked on); the events themselves are computed once. */
const MAX_FEEDS_PER_SKY = 256;

/**
 * The feed for the chosen bodies. It starts at the monitor's latest sky (or, with no fresh sky, at the start of the
 * current check interval) and is kept, in memory and in HTTP caches, until the monitor's next sky is due. The year's
 * events are computed once per sky for all ten bodies (under a second); `?bodies=` only filters them, so no
 * choice of bodies can make the server compute again.
 */
export async function skyCalendar({
  bodies,
  origin,
  now = new Date(),
  personal,
}: {
  bodies: BodyName[];
  origin: string;
  now?: Date;
  /** a member's own events (personal-calendar.server.ts), added to the sky's; `id` names them in the feed cache */
  personal?: { id: string; events: SkyEvent[] };
}): Promise<CachedFeed> {
  const { lastUpdate, checkIntervalMinutes } = await monitorStatus();
  const interval = checkIntervalMinutes * MINUTE_MS;
  const last = lastUpdate ? new Date(lastUpdate).getTime() : Number.NaN;
  const anchor =
    last <= now.getTime() && now.getTime() < last + interval ? last : Math.floor(now.getTime() / interval) * interval;
  const key = String(anchor);
  let sky = cache.get(key);
  if (!sky) {
    for (const [k, entry] of cache) if (entry.expiresAt <= now.getTime()) cache.delete(k);
    const from = new Date(anchor);
    const to = new Date(from);
    to.setUTCMonth(to.getUTCMonth() + CALENDAR_MONTHS);
    sky = {
      anchor,
      expiresAt: anchor + interval,
      events: skyEvents({ from, to, bodies: BODY_NAMES }),
      feeds: new Map(),
    };
    cache.set(key, sky);
  }
  const chosen = `${origin}|${bodies.join(",")}${personal ? `|${personal.id}` : ""}`;
  let feed = sky.feeds.get(chosen);
  if (!feed) {
    const events = sky.events.filter((e) => bodies.includes(e.body));
    if (personal) events.push(...personal.events.filter((e) => e.at.getTime() >= sky.anchor));
    events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.uid.localeCompare(b.uid));
    const text = writeCalendar({
      events,
      origin,
      stamp: new Date(sky.anchor),
      ttlSeconds: Math.round(interval / 1000),
    });
    feed = {
      text,
      etag: etagOf(text),
      computedAt: sky.anchor,
      expiresAt: sky.expiresAt,
    };
    if (sky.feeds.size >= MAX_FEEDS_PER_SKY) sky.feeds.delete(sky.feeds.keys().next().value!);
    sky.feeds.set(chosen, feed);
  }
  return feed;
}
