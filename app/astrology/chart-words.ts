/**
 * A birth chart in words, for the page, a screen reader, the readings and the API alike: "Sun in Leo, 12 degrees
 * 4 minutes, in the tenth house" and "Sun trine Moon, orb 2 degrees, applying". Shared by server and browser
 * (types only from the chart module).
 */
import type { Aspect, ChartPoint, ChartPosition, NatalChart } from "./natal-chart.server";

const ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
] as const;

export function houseOrdinal(house: number): string {
  return ORDINALS[house - 1] ?? String(house);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "12 degrees 4 minutes" */
export function degreesInWords(p: Pick<ChartPosition, "degrees" | "minutes">): string {
  return `${plural(p.degrees, "degree")} ${plural(p.minutes, "minute")}`;
}

/** "12°04′" */
export function degreesInFigures(p: Pick<ChartPosition, "degrees" | "minutes">): string {
  return `${p.degrees}°${String(p.minutes).padStart(2, "0")}′`;
}

/** "Sun in Leo, 12 degrees 4 minutes, in the tenth house" (", retrograde" when it is) */
export function pointSentence(p: ChartPoint): string {
  const parts = [`${p.name} in ${p.sign}, ${degreesInWords(p)}`];
  if (p.isRetrograde && p.name !== "North Node") parts.push("retrograde");
  if (p.house !== null) parts.push(`in the ${houseOrdinal(p.house)} house`);
  return parts.join(", ");
}

export function angleSentence(name: "Ascendant" | "Midheaven", p: ChartPosition): string {
  return `${name} in ${p.sign}, ${degreesInWords(p)}`;
}

/** the orb to the nearest whole degree, or in minutes under one degree */
export function orbInWords(orb: number): string {
  const whole = Math.round(orb);
  if (whole >= 1) return plural(whole, "degree");
  return plural(Math.round(orb * 60), "minute");
}

/** "Sun trine Moon, orb 2 degrees, applying" */
export function aspectSentence(a: Aspect): string {
  return `${a.from} ${a.type} ${a.to}, orb ${orbInWords(a.orb)}, ${a.applying ? "applying" : "separating"}`;
}

/** The aspect of a point with the smallest orb, or null. */
export function strongestAspect(chart: Pick<NatalChart, "aspects">, name: string): Aspect | null {
  let best: Aspect | null = null;
  for (const a of chart.aspects) {
    if (a.from !== name && a.to !== name) continue;
    if (!best || a.orb < best.orb) best = a;
  }
  return best;
}

/** The other point of an aspect, seen from `name`. */
export function aspectPartner(a: Aspect, name: string): string {
  return a.from === name ? a.to : a.from;
}

/** The chart's one-paragraph summary: the `<desc>` of the wheel. */
export function chartSummary(chart: NatalChart): string {
  const sun = chart.points.find((p) => p.name === "Sun")!;
  const moon = chart.points.find((p) => p.name === "Moon")!;
  const parts = [`Sun in ${sun.sign}`, `Moon in ${moon.sign}`];
  if (chart.angles) parts.push(`Ascendant in ${chart.angles.ascendant.sign}`);
  const houses = chart.houses ? `, ${chart.houses.system === "placidus" ? "Placidus" : "Whole Sign"} houses` : "";
  return `${parts.join(", ")}${houses}; ${plural(chart.aspects.length, "major aspect")}. The same chart follows in words and tables.`;
}

/** "1 degree 12 minutes" (or "12 minutes" under a degree): the orb to the arcminute, for contacts between two charts */
export function orbToTheMinute(orb: number): string {
  const total = Math.round(orb * 60);
  const degrees = Math.floor(total / 60);
  const minutes = total % 60;
  if (degrees === 0) return plural(minutes, "minute");
  return minutes ? `${plural(degrees, "degree")} ${plural(minutes, "minute")}` : plural(degrees, "degree");
}

/** "Anna's" (a name or "Person A") */
export function possessive(label: string): string {
  return `${label}'s`;
}
