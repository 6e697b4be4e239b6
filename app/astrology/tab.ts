import { ASTROLOGY_TAB_COOKIE, BROWSER_STORAGE } from "~/utils/cookies";

/** Failure texts of the spec, shown by the page (and answered by the API). */
/** The spec's error a failed reading raises ('Failed to generate reading'), shown above the fallback text. */
export const READING_FAILURE_TITLE = "Failed to generate reading";
export const READING_FAILURE_TEXT = "Unable to generate personalized reading at this time. Please try again later.";
export const DATA_FAILURE_TEXT = "Unable to load astronomical data. Please try again later.";

/** The two tabs of /astrology, and the local-storage key that remembers the last one (the cookie is its twin). */
export const ASTROLOGY_TABS = ["transits", "horoscope"] as const;
export type AstrologyTab = (typeof ASTROLOGY_TABS)[number];
export const TAB_STORAGE_KEY = BROWSER_STORAGE.astrologyTab.key;
export const TAB_COOKIE = ASTROLOGY_TAB_COOKIE.name;

/** Written by the page's script too, so cookie and local storage agree when the tab changes in the browser. */
export function tabCookieForBrowser(tab: AstrologyTab): string {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; secure" : "";
  return `${TAB_COOKIE}=${tab}; path=/; max-age=${ASTROLOGY_TAB_COOKIE.maxAgeSeconds}; samesite=lax${secure}`;
}

export function parseTab(value: unknown): AstrologyTab | null {
  return ASTROLOGY_TABS.find((t) => t === value) ?? null;
}

/** A planet's address opens the horoscope; /astrology opens the tab last chosen, the transits at first. */
export function pageTab(planet: string | null, saved: AstrologyTab | null): AstrologyTab {
  return planet ? "horoscope" : (saved ?? "transits");
}

/**
 * With JavaScript, choosing another planet only changes the address: the sky is already on the page and the
 * reading comes from the API, so the loader need not be asked again.
 */
export function isPlanetSwitch(currentUrl: URL, nextUrl: URL): boolean {
  const onPage = currentUrl.pathname === "/astrology" || currentUrl.pathname.startsWith("/astrology/");
  return onPage && nextUrl.pathname.startsWith("/astrology/") && nextUrl.search === "";
}
