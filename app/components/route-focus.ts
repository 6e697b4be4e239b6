import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * After a client-side navigation to another page (a link, or a form's redirect), focus goes to the new page's main
 * heading (its `h1`, else `<main>`), so a screen reader says where the member arrived, as a page load would: the
 * page's title is not enough (decision 400, heard with Orca). Only when focus was lost with the old page (on
 * `<body>`, or on an element no longer in it): a page that focuses something of its own (a route dialog's first
 * field, a post named in the address) keeps it, and a link to an anchor (`#…`) goes to its anchor.
 */
export function useFocusOnNewPage() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // the first render is the page load: the browser and the screen reader start at the top
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const main = document.getElementById("main");
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    // a new page, not a new anchor or query on the same one
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
}
