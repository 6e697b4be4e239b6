import { describeTimeBasis, formatOffset, resolveBirthTime, type Fold, type TimeBasis } from "./birth-time";
import type { HouseSystem } from "./houses";
import { CHART_MAX_INSTANT, CHART_MIN_INSTANT, computeNatalChart, type NatalChart } from "./natal-chart.server";
import { placeById, placeLabel, type Place } from "./places.server";

/**
 * A birth as a visitor gives it (date, clock time or none, a GeoNames place, a house system, and which of two
 * repeated clock times) → the chart, or the question a repeated clock time asks. The page, the JSON API, the
 * saved chart and the personal calendar all come through here.
 */
export type BirthInput = {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, or null when unknown */
  time: string | null;
  placeId: number;
  houseSystem: HouseSystem;
  fold: Fold | null;
};

export type BirthFacts = {
  date: string;
  time: string | null;
  place: Place & { label: string };
  /** ISO instant the chart is cast for */
  instant: string;
  /** the UTC offset used, e.g. "UTC+01:00" */
  offset: string;
  basis: TimeBasis["kind"];
  /** one sentence on which offset was used and why */
  basisText: string;
};

export type BirthChartResult =
  | { status: "chart"; birth: BirthFacts; chart: NatalChart }
  | {
      status: "ambiguous";
      place: Place & { label: string };
      message: string;
      choices: { fold: Fold; offset: string; instant: string }[];
    }
  | { status: "invalid"; field: "place" | "date"; message: string };

export function castBirthChart(input: BirthInput): BirthChartResult {
  const found = placeById(input.placeId);
  if (!found) return { status: "invalid", field: "place", message: "That place is not in the list. Search again." };
  const place = { ...found, label: placeLabel(found) };
  const [year, month, day] = input.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = input.time ? (input.time.split(":").map(Number) as [number, number]) : [12, 0];
  const resolved = resolveBirthTime(
    { year, month, day, hour, minute },
    place.timeZone,
    place.longitude,
    input.fold ?? undefined,
  );
  if (!resolved.ok) {
    return {
      status: "ambiguous",
      place,
      message: `${input.time} happened twice in ${place.timeZone} on ${input.date}: the clocks went back that night. Which one was it?`,
      choices: resolved.choices.map((c) => ({
        fold: c.fold,
        offset: formatOffset(c.offsetSeconds),
        instant: c.instant.toISOString(),
      })),
    };
  }
  const t = resolved.instant.getTime();
  if (t < CHART_MIN_INSTANT || t > CHART_MAX_INSTANT) {
    return { status: "invalid", field: "date", message: "Charts can be cast for births from 1800 to 2100." };
  }
  const chart = computeNatalChart({
    instant: resolved.instant,
    latitude: place.latitude,
    longitude: place.longitude,
    timeKnown: input.time !== null,
    houseSystem: input.houseSystem,
  });
  return {
    status: "chart",
    birth: {
      date: input.date,
      time: input.time,
      place,
      instant: resolved.instant.toISOString(),
      offset: formatOffset(resolved.basis.offsetSeconds),
      basis: resolved.basis.kind,
      basisText:
        (input.time ? "" : "No birth time was given, so the chart is cast for noon. ") +
        describeTimeBasis(resolved.basis, place.timeZone),
    },
    chart,
  };
}
