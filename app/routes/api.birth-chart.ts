import type { LoaderFunctionArgs } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { hitAstrologyApiLimit } from "~/astrology/api-limits.server";
import { birthChartInputSchema } from "~/astrology/birth-chart-input.server";
import { castBirthChart } from "~/astrology/birth-chart.server";
import { angleSentence, aspectSentence, pointSentence } from "~/astrology/chart-words";
import { transitsAt, transitSentence } from "~/astrology/natal-transits.server";
import { answer, apiError, readQuery } from "~/utils/api.server";
import { retryAfterHeaders, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * GET /api/birth-chart?date=YYYY-MM-DD&time=HH:MM&place=GEONAMES_ID[&houses=placidus|whole-sign][&fold=earlier|later]
 * → {birth, chart, words, transits} (docs/api/birth-charts.md). A clock time that happened twice answers 409 with
 * the two choices; bad input 400 {error, field}. Limited per person (429 with Retry-After: api-limits.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const allowance = await hitAstrologyApiLimit("birth-chart", await personOf(request, context));
  if (!allowance.allowed) {
    const wait = allowance.retryAfterSeconds;
    return apiError(429, tooManyRequestsMessage(wait), {}, retryAfterHeaders(wait));
  }
  const params = new URL(request.url).searchParams;
  const input = readQuery(birthChartInputSchema, {
    date: params.get("date") ?? undefined,
    time: params.get("time") ?? undefined,
    place: params.get("place") ?? undefined,
    houses: params.get("houses") ?? undefined,
    fold: params.get("fold") ?? undefined,
  });
  if (!input.place) return apiError(400, "place is required: a GeoNames id from /api/places.", { field: "place" });
  const result = castBirthChart({
    date: input.date,
    time: input.time,
    placeId: input.place,
    houseSystem: input.houses,
    fold: input.fold ?? null,
  });
  if (result.status === "invalid") return apiError(400, result.message, { field: result.field });
  if (result.status === "ambiguous") {
    return apiError(409, result.message, { field: "fold", choices: result.choices });
  }
  const { birth, chart } = result;
  const words = {
    points: chart.points.map(pointSentence),
    angles: chart.angles
      ? [angleSentence("Ascendant", chart.angles.ascendant), angleSentence("Midheaven", chart.angles.midheaven)]
      : [],
    aspects: chart.aspects.map(aspectSentence),
  };
  const transits = transitsAt(chart).map((t) => ({
    transiting: t.transiting,
    natal: t.natal,
    type: t.type,
    orb: t.orb,
    applying: t.applying,
    text: transitSentence(t),
  }));
  return answer({ birth, chart, words, transits });
}
