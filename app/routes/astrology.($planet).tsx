import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useParams,
  useSubmit,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CONTENT_ALERT_MESSAGE, CONTENT_ALERT_TITLE, GRAPHIC_ALERT } from "~/ai/moderation.server";
import type { AstronomicalData, PlanetReport } from "~/astrology/ephemeris.server";
import { MONITOR_STATUS_REFRESH_MS, SKY_REFRESH_MS, useVisibleInterval } from "~/astrology/live-sky";
import { readingForVisitor } from "~/astrology/readings.server";
import { SkyWheel } from "~/astrology/sky-wheel";
import { currentSky, checkIntervalMinutes } from "~/astrology/snapshots.server";
import {
  DATA_FAILURE_TEXT,
  formatInstant,
  parseTab,
  READING_FAILURE_TEXT,
  READING_FAILURE_TITLE,
  TAB_COOKIE,
  TAB_STORAGE_KEY,
  tabCookieForBrowser,
  type AstrologyTab,
} from "~/astrology/tab";
import { readTabCookie, serializeTabCookie } from "~/astrology/tab-cookie.server";
import {
  BODIES,
  BODY_NAMES,
  bodyFacts,
  formatDegree,
  parseBodyName,
  signFacts,
  type BodyName,
} from "~/astrology/zodiac";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { Tooltip } from "~/components/tooltip";
import { principleOf } from "~/numerology/principles";
import { GENERATION_TEXTS } from "~/numerology/texts";
import { getPreferences, saveScreenedPreferences } from "~/preferences/preferences.server";
import {
  COMPOSITION_LABELS,
  COMPOSITIONS,
  KEYWORDS_MAX,
  preferencesSchema,
  STYLE_LABELS,
  STYLES,
  type Preferences,
} from "~/preferences/schema";
import { personOf } from "~/utils/cost-limits.server";
import { combineHeaders } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { doNotCache } from "~/utils/page-cache.server";
import { BUDGET_SPENT_NOTICE, OFFLINE_BUDGET_PROVIDER } from "~/utils/paid-budget.server";
import { getVisitor } from "~/utils/visitor.server";

const PREFERENCES_FAILED = GENERATION_TEXTS.preferencesSaveFailed;

/** `notice`: said with the reading, e.g. that the day's AI budget is spent and the offline composer wrote it. */
type ReadingView = { status: "ok" | "failed" | "alert" | "loading"; text: string; notice?: string };
/** Content alerts are recognised by this marker in the API's error text (the spec's GRAPHIC_ALERT). */
const ALERT_MARKER = "GRAPHIC_ALERT";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Tab links carry ?tab=…: remember it in the cookie and come back to the plain address (post/redirect/get style).
  const requestedTab = parseTab(url.searchParams.get("tab"));
  if (requestedTab) {
    return redirect("/astrology", { headers: { "Set-Cookie": serializeTabCookie(requestedTab) } });
  }
  let planet: BodyName | null = null;
  if (params.planet !== undefined) {
    planet = parseBodyName(params.planet);
    if (!planet) {
      throw new Response(
        `There is no planet called “${params.planet}” in this sky. Choose one of: ${BODY_NAMES.join(", ")}.`,
        { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } },
      );
    }
  }
  const visitor = await getVisitor(request);
  // The page cache read the preferences to key this page (decision 100): render from exactly those.
  const preferences = context.visitorPreferences ?? (await getPreferences({ sessionId: visitor.sessionId }));
  const savedTab = readTabCookie(request);
  const contentAlert = { title: CONTENT_ALERT_TITLE, message: CONTENT_ALERT_MESSAGE };
  const tab: AstrologyTab = planet ? "horoscope" : (savedTab ?? "transits");

  let sky: AstronomicalData | null = null;
  let lastUpdate: string | null = null;
  try {
    const current = await currentSky();
    sky = current.data;
    lastUpdate = current.lastUpdate ?? current.data.at;
    // A sky computed on the spot changes by the minute: only a recorded one (cleared with the next) is kept.
    if (!current.fromSnapshot) doNotCache(context);
  } catch (error) {
    console.error("[astrology] sky unavailable:", error);
  }

  let reading: ReadingView | null = null;
  if (planet && sky) {
    const sign = sky.planets.find((p) => p.name === planet)!.constellation;
    const person = await personOf(request, context);
    const result = await readingForVisitor({ sessionId: visitor.sessionId, person, planet, sign, preferences });
    if (!result.ok || result.provider === OFFLINE_BUDGET_PROVIDER) doNotCache(context);
    reading = result.ok
      ? {
          status: "ok",
          text: result.reading,
          ...(result.provider === OFFLINE_BUDGET_PROVIDER ? { notice: BUDGET_SPENT_NOTICE } : {}),
        }
      : result.code === GRAPHIC_ALERT
        ? { status: "alert", text: contentAlert.message }
        : result.code === "RATE_LIMITED"
          ? { status: "failed", text: READING_FAILURE_TEXT, notice: result.message }
          : { status: "failed", text: READING_FAILURE_TEXT };
  }

  const headers = combineHeaders(
    visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null,
    planet && savedTab !== "horoscope" ? { "Set-Cookie": serializeTabCookie("horoscope") } : null,
  );
  return data(
    {
      tab,
      planet,
      sky,
      lastUpdate,
      checkIntervalMinutes: checkIntervalMinutes(),
      preferences,
      reading,
      contentAlert,
    },
    { headers, status: sky ? 200 : 503 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "preferences") {
    return data({ formTitle: PREFERENCES_FAILED, formError: "Unknown form." }, { status: 400 });
  }
  const parsed = preferencesSchema.safeParse({
    style: form.get("style") ?? undefined,
    composition: form.get("composition") ?? undefined,
    keywords: form.get("keywords") ?? undefined,
  });
  if (!parsed.success) {
    return data(
      { formTitle: PREFERENCES_FAILED, formError: parsed.error.issues.map((i) => i.message).join(" ") },
      { status: 400 },
    );
  }
  const visitor = await getVisitor(request);
  const saved = await saveScreenedPreferences({ sessionId: visitor.sessionId, ...parsed.data });
  if (!saved.ok) return data({ formTitle: saved.title, formError: saved.message }, { status: 400 });
  const url = new URL(request.url);
  return redirect(url.pathname, {
    headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined,
  });
}

/**
 * With JavaScript, choosing another planet only changes the address: the sky is already here and the reading is
 * requested from the API (with the loading card), so the loader is not asked again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod) return defaultShouldRevalidate;
  const onPage = (u: URL) => u.pathname === "/astrology" || u.pathname.startsWith("/astrology/");
  if (onPage(currentUrl) && nextUrl.pathname.startsWith("/astrology/") && nextUrl.search === "") return false;
  return defaultShouldRevalidate;
};

export default function AstrologyPage() {
  const loaderData = useLoaderData<typeof loader>();
  const params = useParams();
  const navigate = useNavigate();
  const planet = parseBodyName(params.planet);
  const tab: AstrologyTab = planet ? "horoscope" : loaderData.tab;

  // The sky and the monitor's status as last asked: the loader's, then refreshed in the browser.
  const [live, setLive] = useState({
    sky: loaderData.sky,
    lastUpdate: loaderData.lastUpdate,
    checkIntervalMinutes: loaderData.checkIntervalMinutes,
  });
  useEffect(() => {
    setLive({
      sky: loaderData.sky,
      lastUpdate: loaderData.lastUpdate,
      checkIntervalMinutes: loaderData.checkIntervalMinutes,
    });
  }, [loaderData]);
  useVisibleInterval(async () => {
    const response = await fetch("/api/astrology-monitor/status", { cache: "no-store" }).catch(() => null);
    if (!response?.ok) return;
    const status = (await response.json()) as { lastUpdate: string | null; checkIntervalMinutes: number };
    setLive((current) => ({
      ...current,
      lastUpdate: status.lastUpdate ?? current.lastUpdate,
      checkIntervalMinutes: status.checkIntervalMinutes,
    }));
  }, MONITOR_STATUS_REFRESH_MS);
  useVisibleInterval(async () => {
    const response = await fetch("/api/astrology", { cache: "no-store" }).catch(() => null);
    if (!response?.ok) return;
    const { lastUpdate, ...next } = (await response.json()) as AstronomicalData & { lastUpdate: string | null };
    setLive((current) => ({ ...current, sky: next, lastUpdate: lastUpdate ?? current.lastUpdate }));
  }, SKY_REFRESH_MS);
  const { sky } = live;

  // Readings requested in the browser, by planet; a fresh loader answer (after saving preferences) wins.
  const [clientReading, setClientReading] = useState<{ planet: BodyName; view: ReadingView } | null>(null);
  useEffect(() => setClientReading(null), [loaderData]);
  const reading: ReadingView | null =
    clientReading?.planet === planet ? clientReading.view : loaderData.planet === planet ? loaderData.reading : null;

  const [keywords, setKeywords] = useState(loaderData.preferences.keywords);
  const keywordsRef = useRef(keywords);
  keywordsRef.current = keywords;

  // Remember the tab in local storage; restore it when the cookie did not (e.g. cookies cleared).
  useEffect(() => {
    const stored = parseTab(window.localStorage.getItem(TAB_STORAGE_KEY));
    if (!planet && stored && stored !== tab && !document.cookie.includes(`${TAB_COOKIE}=`)) {
      navigate(`/astrology?tab=${stored}`, { replace: true });
      return;
    }
    window.localStorage.setItem(TAB_STORAGE_KEY, tab);
    document.cookie = tabCookieForBrowser(tab);
  }, [tab]); // eslint-disable-line react-hooks/exhaustive-deps

  // A planet address without a reading yet: request one after ~100 ms, with the loading card meanwhile.
  useEffect(() => {
    if (!planet || !sky || reading) return;
    setClientReading({ planet, view: { status: "loading", text: "" } });
  }, [planet, sky, reading]);

  const pending = clientReading?.planet === planet && clientReading?.view.status === "loading" ? clientReading : null;
  useEffect(() => {
    if (!pending || !sky) return;
    const target = pending.planet;
    const constellation = sky.planets.find((p) => p.name === target)!.constellation;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      let view: ReadingView;
      try {
        const response = await fetch("/api/generate-personalized-reading", {
          method: "POST",
          credentials: "include",
          signal: controller.signal,
          // The visitor cookie names the visitor (decision 100: the page, kept for many visitors, holds no id).
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            planet: target,
            constellation,
            ...(keywordsRef.current.trim() ? { keywords: keywordsRef.current } : {}),
          }),
        });
        const body = (await response.json().catch(() => ({}))) as { reading?: string; error?: string; notice?: string };
        if (response.ok && body.reading)
          view = { status: "ok", text: body.reading, ...(body.notice ? { notice: body.notice } : {}) };
        else if (body.error?.includes(ALERT_MARKER)) view = { status: "alert", text: loaderData.contentAlert.message };
        else view = { status: "failed", text: READING_FAILURE_TEXT };
      } catch (error) {
        if (controller.signal.aborted) return;
        view = { status: "failed", text: READING_FAILURE_TEXT };
      }
      setClientReading((current) => (current?.planet === target ? { planet: target, view } : current));
    }, 100);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [pending, sky]);

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
      <p className="mt-2">
        {/* a file, not a page: a plain link, so the browser (or a calendar app) fetches it without the router */}
        <a href="/astrology/calendar.ics" className="text-cosmic underline">
          Subscribe to the sky calendar
        </a>{" "}
        <span className="text-sm">(iCalendar: the next 12 months of lunar phases, sign changes and stations)</span>
      </p>

      <nav aria-label="Astrology views" className="mt-8 flex gap-2 border-b border-violet-200">
        <TabLink to="/astrology?tab=transits" current={tab === "transits"} onChoose={() => setClientReading(null)}>
          Transits
        </TabLink>
        <TabLink to="/astrology?tab=horoscope" current={tab === "horoscope"}>
          Personalized Horoscope
        </TabLink>
      </nav>

      {!sky ? (
        <section className="mt-8 rounded-lg border border-red-300 bg-red-50 p-6" role="alert">
          <p className="font-semibold">No planetary data available</p>
          <p className="mt-2">{DATA_FAILURE_TEXT}</p>
        </section>
      ) : tab === "transits" ? (
        <TransitsTab sky={sky} lastUpdate={live.lastUpdate} interval={live.checkIntervalMinutes} />
      ) : (
        <HoroscopeTab
          sky={sky}
          planet={planet}
          reading={reading}
          preferences={loaderData.preferences}
          alertTitle={loaderData.contentAlert.title}
          keywords={keywords}
          onKeywords={setKeywords}
          onChoosePlanet={(name) => setClientReading({ planet: name, view: { status: "loading", text: "" } })}
        />
      )}
    </div>
  );
}

function TabLink({
  to,
  current,
  children,
  onChoose,
}: {
  to: string;
  current: boolean;
  children: string;
  onChoose?: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onChoose}
      aria-current={current ? "page" : undefined}
      preventScrollReset
      className={`-mb-px rounded-t-md border px-4 py-2 font-semibold ${
        current
          ? "border-violet-200 border-b-white bg-white text-cosmic"
          : "border-transparent text-ink hover:text-cosmic"
      }`}
    >
      {children}
    </Link>
  );
}

function TransitsTab({
  sky,
  lastUpdate,
  interval,
}: {
  sky: AstronomicalData;
  lastUpdate: string | null;
  interval: number;
}) {
  const { moonPhase } = sky;
  return (
    <div className="mt-8 space-y-8">
      <h2 className="sr-only">Transits</h2>
      <section aria-labelledby="moon-title" className="rounded-lg border border-violet-200 bg-white p-6">
        <h3 id="moon-title" className="font-serif text-2xl font-bold">
          Moon Phase
        </h3>
        <p className="mt-2 text-lg">
          <span className="font-semibold">{moonPhase.current}</span>, {Math.round(moonPhase.illumination * 100)}%
          illuminated
        </p>
        <p className="mt-1">
          Next: <span className="font-semibold">{moonPhase.nextPhase.type}</span> on {moonPhase.nextPhase.date} at{" "}
          {moonPhase.nextPhase.time}
        </p>
      </section>

      {sky.planets.length === 0 ? (
        <p className="rounded-lg border border-violet-200 bg-white p-6">No planetary data available</p>
      ) : (
        <section aria-labelledby="planets-title" className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <figure className="rounded-lg border border-violet-200 bg-white p-4">
            <SkyWheel bodies={sky.planets} describedBy="positions-caption" at={formatInstant(sky.at)} />
            <figcaption className="mt-2 text-center text-sm">
              Sky wheel: 0° Aries at the left, signs counter-clockwise; retrograde bodies in red. The table lists the
              same positions.
            </figcaption>
          </figure>
          <div>
            <h3 id="planets-title" className="font-serif text-2xl font-bold">
              Planetary Positions
            </h3>
            <PositionsTable planets={sky.planets} />
          </div>
        </section>
      )}

      <p className="text-sm">
        Last updated: {lastUpdate ? formatInstant(lastUpdate) : "never"} · checked every {interval} minutes
      </p>
    </div>
  );
}

function PositionsTable({ planets }: { planets: PlanetReport[] }) {
  return (
    <table className="mt-3 w-full border-collapse text-left">
      <caption id="positions-caption" className="sr-only">
        Positions of the ten bodies: sign, degree within the sign, motion, next sign change and next station
      </caption>
      <thead>
        <tr className="border-b border-violet-200 text-sm">
          <th scope="col" className="py-2 pr-2">
            Body
          </th>
          <th scope="col" className="py-2 pr-2">
            Sign
          </th>
          <th scope="col" className="py-2 pr-2">
            Degree
          </th>
          <th scope="col" className="py-2">
            Coming
          </th>
        </tr>
      </thead>
      <tbody>
        {planets.map((p) => (
          <tr key={p.name} className="border-b border-violet-100 align-top">
            <th scope="row" className="py-2 pr-2 font-semibold">
              <span aria-hidden="true" className="mr-1">
                {p.symbol}
              </span>
              <Link to={`/astrology/${p.name}`} className="text-cosmic underline">
                {p.name}
              </Link>
              {p.isRetrograde ? (
                <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                  Retrograde
                </span>
              ) : null}
            </th>
            <td className="py-2 pr-2">
              <span aria-hidden="true" className="mr-1">
                {signFacts(p.constellation).symbol}
              </span>
              {p.constellation}
            </td>
            <td className="py-2 pr-2">{formatDegree(p.degreeInSign)}</td>
            <td className="py-2 text-sm">
              {p.nextSignChange ? (
                <span className="block">
                  Enters {p.nextSignChange.sign} {p.nextSignChange.date}
                </span>
              ) : null}
              {p.nextStation ? (
                <span className="block">
                  Turns {p.nextStation.kind} {p.nextStation.date}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The planet buttons show a glyph first: the tooltip names what the body stands for (also in the link's name). */
function planetTooltip(p: PlanetReport): string {
  return `${p.name} in ${p.constellation}: ${bodyFacts(p.name as BodyName).attribute}`;
}

function HoroscopeTab({
  sky,
  planet,
  reading,
  preferences,
  alertTitle,
  keywords,
  onKeywords,
  onChoosePlanet,
}: {
  sky: AstronomicalData;
  planet: BodyName | null;
  reading: ReadingView | null;
  preferences: Preferences;
  alertTitle: string;
  keywords: string;
  onKeywords: (value: string) => void;
  onChoosePlanet: (planet: BodyName) => void;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "preferences";
  const formError = !saving && actionData && "formError" in actionData ? actionData : null;
  const remaining = KEYWORDS_MAX - keywords.length;
  return (
    <div className="mt-8 space-y-8">
      <h2 className="font-serif text-3xl font-bold">Personalized Horoscope</h2>

      <nav aria-label="Planets">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {sky.planets.map((p) => (
            <li key={p.name}>
              <Tooltip content={planetTooltip(p)}>
                <Link
                  to={`/astrology/${p.name}`}
                  aria-current={p.name === planet ? "page" : undefined}
                  onClick={() => onChoosePlanet(p.name)}
                  preventScrollReset
                  className={`block rounded-lg border p-3 text-center ${
                    p.name === planet
                      ? "border-cosmic bg-cosmic text-white"
                      : "border-violet-200 bg-white text-ink hover:border-cosmic"
                  }`}
                >
                  <span aria-hidden="true" className="block text-2xl">
                    {p.symbol}
                  </span>
                  <span className="block font-semibold">{p.name}</span>
                  <span className="block text-sm">{p.constellation}</span>
                  <span className="sr-only"> ({planetTooltip(p)})</span>
                </Link>
              </Tooltip>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="preferences-title" className="rounded-lg border border-violet-200 bg-white p-6">
        <h3 id="preferences-title" className="font-serif text-xl font-bold">
          Content Preferences
        </h3>
        <Form
          method="post"
          replace
          preventScrollReset
          className="mt-4 grid gap-4 sm:grid-cols-3"
          onChange={(event) => {
            const target = event.target as HTMLElement;
            if (target instanceof HTMLSelectElement)
              submit(event.currentTarget, { replace: true, preventScrollReset: true });
          }}
        >
          <input type="hidden" name="intent" value="preferences" />
          {formError ? (
            <div
              role="alert"
              id="preferences-error"
              tabIndex={-1}
              autoFocus
              className="rounded border border-red-300 bg-red-50 p-3 text-red-900 sm:col-span-3"
            >
              <p className="font-semibold">{formError.formTitle}</p>
              <p>{formError.formError}</p>
            </div>
          ) : null}
          <label className="flex flex-col gap-1">
            <span className="font-semibold">Style</span>
            <select
              name="style"
              defaultValue={preferences.style}
              className="rounded border border-violet-300 bg-white p-2"
            >
              {STYLES.map((s) => (
                <option key={s} value={s}>
                  {STYLE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">Content Length</span>
            <select
              name="composition"
              defaultValue={preferences.composition}
              className="rounded border border-violet-300 bg-white p-2"
            >
              {COMPOSITIONS.map((c) => (
                <option key={c} value={c}>
                  {COMPOSITION_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-col gap-1">
            <label htmlFor="astrology-keywords" className="font-semibold">
              Keywords
            </label>
            <input
              id="astrology-keywords"
              name="keywords"
              value={keywords}
              maxLength={KEYWORDS_MAX}
              onChange={(e) => onKeywords(e.target.value.slice(0, KEYWORDS_MAX))}
              aria-describedby={
                formError ? "preferences-error keywords-hint keywords-counter" : "keywords-hint keywords-counter"
              }
              aria-invalid={formError ? true : undefined}
              className="rounded border border-violet-300 p-2"
            />
            <span id="keywords-hint" className="text-sm">
              No proper nouns
            </span>
            <span id="keywords-counter" className={`text-sm ${remaining < 10 ? "font-semibold text-red-800" : ""}`}>
              {keywords.length}/{KEYWORDS_MAX}
              {remaining < 10 ? ` (${remaining} left)` : ""}
            </span>
          </div>
          <div className="sm:col-span-3">
            <button type="submit" className="rounded bg-cosmic px-4 py-2 font-semibold text-white" disabled={saving}>
              {saving ? "Saving..." : "Save Preferences"}
            </button>
          </div>
        </Form>
      </section>

      {!planet ? (
        <section
          aria-labelledby="select-title"
          className="rounded-lg border border-dashed border-violet-300 bg-white p-6 text-center"
        >
          <h3 id="select-title" className="font-serif text-xl font-bold">
            Select a Planet Above
          </h3>
          <p className="mt-2">
            Choose one of the ten bodies to receive a reading of its current sign, shaped by your preferences.
          </p>
        </section>
      ) : (
        <PlanetCard
          planet={planet}
          report={sky.planets.find((p) => p.name === planet)!}
          reading={reading}
          alertTitle={alertTitle}
        />
      )}
    </div>
  );
}

function PlanetCard({
  planet,
  report,
  reading,
  alertTitle,
}: {
  planet: BodyName;
  report: PlanetReport;
  reading: ReadingView | null;
  alertTitle: string;
}) {
  const facts = bodyFacts(planet);
  const sign = signFacts(report.constellation);
  const principle = principleOf(facts.principle);
  return (
    <article aria-labelledby="planet-card-title" className="rounded-lg border border-violet-200 bg-white p-6">
      <h3 id="planet-card-title" className="font-serif text-2xl font-bold">
        <span aria-hidden="true" className="mr-2">
          {facts.symbol}
        </span>
        {planet} in {report.constellation}
      </h3>
      <p className="mt-1 font-semibold text-cosmic">{facts.attribute}</p>
      <p className="mt-3">{facts.description}</p>
      <p className="mt-2 text-sm">
        Principle {principle.digit}: Universal {principle.name} · {sign.element} sign, {sign.modality.toLowerCase()} ·{" "}
        {formatDegree(report.degreeInSign)} {report.constellation}
        {report.isRetrograde ? " · Retrograde" : ""}
      </p>
      <ul aria-label="Themes" className="mt-3 flex flex-wrap gap-2">
        {[...facts.keywords, ...sign.keywords].map((k) => (
          <li key={k} className="rounded-full bg-cosmic-light px-3 py-1 text-sm text-cosmic">
            {k}
          </li>
        ))}
      </ul>
      <section aria-labelledby="reading-title" aria-live="polite" className="mt-6">
        <h4 id="reading-title" className="font-serif text-xl font-bold">
          Your Reading
        </h4>
        {!reading || reading.status === "loading" ? (
          <div role="status" className="mt-3 animate-pulse rounded bg-cosmic-light p-4">
            Generating your personalized {planet} reading…
          </div>
        ) : reading.status === "failed" ? (
          <div role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-4">
            <p className="font-semibold">{READING_FAILURE_TITLE}</p>
            <p>{reading.text}</p>
          </div>
        ) : reading.status === "alert" ? (
          <div role="alert" className="mt-3 rounded border border-amber-400 bg-amber-50 p-4">
            <p className="font-semibold">{alertTitle}</p>
            <p>{reading.text}</p>
          </div>
        ) : (
          <div className="mt-3 space-y-3">
            {reading.text.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        )}
        {reading?.notice ? (
          <p role="note" className="mt-3 rounded border border-violet-300 bg-violet-50 p-3 text-sm">
            {reading.notice}
          </p>
        ) : null}
      </section>
      <p className="mt-6 border-t border-violet-100 pt-4 text-sm italic">
        Readings are reflections for contemplation, not predictions: the sky describes, you decide.
      </p>
    </article>
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
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ message }) => (
          <ErrorPanel title="Planet Not Found" text={message}>
            <ul className="flex flex-wrap justify-center gap-3">
              {BODIES.map((b) => (
                <li key={b.name}>
                  <Link to={`/astrology/${b.name}`} className="text-cosmic underline">
                    {b.name}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-4">
              <Link to="/astrology" className="text-cosmic underline">
                Back to Celestial Transits
              </Link>
            </p>
          </ErrorPanel>
        ),
      }}
    />
  );
}
