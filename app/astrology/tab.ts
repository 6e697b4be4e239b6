import { BROWSER_STORAGE, COOKIES } from "~/utils/cookies";
import { formatEasternDateTime } from "~/utils/dates";

/** Failure texts of the spec, shown by the page (and answered by the API). */
/** The spec's error a failed reading raises ('Failed to generate reading'), shown above the fallback text. */
export const READING_FAILURE_TITLE = "Failed to generate reading";
export const READING_FAILURE_TEXT = "Unable to generate personalized reading at this time. Please try again later.";
export const DATA_FAILURE_TEXT = "Unable to load astronomical data. Please try again later.";

/** The two tabs of /astrology, and the local-storage key that remembers the last one (the cookie is its twin). */
export const ASTROLOGY_TABS = ["transits", "horoscope"] as const;
export type AstrologyTab = (typeof ASTROLOGY_TABS)[number];
export const TAB_STORAGE_KEY = BROWSER_STORAGE.astrologyTab.key;
export const TAB_COOKIE = COOKIES.astrologyTab.name;

/** Written by the page's script too, so cookie and local storage agree when the tab changes in the browser. */
export function tabCookieForBrowser(tab: AstrologyTab): string {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; secure" : "";
  return `${TAB_COOKIE}=${tab}; path=/; max-age=${COOKIES.astrologyTab.maxAgeSeconds}; samesite=lax${secure}`;
}

export function parseTab(value: unknown): AstrologyTab | null {
  return ASTROLOGY_TABS.find((t) => t === value) ?? null;
}

/** The spec's date style (en-US, year, short month, day, hour, minute) in Eastern time, the same on both sides. */
export function formatInstant(iso: string): string {
  return formatEasternDateTime(iso);
}
