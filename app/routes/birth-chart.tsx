import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { personOf } from "~/accounts/person.server";
import { birthChartPage } from "~/astrology/birth-chart-input.server";
import { chartReadings } from "~/astrology/chart-readings.server";
import { transitsAt, transitSentence } from "~/astrology/natal-transits.server";
import { BirthChartForm } from "~/astrology/ui/birth-chart-form";
import { BirthChartView } from "~/astrology/ui/birth-chart-view";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SaveBirthDataForm } from "~/components/save-birth-data-form";
import { cacheControl } from "~/utils/cache-control";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /birth-chart: the birth chart from date, time and place, all in the address (a GET form: bookmarkable, nothing
 * stored). Steps without JavaScript: search text → places to choose from → the chart (or, for a repeated clock time,
 * the question which one). `reading=1` adds the readings.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = birthChartPage(url.searchParams);
  const headers = { "Cache-Control": cacheControl.privateNoStore };
  if (page.state !== "result") {
    return data(
      { page, readings: null, readingsError: null, readingsHref: null, transits: [] as string[], back: "" },
      { status: page.state === "invalid" ? 400 : 200, headers },
    );
  }
  const { result } = page;
  if (result.status !== "chart") {
    return data(
      { page, readings: null, readingsError: null, readingsHref: null, transits: [] as string[], back: "" },
      { status: result.status === "invalid" ? 400 : 200, headers },
    );
  }
  let readings = null;
  let readingsError: string | null = null;
  if (url.searchParams.get("reading") === "1") {
    const answer = await chartReadings({ chart: result.chart, person: await personOf(request, context) });
    if (answer.ok) readings = answer.readings;
    else readingsError = answer.message;
  }
  const withReading = new URLSearchParams(url.searchParams);
  withReading.set("reading", "1");
  const readingsHref = readings ? null : `/birth-chart?${withReading.toString()}#chart-readings-title`;
  const transits = transitsAt(result.chart).map(transitSentence);
  const back = `${url.pathname}${url.search}`;
  return data({ page, readings, readingsError, readingsHref, transits, back }, { headers });
}

export default function BirthChart() {
  const { page, readings, readingsError, readingsHref, transits, back } = useLoaderData<typeof loader>();
  const location = useLocation();
  const result = page.state === "result" ? page.result : null;
  const resultErrors =
    result?.status === "invalid" ? { [result.field === "place" ? "place" : "date"]: result.message } : {};
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/astrology" className="text-cosmic underline">
        ← Back to Celestial Transits
      </Link>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Birth Chart</h1>
      <p className="mt-3 text-lg">
        The sky at the moment you were born: the planets in their signs and houses, the Ascendant and Midheaven, and how
        the planets meet. Computed on this site from astronomical formulas; nothing you enter is stored.
      </p>
      <p className="mt-2">
        Two people?{" "}
        <Link to="/compatibility" className="text-cosmic underline">
          Compare two charts
        </Link>{" "}
        and their numbers.
      </p>

      <div className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
        <BirthChartForm
          values={page.values}
          errors={page.state === "invalid" ? page.errors : resultErrors}
          matches={page.state === "choose-place" || page.state === "invalid" ? page.matches : []}
          chosen={
            result?.status === "chart" ? result.birth.place : result?.status === "ambiguous" ? result.place : null
          }
          foldChoices={result?.status === "ambiguous" ? result.choices : null}
          resultKey={location.search}
        />
        {result?.status === "ambiguous" ? (
          <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3">
            {result.message}
          </p>
        ) : null}
      </div>

      {result?.status === "chart" ? (
        <BirthChartView
          birth={result.birth}
          chart={result.chart}
          readings={readings}
          readingsHref={readingsHref}
          readingsError={readingsError}
          transits={transits}
        >
          <SaveBirthDataForm
            intent="save-chart"
            back={back}
            label="Save this chart to my account"
            note="Members only: kept privately on your account page, with its transits in your personal calendar."
            fields={{
              date: result.birth.date,
              time: result.birth.time ?? "",
              place: String(result.birth.place.id),
              houses: page.values.houses,
              fold: page.values.fold,
            }}
          />
        </BirthChartView>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Birth Chart",
    description:
      "Your birth chart from date, time and place: planets, signs, houses, Ascendant, Midheaven and aspects, as a wheel and in words.",
    path: "/birth-chart",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
