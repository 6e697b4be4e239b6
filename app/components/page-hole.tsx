import type { MouseEventHandler } from "react";
import { PAGE_HOLE_ATTRIBUTE } from "~/utils/page-hole";

/**
 * Where the page cache fills in the visitor's own part of a kept page (decision 112). The server renders it empty
 * in the page it keeps, and the cache puts that visitor's part inside it on each response. In the browser React
 * leaves what the server sent in place: an element whose inner HTML is set by `dangerouslySetInnerHTML` is not
 * compared or rewritten while hydrating (React 18), and the same empty value on later renders changes nothing; a
 * render with the part's data (after the next revalidation) replaces the element with the part itself.
 * `onClick` reaches the kept part's links (e.g. `useLinkNavigation`), which React did not render.
 */
export function PageHole({ name, onClick }: { name: string; onClick?: MouseEventHandler<HTMLDivElement> }) {
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <div
      {...{ [PAGE_HOLE_ATTRIBUTE]: name }}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
}
