import { and, eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { generatedContents } from "#db/schema";
import { generateStructured } from "~/ai/ai.server";
import { generateImage } from "~/ai/image.server";
import { CONTENT_ALERT_MESSAGE, CONTENT_ALERT_TITLE, GRAPHIC_ALERT, screenKeywords } from "~/ai/moderation.server";
import { savePreferences } from "~/preferences/preferences.server";
import type { Preferences } from "~/preferences/schema";
import { hitCostLimit, type Person } from "~/utils/cost-limits.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { composePrinciple, randomSeed, type PrincipleReading } from "./composer";
import type { Digit } from "./principles";
import { imagePrompt, principlePrompt } from "./prompts";
import { GENERATION_TEXTS } from "./texts";
import { visualEssenceUrl } from "./visual-essence";

export type GeneratedContent = PrincipleReading & { imageUrl: string | null };

export type GenerationFailure = {
  ok: false;
  code: "GRAPHIC_ALERT" | "TIMEOUT" | "PROVIDER_ERROR" | "RATE_LIMITED";
  title: string;
  message: string;
  status: number;
};

/** A screened keyword answers the spec's 'Content Alert' (the message carries GRAPHIC_ALERT for API clients). */
export function graphicAlert(): GenerationFailure {
  return { ok: false, code: GRAPHIC_ALERT, title: CONTENT_ALERT_TITLE, message: CONTENT_ALERT_MESSAGE, status: 400 };
}

/**
 * Generation is costly with a remote model: 120 a minute is generous for people, not for scripts; counted per
 * person (address, member, visitor id: decision 095), never by the visitor id alone.
 */
export async function checkGenerationRate(person: Person): Promise<GenerationFailure | null> {
  const limit = await hitCostLimit("numerology", person, { limit: 120, windowSeconds: 60 });
  if (limit.allowed) return null;
  return {
    ok: false,
    code: "RATE_LIMITED",
    title: "Too Many Requests",
    message: tooManyRequestsMessage(limit.retryAfterSeconds),
    status: 429,
  };
}

/**
 * The home generator: screen the keywords, save the preferences (only once screened: a keyword that fails the screen
 * is never kept, or every later reading would answer 'Content Alert'), write the reading (remote model or offline composer) and its visual
 * essence, store them for the visitor's session and answer the stored id with the content.
 */
export async function generateContent({
  digit,
  preferences,
  sessionId,
  userId = null,
  ip,
}: {
  digit: Digit;
  preferences: Preferences;
  sessionId: string;
  userId?: number | null;
  ip: string;
}): Promise<{ ok: true; id: number; content: GeneratedContent; provider: string } | GenerationFailure> {
  const screening = await screenKeywords(preferences.keywords);
  if (!screening.ok) return graphicAlert();
  await savePreferences({ sessionId, ...preferences });
  const rate = await checkGenerationRate({ ip, userId, sessionId });
  if (rate) return rate;

  const seed = randomSeed();
  const [text, image] = await Promise.all([
    generateStructured({
      request: principlePrompt(digit, preferences),
      offline: () => composePrinciple(digit, { ...preferences, seed }),
      offlineOnMalformed: true,
    }),
    generateImage({ seed, prompt: imagePrompt(digit), fallbackUrl: visualEssenceUrl(digit, seed) }),
  ]);
  if (!text.ok) {
    return {
      ok: false,
      code: text.code === "TIMEOUT" ? "TIMEOUT" : "PROVIDER_ERROR",
      title: text.code === "TIMEOUT" ? GENERATION_TEXTS.connectionLostTitle : GENERATION_TEXTS.failedTitle,
      message: GENERATION_TEXTS.failedMessage,
      status: text.code === "TIMEOUT" ? 504 : 502,
    };
  }
  const content: GeneratedContent = { ...text.value, imageUrl: image.imageUrl };
  const [row] = await db
    .insert(generatedContents)
    .values({
      sessionId,
      userId,
      number: digit,
      style: preferences.style,
      composition: preferences.composition,
      keywords: preferences.keywords,
      principle: content.principle,
      affirmation: content.affirmation,
      imageUrl: content.imageUrl,
      provider: text.provider,
    })
    .returning({ id: generatedContents.id });
  return { ok: true, id: row!.id, content, provider: text.provider };
}

/** A stored reading of this visitor's session (another session's id finds nothing). */
export async function getGeneratedContent({ id, sessionId }: { id: number; sessionId: string }) {
  const [row] = await db
    .select({
      id: generatedContents.id,
      number: generatedContents.number,
      principle: generatedContents.principle,
      affirmation: generatedContents.affirmation,
      imageUrl: generatedContents.imageUrl,
      provider: generatedContents.provider,
    })
    .from(generatedContents)
    .where(and(eq(generatedContents.id, id), eq(generatedContents.sessionId, sessionId)))
    .limit(1);
  if (!row) return null;
  const { provider, ...content } = row;
  return { ...content, ...budgetNotice(provider) };
}
