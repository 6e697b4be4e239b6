import type { Request as ExpressRequest } from "express";
import { createVisitorMemo } from "~/page-cache/memo.server";
import type { Variant } from "~/page-cache/section";
import { visitorIdOfRequest } from "~/utils/visitor.server";
import { getPreferences } from "./preferences.server";
import { DEFAULT_PREFERENCES, type Preferences } from "./schema";

/**
 * For pages that show the visitor's saved preferences (the home page's and the astrology page's forms, the
 * readings they shape): the preferences are read before rendering, key the kept page (one page per preference
 * set, bounded by the cache's size) and reach the loaders through the load context (`visitorPreferences`), so
 * the page is rendered from exactly the preferences its key names, even if they are saved again meanwhile. A
 * returning visitor's preferences are remembered until they save them again (decision 128).
 */
export async function preferencesVariant(req: ExpressRequest): Promise<Variant> {
  const sessionId = await visitorIdOfRequest(req);
  return sessionId ? visitorVariants.get(sessionId) : variantOfPreferences({ ...DEFAULT_PREFERENCES });
}
const visitorVariants = createVisitorMemo({
  read: async (sessionId) => variantOfPreferences(await getPreferences({ sessionId })),
});

/** The kept page's key and load context for a visitor's preferences, however they were read (the angel page's). */
export const variantOfPreferences = (preferences: Preferences): Variant => ({
  key: JSON.stringify([preferences.style, preferences.composition, preferences.keywords]),
  context: { visitorPreferences: preferences },
});
