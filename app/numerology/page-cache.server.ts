import { newVisitorVariant, preferencesVariant } from "~/preferences/page-cache.server";
import type { PageSection } from "~/utils/page-cache.server";

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

/** The angel page lists the visitor's saved readings: kept only for a visitor who has no id (so no readings) yet. */
export const angelPage: PageSection = {
  name: "angel",
  paths: [/^\/angel\/?$/],
  vary: newVisitorVariant,
};
