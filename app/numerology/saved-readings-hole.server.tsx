import type { Request as ExpressRequest } from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { angelVisitorOfRequest } from "./angel-visitor.server";
import type { AngelVisitor, SavedReadingLink } from "./angel.server";
import { SavedReadings } from "./ui/angel-reading";

/**
 * The angel page's list of saved readings as HTML, for the page cache to put into the kept page (decision 112):
 * the page's own `SavedReadings` component, rendered on its own, so the markup is the page's (escaped by React;
 * `saved-readings-hole.server.test.tsx` compares the two byte for byte). No reading is selected on a kept page
 * (an address with `?reading=` is rendered whole).
 */
export function savedReadingsHtml(readings: SavedReadingLink[]): string {
  return readings.length === 0
    ? ""
    : renderToStaticMarkup(<SavedReadings readings={readings} selectedId={undefined} />);
}

/**
 * The hole's renderer: the list of this request's visitor, from the read that keyed the page (`angelVisitorOfRequest`,
 * one per request; a visitor without an id has none). A failed read shows no list, as the uncached page's loader does.
 * The read is remembered until the visitor saves something, as one frozen object (decision 128): its list's HTML is
 * rendered once and remembered with it.
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
