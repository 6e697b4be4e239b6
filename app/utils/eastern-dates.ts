/**
 * The sky's dates in US Eastern time (the spec's zone for astrology), with its daylight saving: the one place the
 * site formats dates with Intl (see `dates.ts` for why the others are written by hand). A module of its own, so that
 * the pages that show no Eastern time do not carry it (decision 430).
 */
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
      .dateTime.format(new Date(value))
      .replace(/\u202f/g, " ")
  );
}

/** Each instant (an ISO string) formatted as `formatEasternDateTime` does: for a page's loader to send along. */
export function formatEasternDateTimes(values: (string | null)[]): Record<string, string> {
  return Object.fromEntries(values.flatMap((value) => (value ? [[value, formatEasternDateTime(value)]] : [])));
}

/** "Jan 3, 2026" and "5:03 AM EST" apart: a sky event's day and time in Eastern time (the moon's next phase). */
export function easternDateTime(value: Date | string | number): { date: string; time: string } {
  const date = new Date(value);
  const { day, time } = easternFormats();
  return { date: day.format(date), time: time.format(date).replace(/\u202f/g, " ") };
}
