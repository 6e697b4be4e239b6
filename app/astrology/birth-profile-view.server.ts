import { nameNumbers } from "~/numerology/name-numbers";
import { castBirthChart } from "./birth-chart.server";
import type { BirthProfile } from "./birth-profiles.server";
import { transitsAt, transitSentence } from "./natal-transits.server";
import { placeById } from "./places.server";

/**
 * What the member's birth data page shows of a saved profile: the chart in one sentence with the address that
 * opens it, today's transits, and the name numbers with the address that shows their working.
 */
export function chartAddress(p: {
  date: string;
  time: string | null;
  placeId: number;
  placeName: string;
  houses: string;
  fold: string | null;
}): string {
  const params = new URLSearchParams({ date: p.date, time: p.time ?? "", q: p.placeName, place: String(p.placeId) });
  params.set("houses", p.houses);
  if (p.fold) params.set("fold", p.fold);
  return `/birth-chart?${params.toString()}`;
}

export function birthProfileView(profile: BirthProfile, now: Date = new Date()) {
  let chart: { summary: string; href: string; transits: string[] } | null = null;
  if (profile.birthDate && profile.placeId) {
    const place = placeById(profile.placeId);
    const cast = castBirthChart({
      date: profile.birthDate,
      time: profile.birthTime,
      placeId: profile.placeId,
      houseSystem: profile.houseSystem,
      fold: profile.fold,
    });
    if (place && cast.status === "chart") {
      const sun = cast.chart.points.find((p) => p.name === "Sun")!;
      const moon = cast.chart.points.find((p) => p.name === "Moon")!;
      const asc = cast.chart.angles ? `, Ascendant in ${cast.chart.angles.ascendant.sign}` : "";
      chart = {
        summary: `Born ${profile.birthDate}${profile.birthTime ? ` at ${profile.birthTime}` : " (time unknown)"} in ${cast.birth.place.label}: Sun in ${sun.sign}, Moon in ${moon.sign}${asc}.`,
        href: chartAddress({
          date: profile.birthDate,
          time: profile.birthTime,
          placeId: profile.placeId,
          placeName: place.name,
          houses: profile.houseSystem,
          fold: profile.fold,
        }),
        transits: transitsAt(cast.chart, now).map(transitSentence),
      };
    }
  }
  let names: { summary: string; href: string } | null = null;
  if (profile.birthName) {
    const n = nameNumbers(profile.birthName, profile.yConvention);
    const params = new URLSearchParams({
      name: profile.birthName,
      current: profile.currentName ?? "",
      y: profile.yConvention,
    });
    names = {
      summary: `${profile.birthName}${profile.currentName ? ` (now ${profile.currentName})` : ""}: Expression ${n.expression.value}, Soul Urge ${n.soulUrge.value}, Personality ${n.personality.value}.`,
      href: `/birth-date?${params.toString()}#name-numbers`,
    };
  }
  return chart || names ? { chart, names } : null;
}
