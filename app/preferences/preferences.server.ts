import { eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { preferences } from "#db/schema";
import { CONTENT_ALERT_MESSAGE, CONTENT_ALERT_TITLE, screenKeywords } from "~/ai/moderation.server";
import { DEFAULT_PREFERENCES, type Preferences } from "./schema";

// Prepared (decision 005): a returning visitor's home and astrology pages read it on every view, kept or not.
const preferencesBySessionQuery = preparedQuery("preferences-by-session", (db) =>
  db
    .select({ style: preferences.style, composition: preferences.composition, keywords: preferences.keywords })
    .from(preferences)
    .where(eq(preferences.sessionId, sql.placeholder("sessionId")))
    .limit(1)
    .prepare("preferences-by-session"),
);

export async function getPreferences({ sessionId }: { sessionId: string }): Promise<Preferences> {
  const [row] = await preferencesBySessionQuery().execute({ sessionId });
  return row ?? { ...DEFAULT_PREFERENCES };
}

export async function savePreferences({
  sessionId,
  ...values
}: { sessionId: string } & Preferences): Promise<Preferences> {
  await db
    .insert(preferences)
    .values({ sessionId, ...values })
    .onConflictDoUpdate({ target: preferences.sessionId, set: { ...values, updatedAt: new Date() } });
  return values;
}

/**
 * Saving from a preferences form: keywords that fail the screen are refused, never stored (stored, they would turn
 * every later reading, numerology or astrology, into 'Content Alert' until the visitor found and cleared them).
 */
export async function saveScreenedPreferences({
  sessionId,
  ...values
}: { sessionId: string } & Preferences): Promise<
  { ok: true; preferences: Preferences } | { ok: false; title: string; message: string }
> {
  const screening = await screenKeywords(values.keywords);
  if (!screening.ok) return { ok: false, title: CONTENT_ALERT_TITLE, message: CONTENT_ALERT_MESSAGE };
  return { ok: true, preferences: await savePreferences({ sessionId, ...values }) };
}
