import { Link } from "@remix-run/react";
import type { AstronomicalData } from "~/astrology/ephemeris.server";
import { planetReport, planetTooltip, type ReadingView } from "~/astrology/reading-view";
import type { BodyName } from "~/astrology/zodiac";
import { onUse } from "~/components/on-use";
import { Tooltip } from "~/components/tooltip";
import { PlanetCard } from "./planet-card";
import type { PreferencesForm as PreferencesFormPart } from "./preferences-form";

/** The preferences form hydrates on first use and holds a submit made before its code arrives (decision 113). */
const PreferencesForm = onUse(() => import("./preferences-form").then((m) => m.PreferencesForm));

/**
 * The personalised horoscope tab: the ten bodies as links (a planet's address), the content preferences, and the
 * chosen planet's card with its reading.
 */
export function HoroscopeTab({
  sky,
  planet,
  reading,
  alertTitle,
  onChoosePlanet,
  form,
}: {
  sky: AstronomicalData;
  planet: BodyName | null;
  reading: ReadingView | null;
  alertTitle: string;
  onChoosePlanet: (planet: BodyName) => void;
  form: Parameters<typeof PreferencesFormPart>[0];
}) {
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
