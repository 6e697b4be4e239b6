/**
 * What the birth-chart and the synastry benchmarks share (scripts/bench-birth-charts.ts, bench-synastry.ts): the
 * places and births they ask for, the server's CPU time, and the percentiles they print.
 */
import { readFileSync } from "node:fs";
import { searchPlaces, warmPlaces } from "../app/astrology/places.server";

export const PLACES = [
  "Ulm",
  "London",
  "New York City",
  "Tromsø",
  "Sydney",
  "Buenos Aires",
  "Mumbai",
  "Tokyo",
  "Nairobi",
  "Lima",
];

/** CPU time (user + system) the server process has used, from /proc (Linux), in ms: independent of the load. */
export function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
}

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: samples.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

export function line(label: string, s: ReturnType<typeof stats>) {
  console.log(
    `${label.padEnd(52)} n=${s.n}  p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  max ${s.max.toFixed(2)} ms`,
  );
}

/** The i-th benchmark birth: dates across three centuries, times across the day, places across the world. */
export function birth(i: number, placeIds: number[]) {
  const year = 1800 + ((i * 37) % 300);
  const month = 1 + ((i * 5) % 12);
  const day = 1 + ((i * 11) % 28);
  const hour = (i * 7) % 24;
  const minute = (i * 13) % 60;
  return {
    date: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    time: i % 10 === 9 ? null : `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
    placeId: placeIds[i % placeIds.length]!,
    houseSystem: i % 2 ? ("whole-sign" as const) : ("placidus" as const),
    fold: "later" as const,
  };
}

const t0 = performance.now();
warmPlaces();
console.log(`place index built in ${(performance.now() - t0).toFixed(0)} ms (once per process)`);
export const placeIds = PLACES.map((name) => searchPlaces(name, 1)[0]!.id);
