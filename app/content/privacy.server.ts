import { SESSION_COOKIE_NAME, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from "~/accounts/session.server";
import { RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from "~/accounts/tokens.server";
import { isOpenAIConfigured } from "~/ai/openai.server";
import { FINISHED_JOBS_KEPT_DAYS } from "~/jobs/queue.server";
import { RETENTION_DAYS } from "~/models3d/models.server";
import { SPEECH_CACHE_UNUSED_DAYS } from "~/speech/tts.server";
import { BROWSER_STORAGE, COOKIES, formatLifetime, type CookieEntry } from "~/utils/cookies";
import { env } from "~/utils/env.server";

/**
 * The facts /privacy states, taken from the code that makes them true: the cookie registry, the retention rules
 * (constants the clean-up code uses) and the providers this server is configured with. The policy's prose lives
 * in app/content/pages/privacy.md; these tables fill its slots.
 */
export type PrivacyFacts = ReturnType<typeof privacyFacts>;

const hours = (ms: number) => ms / 3_600_000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * How long a backup keeps what it copied (decisions 200-203): one is taken every `intervalHours`, the newest `keep`
 * are kept; so something deleted stays in the backups until the last one taken before the deletion is removed.
 */
export function backupsKept(keep: number, intervalHours: number): string {
  if (!(intervalHours > 0))
    return `taken only when the site's operator starts one; the newest ${keep} kept, each deleted when a newer one replaces it`;
  const every = intervalHours === 24 ? "one a day" : `one every ${plural(intervalHours, "hour")}`;
  const span =
    (keep * intervalHours) % 24 === 0
      ? plural((keep * intervalHours) / 24, "day")
      : plural(keep * intervalHours, "hour");
  return `${every}, the newest ${keep} kept (${keep === 1 ? "it is" : "each is"} deleted when a newer one replaces it): what you delete, or ask us to delete, is gone from the backups within ${span}`;
}

export function privacyFacts() {
  // The session cookie's name and lifetime are the deployment's (https, SESSION_MAX_AGE_DAYS, SESSION_IDLE_DAYS).
  const days = (ms: number) => plural(Math.round(ms / 86_400_000), "day");
  const session: CookieEntry = {
    ...COOKIES.session,
    name: SESSION_COOKIE_NAME,
    maxAgeSeconds: Math.floor(SESSION_MAX_AGE_MS / 1000),
    endsEarly: `or after ${days(SESSION_IDLE_MS)} without a visit, or when you sign out`,
  };
  const cookies = Object.values(COOKIES)
    .map((entry) => (entry.name === COOKIES.session.name ? session : entry))
    .map((c) => ({
      name: c.name,
      purpose: c.purpose,
      lifetime: formatLifetime(c),
      access: `${c.readableByScripts ? "readable by the page's scripts" : "not readable by scripts"}${
        c.signed ? ", signed" : ""
      }`,
    }));
  const storage = Object.values(BROWSER_STORAGE).map((s) => ({ key: s.key, purpose: s.purpose }));

  const kept = [
    {
      what: "Your reading preferences (style, length, keywords)",
      tiedTo: "your visitor identifier",
      howLong: "until you ask us to delete them; keywords that fail the content screen are never stored",
    },
    {
      what: "Readings generated for you (home page and angel numbers), with the preferences used",
      tiedTo: "your visitor identifier, and your account if you were signed in",
      howLong: "until you ask us to delete them",
    },
    {
      what: "A keyed hash of your IP address next to each angel number reading",
      tiedTo: "that reading",
      howLong: "as long as the reading; the address itself is never stored",
    },
    {
      what: "Abuse counters (how many requests in a short window)",
      tiedTo: "a keyed hash of your IP address, or your account number",
      howLong: "deleted within an hour after their time window ends",
    },
    {
      what: "Your account: username, password hash, e-mail address if given and whether it is verified, forum notification choice",
      tiedTo: "your account",
      howLong: "until you ask us to delete the account",
    },
    {
      what: "If you save them: your birth date, birth time, birthplace (a place from the GeoNames list), house system, birth name and current name; the chart and numbers are computed from them, not stored",
      tiedTo: "your account, visible to you alone",
      howLong:
        "until you delete them on your account's birth data page, or the account is deleted; a chart or name you only look at is never stored (it stays in the page's address)",
    },
    {
      what: "If you keep them: other people's births for the compatibility page (the name you give, birth date, birth time, birthplace); their charts, contacts and numbers are computed from them, not stored",
      tiedTo: "your account, visible to you alone",
      howLong:
        "until you delete each one on your account's people page, or the account is deleted; a comparison you only look at is never stored (it stays in the page's address)",
    },
    {
      what: "Your signed-in sessions: a hash of each session's id, a coarse device label (such as “Chrome on Linux”), when it began and was last used",
      tiedTo: "your account",
      howLong: `deleted when you sign out, after ${plural(Math.round(SESSION_IDLE_MS / 86_400_000), "day")} without a visit, or ${plural(Math.round(SESSION_MAX_AGE_MS / 86_400_000), "day")} after sign-in`,
    },
    {
      what: "Password-reset and e-mail-verification links (only their hashes)",
      tiedTo: "your account",
      howLong: `reset links expire after ${plural(
        hours(RESET_TOKEN_TTL_MS),
        "hour",
      )}, verification links after ${plural(hours(VERIFICATION_TOKEN_TTL_MS), "hour")}`,
    },
    {
      what: "Forum topics and replies, with your username and the time of writing (public)",
      tiedTo: "your account",
      howLong: "until you ask us to delete them",
    },
    {
      what: "3D models you upload and their converted copies",
      tiedTo: "your visitor identifier",
      howLong: `${plural(RETENTION_DAYS, "day")}, then deleted automatically`,
    },
    {
      what: "Read-aloud audio (the audio, the sentences it reads with their times, and a hash of the page text; not who asked)",
      tiedTo: "nobody",
      howLong: `deleted once nobody has played it for ${plural(SPEECH_CACHE_UNUSED_DAYS, "day")}`,
    },
    {
      what: "Backups: a copy of every table above (accounts, e-mail addresses, password hashes, sessions, readings, saved birth data, forum posts) and of the files members upload (3D models)",
      tiedTo:
        "the same as the copied data; the backups stay on the site's own server, and the site's administrators can download them",
      howLong: backupsKept(env.BACKUP_KEEP, env.BACKUP_INTERVAL_HOURS),
    },
    {
      what: "Finished background tasks (such as “notify the topic's author of reply 12”)",
      tiedTo: "the post or model they concern",
      howLong: `${plural(FINISHED_JOBS_KEPT_DAYS, "day")} after they finish`,
    },
  ];

  const openai = isOpenAIConfigured();
  const providers = [
    {
      name: "OpenAI",
      inUse: openai,
      sends: [
        "the number, style, length and keywords of a home-page or angel-number reading",
        "the planet, sign, style, length and keywords of an astrology reading",
        "the birth date you analyse",
        "your keywords, to the moderation service that screens them",
        "the digit of a visual-essence image (no personal data)",
        env.MURF_API_KEY ? null : "the text of the page you ask to hear read aloud",
      ].filter((s): s is string => s !== null),
    },
    {
      name: "Murf",
      inUse: !!env.MURF_API_KEY,
      sends: ["the text of the page you ask to hear read aloud, and the voice you chose"],
    },
    {
      name: "The site's e-mail provider (SMTP)",
      inUse: !!env.SMTP_URL,
      sends: [
        "your e-mail address and the message: verification, password-reset, username reminder and forum reply notices",
      ],
    },
  ];
  return { cookies, storage, kept, providers };
}
