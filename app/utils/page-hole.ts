/**
 * A hole in a kept page (decision 112): the place where the page cache puts, on every response, the part of a page
 * that is the visitor's own (the angel page's list of their saved readings). The page is rendered once as a
 * template with an empty element in that place (`<PageHole name>`, app/components/page-hole.tsx); the cache finds
 * that element in the rendered text by these tags and fills it with what the section's renderer returns.
 */
export const PAGE_HOLE_ATTRIBUTE = "data-page-hole";

/** A hole's name: lower-case words joined by hyphens (it is written into the page as an attribute value). */
export const PAGE_HOLE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The empty element `<PageHole name>` renders, as the page cache finds it: the fill goes between the two tags. */
export function pageHoleTags(name: string): { open: string; close: string } {
  if (!PAGE_HOLE_NAME.test(name)) throw new Error(`not a page hole name: ${JSON.stringify(name)}`);
  return { open: `<div ${PAGE_HOLE_ATTRIBUTE}="${name}">`, close: "</div>" };
}
