import { COOKIES } from "~/utils/cookies";
import { secureCookies } from "~/utils/env.server";
import { parseTab, TAB_COOKIE, type AstrologyTab } from "./tab";

/**
 * The last astrology tab, for plain HTML. A plain (unsigned, readable) cookie on purpose: it holds no secret,
 * and the page's script writes the same cookie when the tab changes in the browser.
 */
export function readTabCookie(request: Request): AstrologyTab | null {
  return tabFromCookieHeader(request.headers.get("Cookie"));
}

export function tabFromCookieHeader(cookieHeader: string | null | undefined): AstrologyTab | null {
  const match = (cookieHeader ?? "").match(new RegExp(`(?:^|;\\s*)${TAB_COOKIE}=([a-z]+)`));
  return parseTab(match?.[1]);
}

export function serializeTabCookie(tab: AstrologyTab): string {
  return `${TAB_COOKIE}=${tab}; Path=/; Max-Age=${COOKIES.astrologyTab.maxAgeSeconds}; SameSite=Lax${secureCookies ? "; Secure" : ""}`;
}
