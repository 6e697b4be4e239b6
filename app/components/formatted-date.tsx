import { formatUtcDateTime } from "~/utils/dates";

/** A date and time as the forum and moderation pages show it, with its machine-readable value. */
export function FormattedDate({ date }: { date: Date | string }) {
  const value = typeof date === "string" ? new Date(date) : date;
  return <time dateTime={value.toISOString()}>{formatUtcDateTime(value)}</time>;
}
