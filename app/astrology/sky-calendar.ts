/** The sky calendar's address and what it holds: read by the feed (calendar.server.ts) and by /astrology's link. */
export const SKY_CALENDAR_PATH = "/astrology/calendar.ics";

export const SKY_CALENDAR_CONTENTS =
  "The next 12 months of the sky: the Moon's four phases, the Sun's and the planets' entries into each zodiac sign, and the planets' stations (where they turn retrograde or direct), each at its exact time.";

export type SkyCalendarLinks = { webcal: string; plain: string; label: string; pasteHint: string; contents: string };

/**
 * The subscribe addresses for an origin: `webcal:` (calendar apps subscribe on opening it; it stands for the
 * origin's own scheme) and the plain http(s) address to paste into a client's "subscribe by URL", with the sentence
 * on what the feed holds (sent as the page's data, so the sentence is not in the page's JavaScript as well).
 */
export function skyCalendarLinks(origin: string): SkyCalendarLinks {
  const plain = `${origin}${SKY_CALENDAR_PATH}`;
  return {
    webcal: plain.replace(/^https?:/, "webcal:"),
    plain,
    contents: `${SKY_CALENDAR_CONTENTS} Your calendar keeps it up to date.`,
    label: "Subscribe to the sky calendar",
    pasteHint: "(or add this address to your calendar app: ",
  };
}
