const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Nov 21, 2026, 3:04 PM UTC": a moment as the forum shows it. Written out by hand rather than with
 * Intl.DateTimeFormat: the text is the same on the server and in every browser (ICU versions differ in the space
 * before AM/PM), and it is about twenty times cheaper on pages that show forty dates.
 */
export function formatUtcDateTime(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hour12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"} UTC`;
}

/** "Nov 21, 2026": a day as lists of saved things show it (UTC, the same text on the server and in the browser). */
export function formatUtcDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
