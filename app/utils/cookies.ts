/**
 * Every cookie the site sets, and everything its scripts keep in the browser's storage: one registry (name,
 * purpose, lifetime) that the code setting them reads its names and lifetimes from and that /privacy renders.
 * A cookie not listed here is a defect: tests/e2e/cookie-registry.spec.ts walks the site's pages and forms and
 * fails on any Set-Cookie (or script-written cookie) whose name is missing, and app/utils/cookies.test.ts fails
 * when a module names a cookie itself instead of reading it from here.
 *
 * No secrets here (this module is shared with the browser: the astrology tab cookie is written by the page's
 * script too).
 */
export type CookieEntry = {
  name: string;
  /** the name used when the site is served over https, if it differs (a `__Host-` prefix) */
  nameOverHttps?: string;
  /** What it holds and why, in the policy's words. */
  purpose: string;
  /** Max-Age in seconds; null for a session cookie (gone when the browser closes). */
  maxAgeSeconds: number | null;
  /** When it also ends before its lifetime, in words ("or until you sign out"). */
  endsEarly?: string;
  /** Readable by the page's scripts? (false: HttpOnly) */
  readableByScripts: boolean;
  /** Signed with the server's secret, so a changed value is ignored. */
  signed: boolean;
};

const DAY = 24 * 60 * 60;
// lifetimes as constants of their own, not products inside the entries: the browser bundler (esbuild 0.17) keeps an
// unused object whose values are products, so the page that needs one entry would carry the whole registry
const YEAR = 365 * DAY;
const SIXTY_DAYS = 60 * DAY;

/**
 * The astrology tab's cookie, which the page's script writes too: an entry of its own (and of the registry), so the
 * page's bundle takes this entry and not the whole registry with its purposes (decision 116).
 */
export const ASTROLOGY_TAB_COOKIE = {
  name: "astrology-tab",
  purpose: "which astrology tab you looked at last (Transits or Personalized Horoscope), to open it again",
  maxAgeSeconds: YEAR,
  readableByScripts: true,
  signed: false,
} as const satisfies CookieEntry;

export const COOKIES = {
  session: {
    name: "__session",
    /** over https the session cookie is `__Host-` prefixed (no subdomain can set or read it) */
    nameOverHttps: "__Host-session",
    purpose:
      "which signed-in session of your account this browser holds (a random id; the session itself is kept on the server)",
    // the default SESSION_MAX_AGE_DAYS; /privacy states the configured value (app/content/privacy.server.ts)
    maxAgeSeconds: SIXTY_DAYS,
    endsEarly: "or until you sign out",
    readableByScripts: false,
    signed: true,
  },
  visitor: {
    name: "visitor",
    purpose: "a random visitor identifier, to which your reading preferences and readings are tied",
    maxAgeSeconds: YEAR,
    readableByScripts: false,
    signed: true,
  },
  toast: {
    name: "toast",
    purpose: "a one-off message shown after an action (such as “Signed out”); cleared as soon as it is shown",
    maxAgeSeconds: 60,
    readableByScripts: false,
    signed: true,
  },
  recoverySent: {
    name: "auth_sent",
    purpose:
      "the e-mail address or username you just entered in a registration or recovery form, shown back to you in the confirmation dialog (kept out of the page address)",
    maxAgeSeconds: 600,
    readableByScripts: false,
    signed: true,
  },
  signInSecondStep: {
    name: "auth_second_step",
    purpose:
      "that you entered the right password of an account with two-factor authentication, so the next page can ask for its code (a random id; what it stands for is kept on the server)",
    maxAgeSeconds: 300,
    endsEarly: "or until the code is accepted",
    readableByScripts: false,
    signed: true,
  },
  emailPromptLater: {
    name: "email-prompt-later",
    purpose: "that you chose “Later” on the forum's prompt to add an e-mail address, so it stays hidden",
    maxAgeSeconds: null,
    readableByScripts: false,
    signed: false,
  },
  fromPalindrome: {
    name: "from_palindrome",
    purpose: "that you reached the octahedron page from the palindrome page, so its back link returns you there",
    maxAgeSeconds: null,
    readableByScripts: false,
    signed: false,
  },
  astrologyTab: ASTROLOGY_TAB_COOKIE,
} as const satisfies Record<string, CookieEntry>;

export type CookieKey = keyof typeof COOKIES;

/** Max-Age for a cookie library's options (undefined: a session cookie). */
export function cookieMaxAge(key: CookieKey): number | undefined {
  return COOKIES[key].maxAgeSeconds ?? undefined;
}

/** What the site's scripts keep in the browser's local storage (never sent to the server). */
export const BROWSER_STORAGE = {
  astrologyTab: { key: "astrologyActiveTab", purpose: "the last astrology tab, the twin of the astrology-tab cookie" },
  readAloudVoice: { key: "read-aloud-voice", purpose: "the read-aloud voice you chose" },
  readAloudSpeed: { key: "read-aloud-speed", purpose: "the read-aloud speed you chose" },
} as const;

export function formatLifetime(entry: CookieEntry): string {
  const base = entry.maxAgeSeconds === null ? "until you close the browser" : formatSeconds(entry.maxAgeSeconds);
  return entry.endsEarly ? `${base}, ${entry.endsEarly}` : base;
}

function formatSeconds(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds % YEAR === 0) return plural(seconds / YEAR, "year");
  if (seconds % DAY === 0) return plural(seconds / DAY, "day");
  if (seconds % 3600 === 0) return plural(seconds / 3600, "hour");
  if (seconds % 60 === 0) return plural(seconds / 60, "minute");
  return plural(seconds, "second");
}
