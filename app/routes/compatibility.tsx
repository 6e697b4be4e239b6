import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { personOf } from "~/accounts/person.server";
import { getUserId } from "~/accounts/session.server";
import { chosenPeopleAddress } from "~/astrology/saved-people-choice.server";
import { personChoice } from "~/astrology/saved-people-view.server";
import { listPeople } from "~/astrology/saved-people.server";
import { synastryPage } from "~/astrology/synastry-input.server";
import { synastryReadings } from "~/astrology/synastry-readings.server";
import { KeepPeopleForms } from "~/astrology/ui/keep-people-forms";
import { SynastryForm } from "~/astrology/ui/synastry-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { onUse } from "~/components/on-use";
import { cacheControl } from "~/utils/cache-control";
import { originFromMatches, pageMeta } from "~/utils/meta";

// The comparison in words, tables and the bi-wheel is rendered whole by the server; its code (the chart views, the
// wheels) is fetched only when the visitor first uses it (decision 109), so the page stays in the JavaScript budget.
const SynastryView = onUse(() => import("~/astrology/ui/synastry-view").then((m) => m.SynastryView));

/**
 * /compatibility: two people's charts and numbers from one GET form (both births in the address: bookmarkable,
 * nothing stored). Each person's steps are the birth chart's (search text → places to choose from → the chart, or
 * the question which of two repeated clock times); then the synastry, the composite and the numbers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const userId = await getUserId(request);
  // a kept person chosen on the form: their birth goes into the address, which stays bookmarkable
  const chosen = await chosenPeopleAddress(url, userId);
  if (chosen) return redirect(chosen);
  const people = userId ? (await listPeople({ userId })).map(personChoice) : null;
  const page = synastryPage(url.searchParams);
  const headers = { "Cache-Control": cacheControl.privateNoStore };
  const status = page.state === "form" && page.invalid ? 400 : 200;
  let readings = null;
  let readingsError: string | null = null;
  let readingsHref: string | null = null;
  if (page.state === "result") {
    if (url.searchParams.get("reading") === "1") {
      const answer = await synastryReadings({ synastry: page.synastry, person: await personOf(request, context) });
      if (answer.ok) readings = answer.readings;
      else readingsError = answer.message;
    }
    if (!readings) {
      const withReading = new URLSearchParams(url.searchParams);
      withReading.set("reading", "1");
      readingsHref = `/compatibility?${withReading.toString()}#synastry-readings-title`;
    }
  }
  const back = `${url.pathname}${url.search}`;
  return data({ page, readings, readingsError, readingsHref, people, back }, { status, headers });
}

export default function Compatibility() {
  const { page, readings, readingsError, readingsHref, people, back } = useLoaderData<typeof loader>();
  const location = useLocation();
  const labels =
    page.state === "result" ? { a: page.synastry.a.label, b: page.synastry.b.label } : { a: "Person A", b: "Person B" };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="flex flex-wrap gap-4">
        <Link to="/astrology" className="text-cosmic underline">
          ← Back to Celestial Transits
        </Link>
        <Link to="/birth-chart" className="text-cosmic underline">
          Birth chart
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Compatibility of two people</h1>
      <p className="mt-3 text-lg">
        Two birth charts side by side: how one person&apos;s planets meet the other&apos;s, whose planets fall in whose
        houses, the composite chart of their midpoints, and their numbers with the relations the ontology teaches.
        Computed on this site; nothing you enter is stored.
      </p>

      <div className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
        <SynastryForm
          values={page.values}
          people={page.people}
          labels={labels}
          resultKey={location.search}
          keptPeople={people}
        />
      </div>

      {page.state === "result" ? (
        <>
          <SynastryView
            synastry={page.synastry}
            readings={readings}
            readingsHref={readingsHref}
            readingsError={readingsError}
          />
          <KeepPeopleForms
            synastry={page.synastry}
            folds={{ a: page.values.a.fold, b: page.values.b.fold }}
            back={back}
          />
        </>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Compatibility",
    description:
      "Two people's birth charts compared: the aspects between them, house contacts, the composite chart and their numbers, as a bi-wheel and in words.",
    path: "/compatibility",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
