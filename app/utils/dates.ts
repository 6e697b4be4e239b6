/**
 * Every date the site shows is written here (the US Eastern ones in `eastern-dates.ts`). Written out by hand rather
 * than with Intl.DateTimeFormat: the text is the same on the server and in every browser (ICU versions differ, e.g. in
 * the space before AM/PM, which breaks hydration), and it is about twenty times cheaper on pages that show forty dates.
 * Each function is tested against what Intl writes for en-US (dates.test.ts). Only time zones with daylight saving
 * (the astrology page's Eastern time) use Intl, in `eastern-dates.ts`; what a date field accepts is said in
 * `date-hints.ts`. Three modules, because the browser build puts a module whole in every page that imports any of
 * it (decisions 108, 430): the forum's pages carry these few formatters, not the Eastern ones or the hints.
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
