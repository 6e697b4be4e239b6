import { Link, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type MouseEvent } from "react";
import type { AstronomicalData } from "~/astrology/ephemeris.server";
import { planetReport, planetTooltip } from "~/astrology/reading-view";
import type { BodyName } from "~/astrology/zodiac-names";
import { onUse } from "~/components/on-use";
import { Tooltip } from "~/components/tooltip";
import { useHydrated } from "~/components/use-hydrated";
import type { PreferencesForm as PreferencesFormPart } from "./preferences-form";
import { usePlanetReading, type ServerReading } from "./use-planet-reading";

/** The preferences form hydrates on first use and holds a submit made before its code arrives (decision 113). */
const PreferencesForm = onUse(() => import("./preferences-form").then((m) => m.PreferencesForm));

/**
 * The chosen planet's card has nothing to use: its code (and the facts of the bodies and signs it shows) only
 * re-renders it, so it loads when its props change (its reading, a new sky) or when the visitor points at or
 * focuses a planet link (decision 116); until then the server's HTML of it stays as sent. With the card on the
 * page, a planet switch (a navigation within the page) made while the card or the preferences form still waits for
 * its code was seen to stay unfinished (the address changed, the page did not: React's transition waited on the
 * waiting part) or to make React drop a part's HTML (error 421); so a planet link followed before both have
 * hydrated wakes them (a new prop) and is followed once both have (as the angel page does, decision 113).
 */
// shown only once the page has hydrated (a button needs JavaScript to do anything): its code is fetched then, not
// with the page's own scripts
const RegenerateButton = lazy(() => import("./regenerate-button").then((m) => ({ default: m.RegenerateButton })));

function RegenerateButtonOnceHydrated({ planet }: { planet: BodyName }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <RegenerateButton planet={planet} />
    </Suspense>
  );
}

const PlanetCard = onUse(() => import("./planet-card").then((m) => m.PlanetCard));

/**
 * The personalised horoscope tab: the ten bodies as links (a planet's address), the content preferences, and the
 * chosen planet's card with its reading: the loader's (`server`) or, after a planet is chosen in the browser, the
 * reading API's (readings asked in the browser are forgotten when the view leaves the page: the transits tab).
 */
export function HoroscopeTab({
  sky,
  planet,
  server,
  alertTitle,
  form,
}: {
  sky: AstronomicalData;
  planet: BodyName | null;
  server: ServerReading;
  alertTitle: string;
  form: Omit<Parameters<typeof PreferencesFormPart>[0], "onReady" | "awake">;
}) {
  const { reading, choose } = usePlanetReading({ planet, sky, server, keywords: form.keywords });
  const navigate = useNavigate();
  const [cardReady, setCardReady] = useState(false);
  const [formReady, setFormReady] = useState(false);
  const [heldPlanet, setHeldPlanet] = useState<BodyName | null>(null);
  useEffect(() => {
    if (!cardReady || !formReady || !heldPlanet) return;
    setHeldPlanet(null);
    choose(heldPlanet);
    navigate(`/astrology/${heldPlanet}`, { preventScrollReset: true });
  }, [cardReady, formReady, heldPlanet, choose, navigate]);
  const onPlanetLink = (event: MouseEvent<HTMLAnchorElement>, name: BodyName) => {
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    if (!planet || (cardReady && formReady) || !plain) return choose(name);
    event.preventDefault();
    setHeldPlanet(name);
  };
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
                  onPointerEnter={PlanetCard.preload}
                  onFocus={PlanetCard.preload}
                  onClick={(event) => onPlanetLink(event, p.name)}
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
        <PreferencesForm holdSubmit {...form} onReady={setFormReady} awake={heldPlanet !== null} />
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
        <>
          <PlanetCard
            planet={planet}
            report={planetReport(sky, planet)}
            reading={reading}
            alertTitle={alertTitle}
            failureKey={reading !== server.reading ? reading : undefined}
            onReady={setCardReady}
            awake={heldPlanet !== null}
          />
          <RegenerateButtonOnceHydrated planet={planet} />
        </>
      )}
    </div>
  );
}
