import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { preferences } from "#db/schema";
import { DEFAULT_PREFERENCES, type Preferences } from "./schema";

export async function getPreferences({ sessionId }: { sessionId: string }): Promise<Preferences> {
  const [row] = await db
    .select({ style: preferences.style, composition: preferences.composition, keywords: preferences.keywords })
    .from(preferences)
    .where(eq(preferences.sessionId, sessionId))
    .limit(1);
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
