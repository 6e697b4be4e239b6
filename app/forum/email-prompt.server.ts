import { createCookie } from "@remix-run/node";
import { COOKIES, cookieMaxAge } from "~/utils/cookies";
import { secureCookies } from "~/utils/env.server";

/** "Later" on the 'Enhance Your Account Security' prompt hides it for the browser session (a session cookie). */
const laterCookie = createCookie(COOKIES.emailPromptLater.name, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  maxAge: cookieMaxAge("emailPromptLater"),
});

export async function isEmailPromptDismissed(request: Request): Promise<boolean> {
  return (await laterCookie.parse(request.headers.get("Cookie"))) === "1";
}

export async function dismissEmailPromptCookie(): Promise<string> {
  return laterCookie.serialize("1");
}
