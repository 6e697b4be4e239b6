import { renderToStaticMarkup } from "react-dom/server";
import type { SavedReadingLink } from "./angel.server";
import { SavedReadings } from "./ui/angel-reading";

/**
 * The angel page's list of saved readings as HTML, for the page cache to put into the kept page (decision 112;
 * `savedReadingsHole` in ./page-cache.server.ts): the page's own `SavedReadings` component, rendered on its own, so
 * the markup is the page's (escaped by React; `saved-readings-hole.server.test.tsx` compares the two byte for byte).
 * No reading is selected on a kept page (an address with `?reading=` is rendered whole).
 */
export function savedReadingsHtml(readings: SavedReadingLink[]): string {
  return readings.length === 0
    ? ""
    : renderToStaticMarkup(<SavedReadings readings={readings} selectedId={undefined} />);
}
