import { createCookie } from "@remix-run/node";
import { COOKIES, cookieMaxAge } from "~/utils/cookies";
import { secureCookies } from "~/utils/env.server";

/**
 * "The visitor came from the palindrome" (spec: a session flag set when the palindrome page's octahedron link is
 * followed). The link carries ?from=palindrome so it works without JavaScript; the flag lives in a cookie without
 * an expiry, so the browser forgets it when it closes.
 */
const fromPalindromeCookie = createCookie(COOKIES.fromPalindrome.name, {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  maxAge: cookieMaxAge("fromPalindrome"),
});

export async function octahedronBackLink(request: Request) {
  const url = new URL(request.url);
  const viaLink = url.searchParams.get("from") === "palindrome";
  const referrer = request.headers.get("Referer") ?? "";
  const flagged = (await fromPalindromeCookie.parse(request.headers.get("Cookie"))) === "1";
  const fromPalindrome = viaLink || flagged || referrer.includes("/palindrome");
  return {
    backLink: fromPalindrome
      ? { to: "/palindrome", label: "Back to the Sacred Palindrome" }
      : { to: "/about", label: "Back to About" },
    setCookie: viaLink && !flagged ? await fromPalindromeCookie.serialize("1") : null,
  };
}
