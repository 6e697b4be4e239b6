import { Link } from "@remix-run/react";
import type { AstronomicalData, PlanetReport } from "~/astrology/ephemeris.server";
import { formatDegree } from "~/astrology/zodiac-names";
import { signFacts } from "~/astrology/zodiac-signs";
import { formatEasternDateTime } from "~/utils/eastern-dates";
import { SkyWheel } from "./sky-wheel";

/** The transits tab: the moon's phase, the sky wheel and the positions table, and when the sky was last checked. */
export function TransitsTab({
  sky,
  lastUpdate,
  interval,
  easternTimes,
}: {
  sky: AstronomicalData;
  lastUpdate: string | null;
  interval: number;
  /** the loader's times as the server formatted them (formatEasternDateTime) */
  easternTimes?: Record<string, string>;
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
            <SkyWheel
              bodies={sky.planets}
              describedBy="positions-caption"
              at={formatEasternDateTime(sky.at, easternTimes)}
            />
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
        Last updated: {lastUpdate ? formatEasternDateTime(lastUpdate, easternTimes) : "never"} · checked every{" "}
        {interval} minutes
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
