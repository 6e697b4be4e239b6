import { Link } from "@remix-run/react";
import type { AstronomicalData } from "~/astrology/ephemeris.server";
import { planetReport, planetTooltip } from "~/astrology/reading-view";
import type { BodyName } from "~/astrology/zodiac-names";
import { onUse } from "~/components/on-use";
import { Tooltip } from "~/components/tooltip";
import type { PreferencesForm as PreferencesFormPart } from "./preferences-form";
import { usePlanetReading, type ServerReading } from "./use-planet-reading";

/** The preferences form hydrates on first use and holds a submit made before its code arrives (decision 113). */
const PreferencesForm = onUse(() => import("./preferences-form").then((m) => m.PreferencesForm));

/**
 * The chosen planet's card has nothing to use: its code (and the facts of the bodies and signs it shows) only
 * re-renders it, so it loads when its props change (another planet, its reading, a new sky) or when the visitor
 * points at or focuses a planet link (decision 116); until then the server's HTML of it stays as sent.
 */
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
  form: Parameters<typeof PreferencesFormPart>[0];
}) {
  const { reading, choose } = usePlanetReading({ planet, sky, server, keywords: form.keywords });
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
                  onClick={() => choose(p.name)}
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
        <PreferencesForm holdSubmit {...form} />
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
        <PlanetCard planet={planet} report={planetReport(sky, planet)} reading={reading} alertTitle={alertTitle} />
      )}
    </div>
  );
}
