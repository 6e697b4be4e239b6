import type { MouseEventHandler, ReactNode } from "react";
import { PAGE_HOLE_ATTRIBUTE } from "~/utils/page-hole";

/**
 * Where the page cache fills in the visitor's own part of a kept page (decisions 112, 122). The server renders it
 * empty in the page it keeps, and the cache puts that visitor's part inside it on each response. In the browser React
 * leaves what the server sent in place: an element whose inner HTML is set by `dangerouslySetInnerHTML` is not
 * compared or rewritten while hydrating (React 18), and the same empty value on later renders changes nothing.
 * With `children` (a page rendered for its visitor, or a render with the part's data after the next revalidation)
 * the element holds the part itself, as the filled template does: the two pages are the same HTML. A new element
 * (its own key) replaces the kept one then. `onClick` reaches the kept part's links (e.g. `useLinkNavigation`),
 * which React did not render.
 */
export function PageHole({
  name,
  onClick,
  children,
}: {
  name: string;
  onClick?: MouseEventHandler<HTMLDivElement>;
  children?: ReactNode;
}) {
  const hole = { [PAGE_HOLE_ATTRIBUTE]: name };
  return children != null ? (
    <div key="filled" {...hole}>
      {children}
    </div>
  ) : (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <div key="kept" {...hole} onClick={onClick} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  );
}
