import type { LoaderFunctionArgs } from "@remix-run/node";
import { birthChartInputSchema } from "~/astrology/birth-chart-input.server";
import { castBirthChart } from "~/astrology/birth-chart.server";
import { angleSentence, aspectSentence, pointSentence } from "~/astrology/chart-words";
import { transitsAt, transitSentence } from "~/astrology/natal-transits.server";
import { answer } from "~/utils/api.server";

/**
 * GET /api/birth-chart?date=YYYY-MM-DD&time=HH:MM&place=GEONAMES_ID[&houses=placidus|whole-sign][&fold=earlier|later]
 * → {birth, chart, words, transits} (docs/api/birth-charts.md). A clock time that happened twice answers 409 with
 * the two choices; bad input 400 {error, field}.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = birthChartInputSchema.safeParse({
    date: params.get("date") ?? undefined,
    time: params.get("time") ?? undefined,
    place: params.get("place") ?? undefined,
    houses: params.get("houses") ?? undefined,
    fold: params.get("fold") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return answer({ error: issue.message, field: String(issue.path[0] ?? "") }, 400);
  }
  if (!parsed.data.place) {
    return answer({ error: "place is required: a GeoNames id from /api/places.", field: "place" }, 400);
  }
  const result = castBirthChart({
    date: parsed.data.date,
    time: parsed.data.time,
    placeId: parsed.data.place,
    houseSystem: parsed.data.houses,
    fold: parsed.data.fold ?? null,
  });
  if (result.status === "invalid") return answer({ error: result.message, field: result.field }, 400);
  if (result.status === "ambiguous") {
    return answer({ error: result.message, field: "fold", choices: result.choices }, 409);
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
