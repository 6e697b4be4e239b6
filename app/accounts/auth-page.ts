/**
 * The sign-in page's state lives in its URL (`/auth?tab=register`, `?dialog=reset&method=username`), so the
 * server can render every tab and dialog without JavaScript. Shared by the loader and the page's links.
 */
export const AUTH_DIALOGS = ["reset", "reset-sent", "recover-username", "username-sent", "check-email"] as const;
export type AuthDialog = (typeof AUTH_DIALOGS)[number];
export type AuthTab = "signin" | "register";
/** How a password reset finds the account. */
export type ResetMethod = "email" | "username";

export type AuthPageState = {
  dialog: AuthDialog | null;
  method: ResetMethod;
  tab: AuthTab;
  /** where to go after signing in: a path on this site, or null */
  redirectTo: string | null;
};

/** Reads the page's state from its address; `safePath` keeps `redirectTo` on this site (null when refused). */
export function readAuthPageState(url: URL, safePath: (to: string) => string | null): AuthPageState {
  const dialogParam = url.searchParams.get("dialog") ?? "";
  const dialog = (AUTH_DIALOGS as readonly string[]).includes(dialogParam) ? (dialogParam as AuthDialog) : null;
  const redirectTo = url.searchParams.get("redirectTo");
  return {
    dialog,
    method: readResetMethod(url.searchParams.get("method")),
    tab: url.searchParams.get("tab") === "register" ? "register" : "signin",
    redirectTo: redirectTo ? safePath(redirectTo) : null,
  };
}

export function readResetMethod(value: FormDataEntryValue | null): ResetMethod {
  return value === "username" ? "username" : "email";
}

/** Signed-in members may open only the reset dialogs (the profile's "Change Password"); the rest sends them on. */
export function signedInMayStay(dialog: AuthDialog | null): boolean {
  return dialog === "reset" || dialog === "reset-sent";
}

/** The dialogs that show the address or username the visitor entered (kept in a short-lived cookie). */
export function showsSentValue(dialog: AuthDialog | null): boolean {
  return dialog === "reset-sent" || dialog === "username-sent" || dialog === "check-email";
}

/** `/auth` with the given parameters (empty ones left out). */
export function authHref(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** The sign-in or register tab, keeping where to go afterwards. */
export function authTabHref(tab: AuthTab, redirectTo: string | null): string {
  return authHref({ tab: tab === "register" ? "register" : null, redirectTo });
}

/** What a recovery or registration mail was: the 'Check Your Email' dialog words itself for it (issue 47). */
export type SentMail = "registration" | "password-reset" | "username";
export const SENT_MAILS: readonly SentMail[] = ["registration", "password-reset", "username"];
