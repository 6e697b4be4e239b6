import type { AppLoadContext } from "@remix-run/node";
import { CONTENT_ALERT_MESSAGE, GRAPHIC_ALERT } from "~/ai/moderation.server";
import type { Preferences } from "~/preferences/schema";
import type { Person } from "~/utils/cost-limits.server";
import { formatEasternDateTimes } from "~/utils/eastern-dates";
import { budgetNotice, OFFLINE_BUDGET_PROVIDER } from "~/utils/paid-budget.server";
import type { AstronomicalData } from "./ephemeris.server";
import { skyPageNotKept } from "./page-cache.server";
import { planetReport, type ReadingView } from "./reading-view";
import { readingForVisitor, type ReadingResult } from "./readings.server";
import { checkIntervalMinutes, currentSky } from "./snapshots.server";
import { READING_FAILURE_TEXT } from "./tab";
import type { BodyName } from "./zodiac";

/** A reading the server wrote, as the page shows it. */
export function readingViewOf(result: ReadingResult): ReadingView {
  if (result.ok) {
    return { status: "ok", text: result.reading, ...budgetNotice(result.provider) };
  }
  if (result.code === GRAPHIC_ALERT) return { status: "alert", text: CONTENT_ALERT_MESSAGE };
  if (result.code === "RATE_LIMITED") return { status: "failed", text: READING_FAILURE_TEXT, notice: result.message };
  return { status: "failed", text: READING_FAILURE_TEXT };
}

/**
 * What /astrology and /astrology/{planet} show: the latest sky and the monitor's status, and on a planet's address
 * its reading for this visitor. The page is not kept for others (`skyPageNotKept`) when it shows a sky computed on
 * the spot (it changes by the minute; a recorded one is cleared with the next), a failed reading, or one written
 * offline because the day's budget was spent.
 */
export async function astrologyPage({
  planet,
  sessionId,
  person,
  preferences,
  context,
}: {
  planet: BodyName | null;
  sessionId: string;
  person: () => Promise<Person>;
  preferences: Preferences;
  context: AppLoadContext;
}) {
  let sky: AstronomicalData | null = null;
  let lastUpdate: string | null = null;
  let cacheable = true;
  try {
    const current = await currentSky();
    sky = current.data;
    lastUpdate = current.lastUpdate ?? current.data.at;
    if (!current.fromSnapshot) cacheable = false;
  } catch (error) {
    console.error("[astrology] sky unavailable:", error);
  }

  let reading: ReadingView | null = null;
  if (planet && sky) {
    const sign = planetReport(sky, planet).constellation;
    const result = await readingForVisitor({ sessionId, person: await person(), planet, sign, preferences });
    if (!result.ok || result.provider === OFFLINE_BUDGET_PROVIDER) cacheable = false;
    reading = readingViewOf(result);
  }
  // The page's Eastern times as the server writes them: hydrating them needs no formatter in the browser.
  const easternTimes = formatEasternDateTimes([sky?.at ?? null, lastUpdate]);
  if (!cacheable) skyPageNotKept(context);
  return { sky, lastUpdate, easternTimes, checkIntervalMinutes: checkIntervalMinutes(), reading };
}
