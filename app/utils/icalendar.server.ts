import ical, { ICalCalendarMethod } from "ical-generator";

/**
 * One function turns a list of events into iCalendar text (RFC 5545) that calendar clients take as meant
 * (decision 150): the sky calendar uses it, and so can any other feed of events (a member's personal events).
 *
 * - An event at an instant has a DTSTART and no DTEND: calcurse refuses an event whose DTEND equals its DTSTART,
 *   khal warns and shows an hour. An event that lasts has a DURATION (RFC 5545 3.6.1: DTEND or DURATION).
 * - Every line ends in CRLF, the last one included (RFC 5545 3.1, 3.4: the stream ends with "END:VCALENDAR" CRLF).
 * - Lines are folded at 75 octets without splitting a UTF-8 character (ical-generator counts bytes, and keeps
 *   surrogate pairs together); the test checks every line of a feed with non-ASCII text.
 * - UIDs are the caller's: stable ones (named after the event, never the time of computation) let a subscribed
 *   client update an event instead of adding a copy.
 */
export type CalendarEvent = {
  uid: string;
  start: Date;
  /** seconds; absent for an event at an instant */
  durationSeconds?: number;
  summary: string;
  description: string;
  url?: string;
};

export type CalendarFeed = {
  name: string;
  description: string;
  /** "-//<company>//<product>//EN" */
  producer: { company: string; product: string };
  /** the page the feed belongs to */
  url: string;
  /** how often a subscribed client should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL) */
  ttlSeconds: number;
  /** DTSTAMP of every event: when the feed's content was computed (stable between two computations) */
  stamp: Date;
  events: readonly CalendarEvent[];
};

/** RFC 5545 3.3.6: a duration in weeks, or days and time ("P1DT2H30M", "PT45M", "PT0S"). */
export function icalDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const days = Math.floor(whole / 86_400);
  const h = Math.floor((whole % 86_400) / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const time = `${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
  if (!days && !time) return "PT0S";
  return `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}`;
}

/**
 * ical-generator writes an event's length only as DTEND; an event with a duration gets its DURATION line right
 * after its DTSTART here (a short unfolded line of ical-generator's), found by the event's UID.
 */
function withDurations(text: string, durations: Map<string, string>): string {
  if (durations.size === 0) return text;
  const out: string[] = [];
  let uid: string | undefined;
  // UIDs may be folded: read each logical line unfolded, write the physical lines as they were.
  const lines = text.split("\r\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    if (line === "BEGIN:VEVENT") uid = undefined;
    if (line.startsWith("UID:")) {
      let value = line.slice(4);
      while (lines[i + 1]?.startsWith(" ")) {
        value += lines[++i]!.slice(1);
        out.push(lines[i]!);
      }
      uid = value;
    }
    if (line.startsWith("DTSTART") && uid && durations.has(uid)) out.push(`DURATION:${durations.get(uid)}`);
  }
  return out.join("\r\n");
}

export function writeICalendar(feed: CalendarFeed): string {
  const calendar = ical({
    name: feed.name,
    description: feed.description,
    prodId: { company: feed.producer.company, product: feed.producer.product, language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    url: feed.url,
    ttl: feed.ttlSeconds,
  });
  const durations = new Map<string, string>();
  for (const event of feed.events) {
    calendar.createEvent({
      id: event.uid,
      start: event.start,
      stamp: feed.stamp,
      summary: event.summary,
      description: event.description,
      url: event.url,
    });
    if (event.durationSeconds !== undefined) durations.set(event.uid, icalDuration(event.durationSeconds));
  }
  // ical-generator joins its lines with CRLF but ends the last one without it.
  return `${withDurations(calendar.toString(), durations).replace(/(\r\n)?$/, "")}\r\n`;
}
