import { castBirthChart } from "./birth-chart.server";
import type { BirthProfile } from "./birth-profiles.server";
import { CALENDAR_MONTHS, formatUtc, type SkyEvent } from "./calendar.server";
import { transitEvents } from "./natal-transits.server";

/**
 * A member's personal events for the calendar feed: the exact transits of the coming year to their saved chart,
 * as sky-calendar events (calendar.server.ts writes them with the sky's own). Computed once per member, chart and
 * UTC day, and kept in memory for the day (a year of transits takes a few hundred milliseconds).
 */
const UID_DOMAIN = "personal-transits.ten-principles";
const cache = new Map<string, { day: string; events: SkyEvent[] }>();
const MAX_MEMBERS = 500;

export function personalTransitEvents({
  userId,
  profile,
  now = new Date(),
}: {
  userId: number;
  profile: BirthProfile;
  now?: Date;
}): SkyEvent[] {
  if (!profile.birthDate || !profile.placeId) return [];
  const day = now.toISOString().slice(0, 10);
  const key = `${userId}|${profile.updatedAt}|${profile.calendarKeyVersion}`;
  const kept = cache.get(key);
  if (kept && kept.day === day) return kept.events;

  const result = castBirthChart({
    date: profile.birthDate,
    time: profile.birthTime,
    placeId: profile.placeId,
    houseSystem: profile.houseSystem,
    fold: profile.fold,
  });
  if (result.status !== "chart") return [];
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + CALENDAR_MONTHS);
  const events: SkyEvent[] = transitEvents(result.chart, from, to).map((e) => ({
    uid: `${[
      "transit",
      e.transiting,
      e.type,
      e.natal.replace(/ /g, "-"),
      e.at.toISOString().slice(0, 10).replace(/-/g, ""),
    ]
      .join("-")
      .toLowerCase()}@${UID_DOMAIN}`,
    kind: "personal-transit",
    body: e.transiting,
    at: e.at,
    summary: `${e.transiting} ${e.type} your natal ${e.natal}`,
    description: `Transiting ${e.transiting} is exactly ${e.type === "conjunction" ? "conjunct" : `in ${e.type} to`} the ${e.natal} of your birth chart at ${formatUtc(e.at)}.`,
    path: "/user-profile/birth-data",
    linkLabel: "Your birth chart",
  }));
  if (cache.size >= MAX_MEMBERS) cache.delete(cache.keys().next().value!);
  cache.set(key, { day, events });
  return events;
}
