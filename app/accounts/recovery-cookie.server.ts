import { createCookie } from "@remix-run/node";
import { SENT_MAILS, type SentMail } from "~/accounts/auth-page";
import { COOKIES, cookieMaxAge } from "~/utils/cookies";
import { env, secureCookies } from "~/utils/env.server";

/**
 * The value a visitor entered in a recovery or registration form (an e-mail address or a username), carried to
 * the "…Sent" / "Check Your Email" dialog after the redirect. A signed cookie keeps it out of URLs (and so out
 * of access logs and the browser history); it lives ten minutes.
 */
const cookie = createCookie(COOKIES.recoverySent.name, {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  // "/" rather than "/auth": with JavaScript, Remix loads the page's data from /auth.data.
  path: "/",
  maxAge: cookieMaxAge("recoverySent"),
  secrets: [env.SESSION_SECRET],
});

export type SentValue = { kind: "email" | "username"; value: string; mail?: SentMail };

export function serializeSentValue(value: SentValue): Promise<string> {
  return cookie.serialize(value);
}

export async function readSentValue(request: Request): Promise<SentValue | null> {
  const raw = (await cookie.parse(request.headers.get("Cookie"))) as SentValue | null;
  if (!raw || (raw.kind !== "email" && raw.kind !== "username") || typeof raw.value !== "string") return null;
  // a cookie from before the mail was named (or a changed one) names none: the dialogs then word it generally
  return { kind: raw.kind, value: raw.value, ...(SENT_MAILS.includes(raw.mail!) ? { mail: raw.mail } : {}) };
}
