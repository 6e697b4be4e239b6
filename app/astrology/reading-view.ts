import type { AstronomicalData, PlanetReport } from "./ephemeris.server";
import { READING_FAILURE_TEXT } from "./tab";
import { bodyFacts } from "./zodiac-bodies";
import type { BodyName } from "./zodiac-names";

/**
 * A planet's reading as the page shows it (decided here, on both sides: the loader's answer and the API's).
 * `notice`: said with the reading, e.g. that the day's AI budget is spent and the offline composer wrote it.
 */
export type ReadingView = { status: "ok" | "failed" | "alert" | "loading"; text: string; notice?: string };

export const LOADING_READING: ReadingView = { status: "loading", text: "" };

/** Content alerts are recognised by this marker in the API's error text (the spec's GRAPHIC_ALERT). */
export const ALERT_MARKER = "GRAPHIC_ALERT";

/** What the reading API answered (`/api/generate-personalized-reading`), as the page shows it. */
export function readingViewFromApi(
  ok: boolean,
  body: { reading?: string; error?: string; notice?: string },
  alertMessage: string,
): ReadingView {
  if (ok && body.reading) return { status: "ok", text: body.reading, ...(body.notice ? { notice: body.notice } : {}) };
  if (body.error?.includes(ALERT_MARKER)) return { status: "alert", text: alertMessage };
  return { status: "failed", text: READING_FAILURE_TEXT };
}

/** A reading's paragraphs: the text's blank-line breaks. */
export function readingParagraphs(text: string): string[] {
  return text.split(/\n{2,}/);
}

/** The chosen body's entry in the sky (every body is always in it). */
export function planetReport(sky: AstronomicalData, planet: BodyName): PlanetReport {
  return sky.planets.find((p) => p.name === planet)!;
}

/** The planet buttons show a glyph first: the tooltip names what the body stands for (also in the link's name). */
export function planetTooltip(p: PlanetReport): string {
  return `${p.name} in ${p.constellation}: ${bodyFacts(p.name as BodyName).attribute}`;
}
