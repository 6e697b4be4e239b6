import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.server";
import { astrologyReadingCache } from "#db/schema";
import { generateStructured } from "~/ai/ai.server";
import { screenKeywords, GRAPHIC_ALERT } from "~/ai/moderation.server";
import { quoteUserText, type TextProvider } from "~/ai/provider";
import { principleOf } from "~/numerology/principles";
import { getPreferences } from "~/preferences/preferences.server";
import {
  COMPOSITION_LABELS,
  KEYWORDS_MAX,
  STYLE_LABELS,
  type Composition,
  type Preferences,
  type Style,
} from "~/preferences/schema";
import { hitCostLimit, type Person } from "~/utils/cost-limits.server";
import { OFFLINE_BUDGET_PROVIDER } from "~/utils/paid-budget.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { composeReading } from "./composer";
import { READING_FAILURE_TEXT } from "./tab";
import { checkTerminology, groundingSentence, terminologyContract, type TerminologyCheck } from "./terminology";
import { bodyFacts, signFacts, type BodyName, type SignName } from "./zodiac";

/**
 * Personalised planetary readings: keywords screened as on the home page, then written by the configured AI
 * provider or, by default, by the offline composer; either way within the terminology contract.
 */

export type ReadingResult =
  | {
      ok: true;
      reading: string;
      provider: string;
      /** the provider's own text, before any top-up */ rawReading: string;
    }
  | { ok: false; code: typeof GRAPHIC_ALERT | "TIMEOUT" | "PROVIDER_ERROR"; message: string }
  | { ok: false; code: "RATE_LIMITED"; message: string; retryAfterSeconds: number };

const readingSchema = z.object({ reading: z.string().min(1) });

export async function generatePersonalizedReading({
  planet,
  sign,
  style,
  composition,
  keywords,
  provider,
}: {
  planet: BodyName;
  sign: SignName;
  style: Style;
  composition: Composition;
  keywords: string;
  /** for tests: a stand-in provider (undefined: the configured one, null: offline) */
  provider?: TextProvider | null;
}): Promise<ReadingResult> {
  const screened = await screenKeywords(keywords);
  if (!screened.ok) return { ok: false, code: GRAPHIC_ALERT, message: `${GRAPHIC_ALERT}: ${screened.message}` };

  const contract = terminologyContract(planet, sign);
  const body = bodyFacts(planet);
  const zodiac = signFacts(sign);
  const result = await generateStructured({
    request: {
      task: "astrology_reading",
      system:
        "You write short personalised astrological readings for a numerology site whose ontology has ten principles, one per digit (0 Nonseparation … 9 Omniscience). Write in plain prose, no headings, no lists; paragraphs separated by blank lines. " +
        `Terminology contract: name the planet's principle as "Universal ${contract.principle.name}" and as "principle ${contract.principle.number}" (at least ${contract.principle.required} mentions together), mention "0, Universal Nonseparation" at least ${contract.zero.required} time, and name the sign's element "${contract.special.term}" at least ${contract.special.required} time.`,
      prompt: [
        `Planet: ${planet} (${body.attribute}); principle ${body.principle}, Universal ${principleOf(body.principle).name}.`,
        `Sign: ${sign}, a ${zodiac.modality} ${zodiac.element} sign; keywords: ${zodiac.keywords.join(", ")}.`,
        `Style: ${STYLE_LABELS[style]}. Length: ${COMPOSITION_LABELS[composition]}.`,
        keywords ? quoteUserText("Focus keywords", keywords) : "No focus keywords.",
        'Answer as JSON: {"reading": "..."}',
      ].join("\n"),
      schema: readingSchema,
    },
    offline: () => ({ reading: composeReading({ planet, sign, style, composition, keywords }) }),
    ...(provider === undefined ? {} : { provider }),
  });
  if (!result.ok) return { ok: false, code: result.code, message: READING_FAILURE_TEXT };
  const rawReading = result.value.reading.trim();
  const reading = checkTerminology(rawReading, planet, sign).compliant
    ? rawReading
    : `${rawReading}\n\n${groundingSentence(planet, sign)}`;
  return { ok: true, reading, rawReading, provider: result.provider };
}

/** The debug tool's answer: a reading (default preferences) and the check of the provider's own text. */
export async function testTerminology({
  planet,
  sign,
}: {
  planet: BodyName;
  sign: SignName;
}): Promise<{ reading: string; terminologyCheck: TerminologyCheck } | { error: string }> {
  const result = await generatePersonalizedReading({
    planet,
    sign,
    style: "poetic",
    composition: "detailed",
    keywords: "",
  });
  if (!result.ok) return { error: "Error: Failed to test terminology" };
  return { reading: result.rawReading, terminologyCheck: checkTerminology(result.rawReading, planet, sign) };
}

/** Readings written per person per minute (cache misses only: a cached reading is free). */
export const READING_LIMIT = { limit: 60, windowSeconds: 60 };

/** The cache key of a reading: planet, sign, preferences and the UTC day. */
export function readingCacheKey(
  input: { planet: string; sign: string; style: string; composition: string; keywords: string },
  now = new Date(),
) {
  const day = now.toISOString().slice(0, 10);
  return createHash("sha256")
    .update(JSON.stringify([day, input.planet, input.sign, input.style, input.composition, input.keywords]))
    .digest("hex");
}

/**
 * The spec's keyword rule: the keywords sent with the request when non-empty, otherwise the saved preference.
 * Readings come from a cache keyed by planet, sign, preferences and day (decision 095), so a reload or another
 * visitor with the same choices is not a new provider call; a miss counts against the person's limit.
 */
export async function readingForVisitor({
  sessionId,
  person,
  planet,
  sign,
  keywords,
  preferences: known,
}: {
  sessionId: string;
  person: Person;
  planet: BodyName;
  sign: SignName;
  keywords?: string;
  /** the visitor's preferences when the caller already has them */
  preferences?: Preferences;
}): Promise<ReadingResult> {
  const preferences = known ?? (await getPreferences({ sessionId }));
  const chosen = (keywords ?? "").trim().slice(0, KEYWORDS_MAX) || preferences.keywords;
  const input = { planet, sign, style: preferences.style, composition: preferences.composition, keywords: chosen };
  const cacheKey = readingCacheKey(input);
  const [cached] = await db
    .select({ reading: astrologyReadingCache.reading, provider: astrologyReadingCache.provider })
    .from(astrologyReadingCache)
    .where(and(eq(astrologyReadingCache.cacheKey, cacheKey), gt(astrologyReadingCache.expiresAt, sql`now()`)))
    .limit(1);
  if (cached) return { ok: true, reading: cached.reading, rawReading: cached.reading, provider: cached.provider };

  const limit = await hitCostLimit("astrology-reading", person, READING_LIMIT);
  if (!limit.allowed) {
    return {
      ok: false,
      code: "RATE_LIMITED",
      message: tooManyRequestsMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const result = await generatePersonalizedReading(input);
  // A reading written offline because the budget was spent is not kept as the day's reading.
  if (result.ok && result.provider !== OFFLINE_BUDGET_PROVIDER) {
    await db
      .insert(astrologyReadingCache)
      .values({
        cacheKey,
        reading: result.reading,
        provider: result.provider,
        expiresAt: new Date(Date.now() + 26 * 3600 * 1000),
      })
      .onConflictDoNothing();
  }
  return result;
}
