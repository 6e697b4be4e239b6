import type { IncomingMessage } from "node:http";
import { DEFAULT_PREFERENCES } from "~/preferences/schema";
import { createVisitorMemo } from "~/utils/visitor-memo.server";
import { visitorIdOfRequest } from "~/utils/visitor.server";
import { getAngelVisitor, type AngelVisitor } from "./angel.server";

/**
 * What a kept angel page shows of the visitor of a request as the server received it (their preferences and saved
 * readings), read once per request in one round trip (decision 124): the page cache keys the kept page by the
 * preferences (the section's `vary`) and fills the list's hole (`savedReadingsHole`) from this one read. A visitor
 * without an id has the default preferences and no readings, without a query. A failed read is this promise's
 * rejection, seen by both (the page is then rendered whole, as when reading the preferences fails).
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
