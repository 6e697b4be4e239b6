import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { personOf } from "~/accounts/person.server";
import { CONTENT_ALERT_MESSAGE, CONTENT_ALERT_TITLE } from "~/ai/moderation.server";
import { PREFERENCES_CONSTRAINT, submitPreferences } from "~/astrology/forms.server";
import { astrologyPage } from "~/astrology/page.server";
import { skyCalendarLinks } from "~/astrology/sky-calendar";
import { DATA_FAILURE_TEXT, isPlanetSwitch, pageTab, parseTab } from "~/astrology/tab";
import { readTabCookie, serializeTabCookie } from "~/astrology/tab-cookie.server";
import { AstrologyViews } from "~/astrology/ui/astrology-views";
import { useLiveSky } from "~/astrology/ui/live-sky";
import { PlanetNotFound } from "~/astrology/ui/planet-not-found";
import { SkyCalendarLink } from "~/astrology/ui/sky-calendar-link";
import { useRememberedTab } from "~/astrology/ui/use-remembered-tab";
import { BODY_NAMES, parseBodyName } from "~/astrology/zodiac-names";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { onDemandViews } from "~/components/on-demand-views";
import { getPreferences } from "~/preferences/preferences.server";
import { publicOrigin } from "~/utils/env.server";
import { combineHeaders } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Tab links carry ?tab=…: remember it in the cookie and come back to the plain address (post/redirect/get style).
  const requestedTab = parseTab(new URL(request.url).searchParams.get("tab"));
  if (requestedTab) {
    return redirect("/astrology", { headers: { "Set-Cookie": serializeTabCookie(requestedTab) } });
  }
  const planet = params.planet === undefined ? null : parseBodyName(params.planet);
  if (params.planet !== undefined && !planet) {
    throw new Response(
      `There is no planet called “${params.planet}” in this sky. Choose one of: ${BODY_NAMES.join(", ")}.`,
      { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const visitor = await getVisitor(request);
  // The page cache read the preferences to key this page (decision 100): render from exactly those.
  const preferences = context.visitorPreferences ?? (await getPreferences({ sessionId: visitor.sessionId }));
  const savedTab = readTabCookie(request);
  const page = await astrologyPage({
    planet,
    sessionId: visitor.sessionId,
    person: () => personOf(request, context),
    preferences,
    context,
  });

  const headers = combineHeaders(
    visitorCookieHeader(visitor),
    planet && savedTab !== "horoscope" ? { "Set-Cookie": serializeTabCookie("horoscope") } : null,
  );
  return data(
    {
      tab: pageTab(planet, savedTab),
      planet,
      ...page,
      preferences,
      preferencesConstraint: PREFERENCES_CONSTRAINT,
      contentAlert: { title: CONTENT_ALERT_TITLE, message: CONTENT_ALERT_MESSAGE },
      calendar: skyCalendarLinks(publicOrigin()),
    },
    { headers, status: page.sky ? 200 : 503 },
  );
}

/** The content preferences form (the page's one form). */
export async function action({ request }: ActionFunctionArgs) {
  return submitPreferences(request);
}

/** With JavaScript a planet's reading comes from the API: following a planet link does not ask the loader again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  // the same address is an explicit revalidation (saved preferences: the reading is read again)
  if (!formMethod && currentUrl.href !== nextUrl.href && isPlanetSwitch(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
};

/**
 * The page's two views, each a chunk of its own (decision 116): the page loads the code of the one it shows, the
 * other's when the visitor switches to it (fetched early on pointing at or focusing its tab).
 */
const AstrologyView = onDemandViews({
  transits: () => import("~/astrology/ui/transits").then((m) => m.TransitsTab),
  horoscope: () => import("~/astrology/ui/horoscope").then((m) => m.HoroscopeTab),
});

export default function AstrologyPage() {
  const loaderData = useLoaderData<typeof loader>();
  const planet = parseBodyName(useParams().planet);
  const tab = pageTab(planet, loaderData.tab);
  const { sky, lastUpdate, checkIntervalMinutes } = useLiveSky(loaderData);
  const [keywords, setKeywords] = useState(loaderData.preferences.keywords);
  useRememberedTab(tab, planet !== null);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/about" className="text-cosmic underline">
        Back to About
      </Link>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Celestial Transits</h1>
      <p className="mt-3 max-w-3xl text-lg">
        Where the Sun, the Moon and the planets stand in the zodiac right now, computed from their true positions, and a
        reading of each through the ten universal principles.
      </p>
      <p className="mt-3">
        Your own sky:{" "}
        <Link to="/birth-chart" className="text-cosmic underline">
          your birth chart
        </Link>
        , or{" "}
        <Link to="/compatibility" className="text-cosmic underline">
          compare two people&apos;s charts
        </Link>
        .
      </p>
      <SkyCalendarLink links={loaderData.calendar} />

      <AstrologyViews tab={tab} onIntent={AstrologyView.preload} />

      {!sky ? (
        <section className="mt-8 rounded-lg border border-red-300 bg-red-50 p-6" role="alert">
          <p className="font-semibold">No planetary data available</p>
          <p className="mt-2">{DATA_FAILURE_TEXT}</p>
        </section>
      ) : tab === "transits" ? (
        <AstrologyView
          view="transits"
          sky={sky}
          lastUpdate={lastUpdate}
          interval={checkIntervalMinutes}
          easternTimes={loaderData.easternTimes}
        />
      ) : (
        <AstrologyView
          view="horoscope"
          sky={sky}
          planet={planet}
          server={loaderData}
          alertTitle={loaderData.contentAlert.title}
          form={{
            preferences: loaderData.preferences,
            constraint: loaderData.preferencesConstraint,
            keywords,
            onKeywords: setKeywords,
          }}
        />
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, params }) => {
  const planet = parseBodyName(params.planet);
  return pageMeta({
    title: planet ? `${planet} Horoscope · Celestial Transits` : "Celestial Transits",
    description:
      "Current planetary transits and moon phase, computed from true positions, and personal readings per planet.",
    path: planet ? `/astrology/${planet}` : "/astrology",
    origin: originFromMatches(matches),
  });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <PlanetNotFound message={message} /> }} />;
}
