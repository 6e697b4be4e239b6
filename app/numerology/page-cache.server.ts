import { preferencesVariant, variantOfPreferences } from "~/preferences/page-cache.server";
import type { PageSection } from "~/utils/page-cache.server";
import { SAVED_READINGS_HOLE } from "./angel";
import { angelVisitorOfRequest } from "./angel-visitor.server";
import { savedReadingsHole } from "./saved-readings-hole.server";

/** The universal numbers and the birth-date form: the same for every signed-out visitor until the build changes. */
export const numerologyPages: PageSection = {
  name: "numerology",
  paths: [/^\/numbers\/?$/, /^\/birth-date\/?$/],
  shared: true,
};

/**
 * The home page shows the visitor's saved preferences in its form: one kept page per preference set. A page
 * showing generated content (`?content=ID`, the visitor's own) is not kept (its loader calls doNotCache).
 */
export const homePage: PageSection = {
  name: "home",
  paths: [/^\/$/],
  vary: preferencesVariant,
};

/**
 * The angel page shows the visitor's saved preferences in its form and lists their saved readings: one kept page
 * per preference set, rendered as a template in which the list is a hole (decision 112), filled on every response
 * with the list of that response's visitor (`savedReadingsHole`, from their id; none without one). The key's
 * preferences and the list are read together, once per request (`angelVisitorOfRequest`, decision 124). An address
 * naming a reading of theirs (`?reading=`) or a number to fill in (`?number=`) is rendered each time.
 */
export const angelPage: PageSection = {
  name: "angel",
  paths: [/^\/angel\/?$/],
  vary: async (req) =>
    renderedEachTime(req.url) ? null : variantOfPreferences((await angelVisitorOfRequest(req)).preferences),
  holes: { [SAVED_READINGS_HOLE]: savedReadingsHole },
};
/** Read as the loader reads its URL (names decoded): the route's loader also refuses such a page (doNotCache). */
function renderedEachTime(url: string): boolean {
  const at = url.indexOf("?");
  const query = new URLSearchParams(at === -1 ? "" : url.slice(at + 1).split("#", 1)[0]);
  return query.has("reading") || query.has("number");
}
