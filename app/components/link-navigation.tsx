import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, type MouseEvent } from "react";

/**
 * Client-side navigation for the plain `<a href>` links inside one element (the top bar, the menus, the footer,
 * a list of forum topics): a single click handler on the container instead of a router `<Link>` with its own
 * hooks in every one of dozens of links, which made up a sixth of a page's server render. Without JavaScript
 * they are ordinary links. A link to the page already shown scrolls to the top instead of navigating (spec part
 * 1, "Shared shell") and a link to an anchor on it is followed by the router too (see below); a link marked `data-keep-scroll` does not reset the scroll position (a forum post's Edit,
 * Flag and moderation links). Links that open elsewhere (another origin, a new tab, a download, `data-reload`, a file
 * such as a feed or an image, which no route renders as a page) and clicks with a modifier key are left to the
 * browser.
 */
/** Addresses of files (feeds, sitemaps, calendars, images, documents), served whole, never as a page. */
const FILE_PATH = /\.(xml|txt|ics|json|svg|png|jpe?g|webp|gif|pdf|mp3|mp4|glb|gltf)$/i;

export function useLinkNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      const url = pageOfLink(anchor);
      if (!url) return;
      const samePage = url.pathname === location.pathname && url.search === location.search;
      event.preventDefault();
      if (samePage && url.hash) {
        // An anchor on this page, as a router navigation: its history entry gets a key of its own, so the router's
        // scroll restoration scrolls to the anchor now and back to where the reader was on Back and Forward. Left to
        // the browser, every such entry has no key ("default") and the router, on its popstate, scrolled to the
        // position it had saved for the first one, cutting short the browser's (smooth) scroll: only the first jump
        // in a tab landed (issue 31).
        navigate(`${url.pathname}${url.search}${url.hash}`);
        return;
      }
      if (samePage) {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
        return;
      }
      // `data-keep-scroll`: the link opens something on the page shown (a post's edit form or confirm dialog), as a
      // router `<Link preventScrollReset>` would, keeping the reader where they are
      navigate(`${url.pathname}${url.search}${url.hash}`, { preventScrollReset: "keepScroll" in anchor.dataset });
    },
    [navigate, location.pathname, location.search],
  );
}

/** The page a link opens in this tab of the site (what the router may navigate to), or null: left to the browser. */
function pageOfLink(anchor: HTMLAnchorElement): URL | null {
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || "reload" in anchor.dataset) {
    return null;
  }
  const url = new URL(anchor.href);
  return url.origin !== window.location.origin || FILE_PATH.test(url.pathname) ? null : url;
}

/**
 * Lazy route discovery (decision 126): the browser starts with only the routes of the page shown, and Remix asks
 * the server for the routes of every `<Link>` rendered (`data-discover`), in one request after the page has loaded,
 * so that following one does not wait for a round trip first. The site's plain links (the shell's, a list's, a
 * post's) are router links too (`useLinkNavigation`): marking them the same way, once the page has rendered and
 * after each navigation, has Remix discover their routes with the others.
 */
export function useLinkDiscovery() {
  const { key } = useLocation();
  useEffect(() => {
    for (const anchor of document.body.querySelectorAll<HTMLAnchorElement>("a[href]:not([data-discover])")) {
      if (pageOfLink(anchor)) anchor.setAttribute("data-discover", "true");
    }
  }, [key]);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}
