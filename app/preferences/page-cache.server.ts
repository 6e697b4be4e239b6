import type { Request as ExpressRequest } from "express";
import type { Variant } from "~/utils/page-cache.server";
import { readVisitorId } from "~/utils/visitor.server";
import { getPreferences } from "./preferences.server";
import { DEFAULT_PREFERENCES, type Preferences } from "./schema";

function visitorIdOf(req: ExpressRequest): Promise<string | null> {
  const header = req.headers["x-session-id"];
  return readVisitorId({ cookie: req.headers.cookie, sessionHeader: typeof header === "string" ? header : null });
}

/**
 * For pages that show the visitor's saved preferences (the home page's and the astrology page's forms, the
 * readings they shape): the preferences are read before rendering, key the kept page (one page per preference
 * set, bounded by the cache's size) and reach the loaders through the load context (`visitorPreferences`), so
 * the page is rendered from exactly the preferences its key names, even if they are saved again meanwhile.
 */
export async function preferencesVariant(req: ExpressRequest): Promise<Variant & { preferences: Preferences }> {
  const sessionId = await visitorIdOf(req);
  const preferences = sessionId ? await getPreferences({ sessionId }) : { ...DEFAULT_PREFERENCES };
  const { style, composition, keywords } = preferences;
  return {
    key: JSON.stringify([style, composition, keywords]),
    context: { visitorPreferences: preferences },
    preferences,
  };
}

/** For pages that list what a visitor saved (the angel page's history): kept only for a visitor with no id yet. */
export async function newVisitorVariant(req: ExpressRequest): Promise<Variant | null> {
  return (await visitorIdOf(req)) ? null : { key: "new visitor" };
}
