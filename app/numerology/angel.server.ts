import { and, desc, eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { angelReadings, preferences as savedPreferences } from "#db/schema";
import { generateStructured } from "~/ai/ai.server";
import { screenKeywords } from "~/ai/moderation.server";
import { savePreferences } from "~/preferences/preferences.server";
import { DEFAULT_PREFERENCES, type Preferences } from "~/preferences/schema";
import { hashIp } from "~/utils/http.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { ANGEL_TEXTS, SAVED_READINGS_SHOWN } from "./angel";
import { composeAngelReading, randomSeed, type AngelReading } from "./composer";
import { checkGenerationRate, graphicAlert, type GenerationFailure } from "./generation.server";
import type { Digit } from "./principles";
import { angelPrompt } from "./prompts";

export type SavedAngelReading = AngelReading & {
  id: number;
  style: string;
  composition: string;
  keywords: string;
  createdAt: string;
  /** e.g. that the day's AI budget was spent and the offline composer wrote it */
  notice?: string;
};

const DEFAULT_REDUCED = { digit: 0, calculation: "", principle: "Universal Principle", meaning: "Meaning" };

/** Stored JSON text back to the spec's shapes, with its defaults for anything missing or unreadable. */
function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}
export function normaliseAngelFields(row: { universalPrinciples: string | null; reducedDigit: string | null }) {
  const principles = parseJson<unknown>(row.universalPrinciples, []);
  const reduced = parseJson<Partial<typeof DEFAULT_REDUCED>>(row.reducedDigit, {});
  return {
    universalPrinciples: Array.isArray(principles) ? (principles as AngelReading["universalPrinciples"]) : [],
    reducedDigit: { ...DEFAULT_REDUCED, ...(reduced && typeof reduced === "object" ? reduced : {}) },
  };
}

/**
 * Decodes an angel number: screen the keywords, write meaning, guidance and message (remote model or offline
 * composer; the principles and the reduction always come from the ontology, never from a model), then save the
 * reading for the visitor's session (the IP only as a keyed hash).
 */
export async function decodeAngelNumber({
  number,
  preferences,
  sessionId,
  userId = null,
  ip,
}: {
  number: string;
  preferences: Preferences;
  sessionId: string;
  userId?: number | null;
  ip: string;
}): Promise<{ ok: true; reading: SavedAngelReading } | GenerationFailure> {
  const screening = await screenKeywords(preferences.keywords);
  if (!screening.ok) return graphicAlert();
  // Kept only once screened (a failing keyword saved would turn every later reading into 'Content Alert').
  await savePreferences({ sessionId, ...preferences });
  const rate = await checkGenerationRate({ ip, userId: userId ?? null, sessionId });
  if (rate) return rate;

  const composed = composeAngelReading(number, { ...preferences, seed: randomSeed() });
  const text = await generateStructured({
    request: angelPrompt(number, composed.reducedDigit.digit as Digit, preferences),
    offline: () => ({
      meaning: composed.meaning,
      guidance: composed.guidance,
      personalizedMessage: composed.personalizedMessage,
    }),
    offlineOnMalformed: true,
  });
  if (!text.ok) {
    return {
      ok: false,
      code: text.code === "TIMEOUT" ? "TIMEOUT" : "PROVIDER_ERROR",
      title: ANGEL_TEXTS.connectionErrorTitle,
      message: ANGEL_TEXTS.decodeFailed,
      status: text.code === "TIMEOUT" ? 504 : 502,
    };
  }
  const reading: AngelReading = { ...composed, ...text.value };
  const [row] = await db
    .insert(angelReadings)
    .values({
      number,
      userId,
      sessionId,
      ipAddress: hashIp(ip),
      meaning: reading.meaning,
      guidance: reading.guidance,
      personalizedMessage: reading.personalizedMessage,
      universalPrinciples: JSON.stringify(reading.universalPrinciples),
      reducedDigit: JSON.stringify(reading.reducedDigit),
      style: preferences.style,
      composition: preferences.composition,
      keywords: preferences.keywords,
      provider: text.provider,
    })
    .returning({ id: angelReadings.id, createdAt: angelReadings.createdAt });
  return {
    ok: true,
    reading: {
      ...reading,
      id: row!.id,
      style: preferences.style,
      composition: preferences.composition,
      keywords: preferences.keywords,
      createdAt: new Date(row!.createdAt).toISOString(),
      ...budgetNotice(text.provider),
    },
  };
}

const columns = {
  id: angelReadings.id,
  number: angelReadings.number,
  meaning: angelReadings.meaning,
  guidance: angelReadings.guidance,
  personalizedMessage: angelReadings.personalizedMessage,
  universalPrinciples: angelReadings.universalPrinciples,
  reducedDigit: angelReadings.reducedDigit,
  style: angelReadings.style,
  composition: angelReadings.composition,
  keywords: angelReadings.keywords,
  provider: angelReadings.provider,
  createdAt: angelReadings.createdAt,
};

function toSaved(row: typeof angelReadings.$inferSelect | Record<keyof typeof columns, unknown>): SavedAngelReading {
  const r = row as Record<keyof typeof columns, never>;
  return {
    id: r.id,
    number: r.number,
    meaning: r.meaning,
    guidance: r.guidance,
    personalizedMessage: r.personalizedMessage,
    ...normaliseAngelFields(r),
    style: r.style,
    composition: r.composition,
    keywords: r.keywords,
    createdAt: new Date(r.createdAt as unknown as string).toISOString(),
    ...budgetNotice(r.provider),
  };
}

/** The session's saved readings, newest first (the history grid, with each whole reading to show on a click). */
export async function listSavedReadings({
  sessionId,
  limit = SAVED_READINGS_SHOWN,
}: {
  sessionId: string;
  limit?: number;
}) {
  const rows = await savedReadingsQuery().execute({ sessionId, limit });
  return rows.map(toSaved);
}
// Prepared (decision 005): an uncached angel page reads it on every view.
const savedReadingsQuery = preparedQuery("angel-saved-readings", (db) =>
  db
    .select(columns)
    .from(angelReadings)
    .where(eq(angelReadings.sessionId, sql.placeholder("sessionId")))
    .orderBy(desc(angelReadings.createdAt), desc(angelReadings.id))
    .limit(sql.placeholder("limit"))
    .prepare("angel-saved-readings"),
);

/** A saved reading as the history list links to it. */
export type SavedReadingLink = { id: number; number: string; createdAt: string };

/** What a kept angel page shows of its visitor: their preferences (in its form) and their saved readings (its list). */
export type AngelVisitor = { preferences: Preferences; readings: SavedReadingLink[] };

/**
 * The visitor's preferences (as `getPreferences` reads them) and the links of their saved readings (the readings of
 * `listSavedReadings`: the same ones in the same order, newest first, ties by id) in one prepared statement, one
 * round trip (decision 124): what the page cache reads for every view of the angel page by a returning visitor, to
 * key the kept page (decision 112) and fill its list. A visitor who saved no preferences gets their defaults.
 */
export async function getAngelVisitor({
  sessionId,
  limit = SAVED_READINGS_SHOWN,
}: {
  sessionId: string;
  limit?: number;
}): Promise<AngelVisitor> {
  const rows = await angelVisitorQuery().execute({ sessionId, limit });
  // Every row carries the preferences (null when none are saved); a row without a reading: the visitor has none.
  const saved = rows[0];
  const preferences =
    saved?.style && saved.composition && saved.keywords !== null
      ? { style: saved.style, composition: saved.composition, keywords: saved.keywords }
      : { ...DEFAULT_PREFERENCES };
  const readings = rows.flatMap((row) =>
    row.id === null || row.number === null || row.createdAt === null
      ? []
      : [{ id: row.id, number: row.number, createdAt: new Date(row.createdAt).toISOString() }],
  );
  return { preferences, readings };
}
// The visitor's preferences row (none or one) and their newest readings, each a subquery on the visitor's id, fully
// joined: a row per reading with the preferences beside it, one row of preferences alone, or none at all.
const angelVisitorQuery = preparedQuery("angel-visitor", (db) => {
  const saved = db
    .select({
      style: savedPreferences.style,
      composition: savedPreferences.composition,
      keywords: savedPreferences.keywords,
    })
    .from(savedPreferences)
    .where(eq(savedPreferences.sessionId, sql.placeholder("sessionId")))
    .as("saved_preferences");
  const readings = db
    .select({ id: angelReadings.id, number: angelReadings.number, createdAt: angelReadings.createdAt })
    .from(angelReadings)
    .where(eq(angelReadings.sessionId, sql.placeholder("sessionId")))
    .orderBy(desc(angelReadings.createdAt), desc(angelReadings.id))
    .limit(sql.placeholder("limit"))
    .as("readings");
  return db
    .select({
      style: saved.style,
      composition: saved.composition,
      keywords: saved.keywords,
      id: readings.id,
      number: readings.number,
      createdAt: readings.createdAt,
    })
    .from(saved)
    .fullJoin(readings, sql`true`)
    .orderBy(desc(readings.createdAt), desc(readings.id))
    .prepare("angel-visitor");
});

export async function getSavedReading({ id, sessionId }: { id: number; sessionId: string }) {
  const [row] = await db
    .select(columns)
    .from(angelReadings)
    .where(and(eq(angelReadings.id, id), eq(angelReadings.sessionId, sessionId)))
    .limit(1);
  return row ? toSaved(row) : null;
}
