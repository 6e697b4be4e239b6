import { z } from "zod";
import { generateStructured } from "~/ai/ai.server";
import type { AiFailureCode, TextProvider } from "~/ai/provider";
import { hitCostLimit, type Person } from "~/utils/cost-limits.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { CHART_READING_LIMIT } from "./chart-readings.server";
import { composeContactReading, contactFacts, READ_CONTACTS, type ContactReading } from "./synastry-reading";
import type { Synastry } from "./synastry.server";
import { READING_FAILURE_TEXT } from "./tab";

/**
 * Readings of a synastry's tightest contacts by the configured AI provider or, by default, the offline composer
 * (synastry-reading.ts), counted per person as the birth chart's readings are. The provider gets each contact's
 * facts (both points, their principles, the ontology's relation) and must name both points of the contact it reads;
 * a reading that does not is replaced by the composer's, so no reading is generic.
 */
export type SynastryReadingsResult =
  | { ok: true; readings: ContactReading[]; provider: string }
  | { ok: false; code: "RATE_LIMITED" | AiFailureCode; message: string };

const answerSchema = z.object({
  readings: z.array(z.object({ index: z.number().int().min(0), reading: z.string().min(1).max(2000) })).min(1),
});

export async function synastryReadings({
  synastry,
  person,
  provider,
}: {
  synastry: Synastry;
  person: Person;
  /** for tests: a stand-in provider (undefined: the configured one, null: offline) */
  provider?: TextProvider | null;
}): Promise<SynastryReadingsResult> {
  const limit = await hitCostLimit("synastry-reading", person, CHART_READING_LIMIT);
  if (!limit.allowed)
    return { ok: false, code: "RATE_LIMITED", message: tooManyRequestsMessage(limit.retryAfterSeconds) };
  const facts = synastry.aspects.slice(0, READ_CONTACTS).map((x) => contactFacts(synastry, x));
  const offline = facts.map((f) => ({ contact: f.contact, reading: composeContactReading(f) }));
  const result = await generateStructured({
    request: {
      task: "synastry_reading",
      system:
        "You write short readings of the contacts between two people's birth charts for a numerology site whose ontology has ten principles, one per digit (0 Nonseparation … 9 Omniscience). For each contact write two to four sentences of plain prose that name both people's points and the aspect, read each planet through its principle as 'Universal <name>, principle <digit>', and use the given relation between the two principles. No scores, no percentages, no generic advice.",
      prompt: [
        "The contacts as JSON, the tightest first (principle null: an angle, which has none):",
        JSON.stringify(facts.map((f, index) => ({ index, ...f }))),
        'Answer as JSON: {"readings": [{"index": 0, "reading": "..."}, ...]} with one entry per contact.',
      ].join("\n"),
      schema: answerSchema,
    },
    offline: () => ({ readings: offline.map((o, index) => ({ index, reading: o.reading })) }),
    ...(provider === undefined ? {} : { provider }),
    offlineOnMalformed: true,
  });
  if (!result.ok) return { ok: false, code: result.code, message: READING_FAILURE_TEXT };
  const given = new Map(result.value.readings.map((r) => [r.index, r.reading.trim()]));
  const readings = offline.map((o, index) => {
    const text = given.get(index);
    const f = facts[index]!;
    const namesBoth = text && text.includes(f.a.point) && text.includes(f.b.point) && !/\d+\s?%/.test(text);
    return namesBoth ? { contact: o.contact, reading: text } : o;
  });
  return { ok: true, readings, provider: result.provider };
}
