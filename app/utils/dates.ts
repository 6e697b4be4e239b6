/**
 * Every date the site shows is written here. Written out by hand rather than with Intl.DateTimeFormat: the text is
 * the same on the server and in every browser (ICU versions differ, e.g. in the space before AM/PM, which breaks
 * hydration), and it is about twenty times cheaper on pages that show forty dates. Each function is tested against
 * what Intl writes for en-US (dates.test.ts). Only time zones with daylight saving (the astrology page's Eastern
 * time) use Intl, in `formatEasternDateTime`.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** "Nov 21, 2026, 3:04 PM UTC": a moment as the forum shows it. */
export function formatUtcDateTime(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hour12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"} UTC`;
}

/** "Nov 21, 2026" (or "November 21, 2026" with `month: "long"`): the UTC calendar day of a moment. */
export function formatUtcDate(value: Date | string | number, month: "short" | "long" = "short"): string {
  const date = asDate(value);
  const name = (month === "long" ? LONG_MONTHS : MONTHS)[date.getUTCMonth()];
  return `${name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "September 4, 2025" for a calendar day written YYYY-MM-DD (a post's date), whatever the reader's time zone. */
export function formatDay(isoDay: string, month: "short" | "long" = "long"): string {
  return formatUtcDate(`${isoDay}T12:00:00Z`, month);
}

/** "Nov 21, 2026, 15:04 UTC": a moment on a 24-hour clock (the member's signed-in browsers). */
export function formatUtcDateTime24(value: Date | string | number): string {
  const date = asDate(value);
  return `${formatUtcDate(date)}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** The spec's zone for the sky's dates (astrology): US Eastern time, EST or EDT as the zone's rules say. */
export const EASTERN_TIME_ZONE = "America/New_York";

/**
 * The Eastern-time formatters, made on first use: constructing an Intl formatter loads its locale's and time zone's
 * data (about 25 ms on this machine's CPU, 100 ms at Lighthouse's 4x slowdown), which would otherwise be paid while
 * every page that imports this module is evaluated, before it hydrates, whether or not it shows an Eastern time.
 */
let eastern: { dateTime: Intl.DateTimeFormat; day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
function easternFormats() {
  eastern ??= {
    dateTime: new Intl.DateTimeFormat("en-US", {
      timeZone: EASTERN_TIME_ZONE,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }),
    day: new Intl.DateTimeFormat("en-US", {
      timeZone: EASTERN_TIME_ZONE,
      year: "numeric",
      month: "short",
      day: "numeric",
    }),
    time: new Intl.DateTimeFormat("en-US", {
      timeZone: EASTERN_TIME_ZONE,
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }),
  };
  return eastern;
}

/**
 * "Nov 21, 2026, 10:04 AM EST": the spec's date style for the sky, in Eastern time (with its daylight saving).
 * `formatted`: the server's formatting of the instants its page shows (`formatEasternDateTimes`, in the loader's
 * data), so that the browser does not build the formatter to hydrate them (25-40 ms of one task, decision 123).
 */
export function formatEasternDateTime(value: Date | string | number, formatted?: Record<string, string>): string {
  const known = typeof value === "string" ? formatted?.[value] : undefined;
  return (
    known ??
    easternFormats()
      .dateTime.format(asDate(value))
      .replace(/\u202f/g, " ")
  );
}

/** Each instant (an ISO string) formatted as `formatEasternDateTime` does: for a page's loader to send along. */
export function formatEasternDateTimes(values: (string | null)[]): Record<string, string> {
  return Object.fromEntries(values.flatMap((value) => (value ? [[value, formatEasternDateTime(value)]] : [])));
}

/** "Jan 3, 2026" and "5:03 AM EST" apart: a sky event's day and time in Eastern time (the moon's next phase). */
export function easternDateTime(value: Date | string | number): { date: string; time: string } {
  const date = asDate(value);
  const { day, time } = easternFormats();
  return { date: day.format(date), time: time.format(date).replace(/\u202f/g, " ") };
}

/**
 * What a date or time field accepts, said beside it (tied with aria-describedby): a browser without a date picker
 * (lynx, w3m) shows a plain text box, and the fields of the birth-date page next to it ask for MM/DD/YYYY (issue 47).
 */
export const DATE_FORMAT_HINT = "Type the date as year-month-day, YYYY-MM-DD (for example 1990-03-15).";
export const TIME_FORMAT_HINT = "Type the time as HH:MM on the 24-hour clock (for example 14:30).";
