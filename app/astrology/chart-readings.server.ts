import { z } from "zod";
import { generateStructured } from "~/ai/ai.server";
import type { AiFailureCode, TextProvider } from "~/ai/provider";
import { hitCostLimit, type Person } from "~/utils/cost-limits.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { composeChartReadings, planetFacts, type PlanetReading } from "./chart-reading";
import type { NatalChart } from "./natal-chart.server";
import { READING_FAILURE_TEXT } from "./tab";
import { BODY_NAMES } from "./zodiac";

/**
 * Readings of a birth chart, one per planet, by the configured AI provider or, by default, the offline composer
 * (chart-reading.ts). The provider gets each planet's facts (sign, house, strongest aspect, principle) and must name
 * the sign; a reading that does not is replaced by the composer's, so every reading says what the chart says.
 */
export type ChartReadingsResult =
  | { ok: true; readings: PlanetReading[]; provider: string }
  | { ok: false; code: "RATE_LIMITED" | AiFailureCode; message: string };

const answerSchema = z.object({
  readings: z.array(z.object({ planet: z.enum(BODY_NAMES), reading: z.string().min(1).max(2000) })).min(1),
});

export const CHART_READING_LIMIT = { limit: 30, windowSeconds: 60 };

export async function chartReadings({
  chart,
  person,
  provider,
}: {
  chart: NatalChart;
  person: Person;
  /** for tests: a stand-in provider (undefined: the configured one, null: offline) */
  provider?: TextProvider | null;
}): Promise<ChartReadingsResult> {
  const limit = await hitCostLimit("birth-chart-reading", person, CHART_READING_LIMIT);
  if (!limit.allowed)
    return { ok: false, code: "RATE_LIMITED", message: tooManyRequestsMessage(limit.retryAfterSeconds) };
  const offline = composeChartReadings(chart);
  const facts = chart.points.filter((p) => p.name !== "North Node").map((p) => planetFacts(chart, p));
  const result = await generateStructured({
    request: {
      task: "birth_chart_reading",
      system:
        "You write short birth-chart readings for a numerology site whose ontology has ten principles, one per digit (0 Nonseparation … 9 Omniscience). For each planet write two to four sentences of plain prose that name its sign, its house (when given) and its strongest aspect, read through its principle as 'Universal <name>, principle <digit>'.",
      prompt: [
        "The chart's planets as JSON (house null: the birth time is unknown):",
        JSON.stringify(facts),
        'Answer as JSON: {"readings": [{"planet": "Sun", "reading": "..."}, ...]} with one entry per planet.',
      ].join("\n"),
      schema: answerSchema,
    },
    offline: () => ({ readings: offline }),
    ...(provider === undefined ? {} : { provider }),
    offlineOnMalformed: true,
  });
  if (!result.ok) return { ok: false, code: result.code, message: READING_FAILURE_TEXT };
  const given = new Map(result.value.readings.map((r) => [r.planet, r.reading.trim()]));
  const readings = offline.map((o) => {
    const text = given.get(o.planet);
    const sign = chart.points.find((p) => p.name === o.planet)!.sign;
    return text && text.includes(sign) ? { planet: o.planet, reading: text } : o;
  });
  return { ok: true, readings, provider: result.provider };
}
