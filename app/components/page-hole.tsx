import type { AppLoadContext } from "@remix-run/node";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type MouseEventHandler, type ReactNode } from "react";
import { useLinkNavigation } from "./link-navigation";

/**
 * A hole in a kept page (decisions 112, 122): the place where the page cache (app/page-cache/) puts, on every
 * response, the part of a page that is its visitor's own. This file is the page's side of it: the element, the
 * loader's question and, in the browser, the kept part's links. The cache's side is app/page-cache/.
 */
export const PAGE_HOLE_ATTRIBUTE = "data-page-hole";

/** A hole's name: lower-case words joined by hyphens (it is written into the page as an attribute value). */
export const PAGE_HOLE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The empty element `<PageHole name>` renders, as the page cache finds it: the fill goes between the two tags. */
export function pageHoleTags(name: string): { open: string; close: string } {
  if (!PAGE_HOLE_NAME.test(name)) throw new Error(`not a page hole name: ${JSON.stringify(name)}`);
  return { open: `<div ${PAGE_HOLE_ATTRIBUTE}="${name}">`, close: "</div>" };
}

/**
 * Whether this render is the template of a kept page whose part `name` the cache fills per request: the loader then
 * leaves that part's data out, and the component renders `<PageHole name>` empty in its place.
 */
export function rendersPageHole(context: AppLoadContext, name: string): boolean {
  return context.pageCache?.holes.includes(name) ?? false;
}

/**
 * The element the cache fills. The server renders it empty in the page it keeps; in the browser React leaves what
 * the server sent in place: an element whose inner HTML is set by `dangerouslySetInnerHTML` is not compared or
 * rewritten while hydrating (React 18), and the same empty value on later renders changes nothing. With `children`
 * (a page rendered for its visitor, or a render with the part's data after the next revalidation) the element holds
 * the part itself, as the filled template does: the two pages are the same HTML. A new element (its own key)
 * replaces the kept one then. `onClick` reaches the kept part's links (`useKeptHole`), which React did not render.
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

/**
 * A kept hole's links, acting within the page (decisions 112, 230): the kept part is links only, so once the page
 * has hydrated the part's data is fetched in the background from `source` (when the hole holds a link), and a plain
 * click on a link shows its item at once (`onItem`) with no call of its own. Without the data (the fetch failed, the
 * item is not in it) the link is followed by the router; a page part that hydrates on first use (decisions 109,
 * 113) must have its code first, or React would drop its HTML (error 421): until `ready` the click is held,
 * `waking` asks the part to load, and the link is followed once it is ready. `source` null: the page has the data.
 */
export function useKeptHole<T>({
  name,
  source,
  ready,
  itemOf,
  onItem,
}: {
  name: string;
  source: string | null;
  ready: boolean;
  itemOf: (items: T[], link: URL) => T | undefined;
  onItem: (item: T, items: T[]) => void;
}): { onClick: MouseEventHandler<HTMLElement>; waking: boolean } {
  const kept = useRef<Promise<T[] | null> | null>(null);
  useEffect(() => {
    if (!source || !document.querySelector(`[${PAGE_HOLE_ATTRIBUTE}="${name}"] a[href]`)) return;
    kept.current = fetch(source, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<T[]>) : null))
      .catch(() => null);
  }, [name, source]);

  const linkNavigation = useLinkNavigation();
  const navigate = useNavigate();
  const [held, setHeld] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || !held) return;
    setHeld(null);
    navigate(held);
  }, [ready, held, navigate]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.("a[href]");
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    if (!plain || !(anchor instanceof HTMLAnchorElement)) return linkNavigation(event);
    event.preventDefault();
    const href = `${anchor.pathname}${anchor.search}`;
    void (kept.current ?? Promise.resolve(null)).then((items) => {
      const item = items ? itemOf(items, new URL(anchor.href)) : undefined;
      if (items && item) return onItem(item, items);
      if (ready) navigate(href);
      else setHeld(href);
    });
  };
  return { onClick, waking: held !== null };
}
