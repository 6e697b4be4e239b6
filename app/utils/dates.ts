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

/** The spec's zone for the sky's dates (astrology): US Eastern time, EST or EDT as the zone's rules say. */
export const EASTERN_TIME_ZONE = "America/New_York";

const easternDate = new Intl.DateTimeFormat("en-US", {
  timeZone: EASTERN_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
});
const easternTime = new Intl.DateTimeFormat("en-US", {
  timeZone: EASTERN_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Jan 3, 2026" and "5:03 AM EST": an instant's date and time in US Eastern time (ICU's narrow space made plain). */
export function easternDateTime(at: Date): { date: string; time: string } {
  const time = easternTime.format(at).replace(/\u202f/g, " ");
  return { date: easternDate.format(at), time };
}

/** "Nov 21, 2026, 6:50 PM EST": the spec's date style (en-US) in Eastern time, the same on server and browser. */
export function formatEasternDateTime(at: Date | string): string {
  const { date, time } = easternDateTime(new Date(at));
  return `${date}, ${time}`;
}
