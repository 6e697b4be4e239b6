/**
 * A birth's local date and clock time in an IANA zone → the instant, through the zone history the runtime's Intl
 * carries (ICU's copy of the tz database). Tells what it did: which UTC offset was used and why. A clock time the
 * autumn change repeats is ambiguous (the visitor picks the earlier or the later); one the spring change skips never
 * happened (the offset before the change is used, as a clock not yet put forward would read, and the page says so).
 * Before the zone's first standard time (the tz database's LMT era) the birth is in the local mean time of its own
 * longitude, not of the zone's reference city (decision 170).
 */
export type LocalDateTime = { year: number; month: number; day: number; hour: number; minute: number };

export type Fold = "earlier" | "later";

export type TimeBasis =
  | { kind: "standard"; offsetSeconds: number }
  | { kind: "ambiguous"; offsetSeconds: number; fold: Fold; otherOffsetSeconds: number }
  | { kind: "gap"; offsetSeconds: number; skippedFrom: string; skippedTo: string }
  | { kind: "local-mean-time"; offsetSeconds: number; zoneLmtSeconds: number };

export type ResolvedBirthTime =
  | { ok: true; instant: Date; basis: TimeBasis }
  | { ok: false; reason: "ambiguous"; choices: { fold: Fold; offsetSeconds: number; instant: Date }[] };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's UTC offset at an instant, in seconds east of Greenwich. */
export function offsetAt(timeZone: string, at: number): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === "BC" || parts.era === "B") year = 1 - year;
  const wall =
    utcMs({
      year,
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour),
      minute: Number(parts.minute),
    }) +
    Number(parts.second) * 1000;
  const atSeconds = Math.floor(at / 1000) * 1000;
  return Math.round((wall - atSeconds) / 1000);
}

function utcMs(t: LocalDateTime): number {
  const d = new Date(Date.UTC(2000, t.month - 1, t.day, t.hour, t.minute));
  d.setUTCFullYear(t.year);
  return d.getTime();
}

/** The zone's offset before any standard time: the tz database's LMT (checked in 1700, before any zone's change). */
function zoneLmtOffset(timeZone: string): number {
  return offsetAt(timeZone, Date.UTC(1700, 0, 1));
}

const HOUR_MS = 3_600_000;

export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? "−" : "+";
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const base = `UTC${sign}${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
  return s ? `${base}:${String(s).padStart(2, "0")}` : base;
}

/** Local mean time of a longitude, in whole seconds east of Greenwich (4 minutes of time per degree). */
export function localMeanTimeOffset(longitude: number): number {
  return Math.round(longitude * 240);
}

export function resolveBirthTime(
  local: LocalDateTime,
  timeZone: string,
  longitude: number,
  fold?: Fold,
): ResolvedBirthTime {
  const wall = utcMs(local);
  const lmt = zoneLmtOffset(timeZone);
  // Candidate offsets: whatever the zone used a day either side of the wall time (a change is never closer).
  const offsets = [...new Set([offsetAt(timeZone, wall - 26 * HOUR_MS), offsetAt(timeZone, wall + 26 * HOUR_MS)])];
  const matches = offsets
    .map((o) => ({ offsetSeconds: o, instant: wall - o * 1000 }))
    .filter((c) => offsetAt(timeZone, c.instant) === c.offsetSeconds)
    .sort((a, b) => a.instant - b.instant);

  if (matches.length === 1) {
    const only = matches[0]!;
    if (only.offsetSeconds === lmt && lmt % 900 !== 0) {
      const offsetSeconds = localMeanTimeOffset(longitude);
      return {
        ok: true,
        instant: new Date(wall - offsetSeconds * 1000),
        basis: { kind: "local-mean-time", offsetSeconds, zoneLmtSeconds: lmt },
      };
    }
    return {
      ok: true,
      instant: new Date(only.instant),
      basis: { kind: "standard", offsetSeconds: only.offsetSeconds },
    };
  }
  if (matches.length >= 2) {
    const [earlier, later] = [matches[0]!, matches[matches.length - 1]!];
    if (!fold) {
      return {
        ok: false,
        reason: "ambiguous",
        choices: [
          { fold: "earlier", offsetSeconds: earlier.offsetSeconds, instant: new Date(earlier.instant) },
          { fold: "later", offsetSeconds: later.offsetSeconds, instant: new Date(later.instant) },
        ],
      };
    }
    const chosen = fold === "earlier" ? earlier : later;
    const other = fold === "earlier" ? later : earlier;
    return {
      ok: true,
      instant: new Date(chosen.instant),
      basis: { kind: "ambiguous", offsetSeconds: chosen.offsetSeconds, fold, otherOffsetSeconds: other.offsetSeconds },
    };
  }
  // No offset reproduces the wall time: the clocks jumped over it. Read it with the offset in force before.
  const before = offsetAt(timeZone, wall - 26 * HOUR_MS);
  const after = offsetAt(timeZone, wall + 26 * HOUR_MS);
  const changeAt = wall - before * 1000; // the instant the old clock would have shown this time
  return {
    ok: true,
    instant: new Date(changeAt),
    basis: {
      kind: "gap",
      offsetSeconds: before,
      skippedFrom: formatOffset(before),
      skippedTo: formatOffset(after),
    },
  };
}

/** One sentence on which offset the chart used, for the page and the API. */
export function describeTimeBasis(basis: TimeBasis, timeZone: string): string {
  const used = formatOffset(basis.offsetSeconds);
  switch (basis.kind) {
    case "standard":
      return `The clock time is read in ${timeZone} at ${used}, the offset in force at that moment.`;
    case "ambiguous":
      return `This clock time happened twice in ${timeZone} when the clocks went back; the chart uses the ${
        basis.fold
      } one, at ${used} (the other was at ${formatOffset(basis.otherOffsetSeconds)}).`;
    case "gap":
      return `This clock time never happened in ${timeZone}: the clocks jumped from ${basis.skippedFrom} to ${basis.skippedTo} and skipped it. The chart reads it at ${used}, the offset before the change, as a clock not yet put forward would have shown it.`;
    case "local-mean-time":
      return `Before standard time reached ${timeZone}, clocks kept local mean time: the chart uses the mean time of the birthplace's own longitude, ${used} (the time zone's reference city kept ${formatOffset(
        basis.zoneLmtSeconds,
      )}).`;
  }
}
