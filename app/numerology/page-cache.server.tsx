import { renderToStaticMarkup } from "react-dom/server";
import { createVisitorMemo } from "~/page-cache/memo.server";
import type { PageSection, Variant } from "~/page-cache/section";
import { preferencesVariant, variantOfPreferences } from "~/preferences/page-cache.server";
import { DEFAULT_PREFERENCES } from "~/preferences/schema";
import { visitorIdOfRequest } from "~/utils/visitor.server";
import { SAVED_READINGS_HOLE } from "./angel";
import { getAngelVisitor, type AngelVisitor, type SavedReadingLink } from "./angel.server";
import { NAME_NUMBER_FIELDS } from "./name-numbers.server";
import { SavedReadings } from "./ui/angel-reading";

/**
 * The universal numbers and the birth-date form: the same for every signed-out visitor until the build changes. The
 * name numbers' GET form (issue 34) puts a person's name in the address: such a page is neither kept nor shared.
 */
export const numerologyPages: PageSection = {
  name: "numerology",
  paths: [/^\/numbers\/?$/, /^\/birth-date\/?$/],
  uncachedBy: [...NAME_NUMBER_FIELDS],
  shared: true,
};

/**
 * The home page shows the visitor's saved preferences in its form: one kept page per preference set. A page
 * showing generated content (`?content=ID`, the visitor's own) is not kept.
 */
export const homePage: PageSection = {
  name: "home",
  paths: [/^\/$/],
  uncachedBy: ["content"],
  vary: preferencesVariant,
};

/**
 * The angel page shows the visitor's saved preferences in its form and lists their saved readings: one kept page
 * per preference set (the home page's key), rendered as a template in which the list is a hole (decision 112),
 * filled on every response with the list of that response's visitor. Both come from one read (decision 124; a
 * visitor without an id has the defaults and no readings, without a query), remembered until the visitor saves
 * something (decision 128), the list's HTML with it. A failed read leaves the page to be rendered whole. An address
 * naming a reading of theirs (`?reading=`) or a number to fill in (`?number=`) is rendered each time.
 */
export const angelPage: PageSection = {
  name: "angel",
  paths: [/^\/angel\/?$/],
  uncachedBy: ["reading", "number"],
  vary: async (req) => {
    const sessionId = await visitorIdOfRequest(req);
    return sessionId
      ? angelVariants.get(sessionId)
      : angelVariant({ preferences: { ...DEFAULT_PREFERENCES }, readings: [] });
  },
  holes: [SAVED_READINGS_HOLE],
};

const angelVariant = ({ preferences, readings }: AngelVisitor): Variant => ({
  ...variantOfPreferences(preferences),
  holes: { [SAVED_READINGS_HOLE]: savedReadingsHtml(readings) },
});
const angelVariants = createVisitorMemo({
  read: async (sessionId) => angelVariant(await getAngelVisitor({ sessionId })),
});

/**
 * The angel page's list of saved readings as HTML for the hole: the page's own `SavedReadings` component, rendered on
 * its own (`saved-readings-hole.server.test.tsx` compares the two byte for byte). No reading is selected on a kept
 * page (an address with `?reading=` is rendered whole).
 */
export function savedReadingsHtml(readings: SavedReadingLink[]): string {
  return readings.length === 0
    ? ""
    : renderToStaticMarkup(<SavedReadings readings={readings} selectedId={undefined} />);
}
