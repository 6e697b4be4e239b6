import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest } from "express";
import { createVisitorMemo } from "~/page-cache/memo.server";
import type { PageSection } from "~/page-cache/section";
import { preferencesVariant, variantOfPreferences } from "~/preferences/page-cache.server";
import { DEFAULT_PREFERENCES } from "~/preferences/schema";
import { visitorIdOfRequest } from "~/utils/visitor.server";
import { SAVED_READINGS_HOLE } from "./angel";
import { getAngelVisitor, type AngelVisitor } from "./angel.server";
import { NAME_NUMBER_FIELDS } from "./name-numbers.server";
import { savedReadingsHtml } from "./saved-readings-hole.server";

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
 * per preference set, rendered as a template in which the list is a hole (decision 112), filled on every response
 * with the list of that response's visitor (`savedReadingsHole`, from their id; none without one). The key's
 * preferences and the list are read together, once per request (`angelVisitorOfRequest`, decision 124). An address
 * naming a reading of theirs (`?reading=`) or a number to fill in (`?number=`) is rendered each time.
 */
export const angelPage: PageSection = {
  name: "angel",
  paths: [/^\/angel\/?$/],
  uncachedBy: ["reading", "number"],
  vary: async (req) => variantOfPreferences((await angelVisitorOfRequest(req)).preferences),
  holes: { [SAVED_READINGS_HOLE]: savedReadingsHole },
};

/**
 * What a kept angel page shows of the visitor of a request as the server received it (their preferences and saved
 * readings), read once per request in one round trip (decision 124): the section keys the kept page by the
 * preferences (`vary`) and fills the list's hole (`savedReadingsHole`) from this one read. A visitor without an id
 * has the default preferences and no readings, without a query. A failed read is this promise's rejection, seen by
 * both (the page is then rendered whole, as when reading the preferences fails).
 */
export function angelVisitorOfRequest(req: IncomingMessage): Promise<AngelVisitor> {
  let visitor = angelVisitorOfIncoming.get(req);
  if (!visitor) {
    visitor = visitorIdOfRequest(req).then((sessionId) =>
      sessionId ? angelVisitors.get(sessionId) : { preferences: { ...DEFAULT_PREFERENCES }, readings: [] },
    );
    angelVisitorOfIncoming.set(req, visitor);
  }
  return visitor;
}
const angelVisitorOfIncoming = new WeakMap<IncomingMessage, Promise<AngelVisitor>>();

/** Returning visitors' preferences and saved readings as their kept angel pages show them (decision 128). */
const angelVisitors = createVisitorMemo({ read: (sessionId) => getAngelVisitor({ sessionId }) });

/**
 * The hole's renderer: the list of this request's visitor, from the read that keyed the page (one per request; a
 * visitor without an id has none). A failed read shows no list, as the uncached page's loader does. The read is
 * remembered until the visitor saves something, as one frozen object (decision 128): its list's HTML is rendered
 * once and remembered with it.
 */
export async function savedReadingsHole(req: ExpressRequest): Promise<string> {
  const visitor = await angelVisitorOfRequest(req).catch(() => null);
  if (!visitor) return "";
  let html = htmlOfVisitor.get(visitor);
  if (html === undefined) {
    html = savedReadingsHtml(visitor.readings);
    htmlOfVisitor.set(visitor, html);
  }
  return html;
}
const htmlOfVisitor = new WeakMap<AngelVisitor, string>();
