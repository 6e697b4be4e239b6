import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { parseTab, TAB_COOKIE, TAB_STORAGE_KEY, tabCookieForBrowser, type AstrologyTab } from "~/astrology/tab";

/**
 * Remembers the open tab in local storage and in the cookie the server reads; restores it from local storage when
 * the cookie did not (e.g. cookies cleared) and no planet is on the address.
 */
export function useRememberedTab(tab: AstrologyTab, onPlanet: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    const stored = parseTab(window.localStorage.getItem(TAB_STORAGE_KEY));
    if (!onPlanet && stored && stored !== tab && !document.cookie.includes(`${TAB_COOKIE}=`)) {
      navigate(`/astrology?tab=${stored}`, { replace: true });
      return;
    }
    window.localStorage.setItem(TAB_STORAGE_KEY, tab);
    document.cookie = tabCookieForBrowser(tab);
    // Idempotent: once the cookie is written, a rerun (a new address, a new navigate) only writes the same again.
  }, [tab, onPlanet, navigate]);
}
