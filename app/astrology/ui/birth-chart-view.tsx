import type { ReactNode } from "react";
import type { BirthFacts } from "~/astrology/birth-chart.server";
import type { PlanetReading } from "~/astrology/chart-reading";
import { angleSentence, aspectSentence, degreesInFigures, houseOrdinal, pointSentence } from "~/astrology/chart-words";
import type { NatalChart } from "~/astrology/natal-chart.server";
import { formatCoordinates } from "./birth-chart-form";
import { ChartWheel } from "./chart-wheel";

/**
 * A birth chart on the page, in the order a screen reader reads it: what the birth is and which offset was used,
 * what is unknown, the wheel (one image with a title and a description), then the same chart in words (planets,
 * angles, aspects) and in tables (positions, house cusps).
 */
export function BirthChartView({
  birth,
  chart,
  readings,
  readingsHref,
  readingsError,
  transits,
  children,
}: {
  /** today's transits to the chart, in words */
  transits: string[];
  /** what follows the chart (the form that saves it) */
  children?: ReactNode;
  birth: BirthFacts;
  chart: NatalChart;
  readings: PlanetReading[] | null;
  /** the address that adds the readings, or null when they are shown */
  readingsHref: string | null;
  readingsError: string | null;
}) {
  const when = birth.time ? `${birth.date} at ${birth.time}` : `${birth.date}, time unknown`;
  return (
    <section aria-labelledby="chart-title" className="mt-10 space-y-6">
      <h2 id="chart-title" className="font-serif text-3xl font-bold">
        Birth chart: {when}, {birth.place.name}
      </h2>
      <div className="space-y-2 rounded-lg border border-violet-200 bg-white p-4">
        <p>
          Born in {birth.place.label}, {formatCoordinates(birth.place)}, time zone {birth.place.timeZone}. Cast for{" "}
          {birth.instant.replace("T", " ").replace(/:00\.000Z$|\.000Z$/, "")} UTC ({birth.offset}).
        </p>
        <p>{birth.basisText}</p>
        {chart.houses?.note ? <p className="font-semibold">{chart.houses.note}</p> : null}
        {chart.unknowns.length ? (
          <>
            <h3 className="font-semibold">What this chart cannot know</h3>
            <ul className="list-disc pl-5">
              {chart.unknowns.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="text-sm">
          Positions are tropical, geocentric and apparent, to the arcminute; the node is the Moon&apos;s mean node.
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
        <figure className="rounded-lg border border-violet-200 bg-white p-4">
          <ChartWheel
            chart={chart}
            titleId="chart-wheel-title"
            title={`Chart wheel for ${when}, ${birth.place.name}`}
          />
          <figcaption className="mt-2 text-center text-sm">
            {chart.angles ? "Ascendant at the left" : "0° Aries at the left"}, signs counter-clockwise; aspect lines
            solid when applying, dashed when separating. The chart in words follows.
          </figcaption>
        </figure>

        <div className="space-y-6">
          <ChartInWords chart={chart} idPrefix="chart" title="The chart in words" />
        </div>
      </div>

      <ChartInTables chart={chart} idPrefix="chart" title="The chart in tables" />

      <section aria-labelledby="chart-transits-title" className="space-y-2">
        <h3 id="chart-transits-title" className="font-serif text-2xl font-bold">
          Today&apos;s transits to this chart
        </h3>
        {transits.length ? (
          <ul className="list-disc pl-5">
            {transits.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        ) : (
          <p>No planet in today&apos;s sky is within orb of an aspect to this chart.</p>
        )}
      </section>

      <section aria-labelledby="chart-readings-title" className="space-y-3">
        <h3 id="chart-readings-title" className="font-serif text-2xl font-bold">
          Readings
        </h3>
        {readings ? (
          readings.map((r) => (
            <article key={r.planet} aria-labelledby={`reading-${r.planet}`}>
              <h4 id={`reading-${r.planet}`} className="font-semibold">
                {r.planet}
              </h4>
              <p>{r.reading}</p>
            </article>
          ))
        ) : readingsError ? (
          <p role="alert">{readingsError}</p>
        ) : null}
        {readingsHref ? (
          <p>
            <a href={readingsHref} className="text-cosmic underline">
              Read this chart planet by planet
            </a>
          </p>
        ) : null}
      </section>
      {children}
    </section>
  );
}

/** A chart's planets, angles and aspects in words (the birth chart's and the composite's). */
export function ChartInWords({ chart, idPrefix, title }: { chart: NatalChart; idPrefix: string; title: string }) {
  return (
    <section aria-labelledby={`${idPrefix}-words-title`}>
      <h3 id={`${idPrefix}-words-title`} className="font-serif text-2xl font-bold">
        {title}
      </h3>
      <h4 className="mt-3 font-semibold">Planets</h4>
      <ul className="list-disc pl-5">
        {chart.points.map((p) => (
          <li key={p.name}>{pointSentence(p)}</li>
        ))}
      </ul>
      {chart.angles ? (
        <>
          <h4 className="mt-3 font-semibold">Angles</h4>
          <ul className="list-disc pl-5">
            <li>{angleSentence("Ascendant", chart.angles.ascendant)}</li>
            <li>{angleSentence("Midheaven", chart.angles.midheaven)}</li>
          </ul>
        </>
      ) : null}
      <h4 className="mt-3 font-semibold">Aspects</h4>
      {chart.aspects.length ? (
        <ul className="list-disc pl-5">
          {chart.aspects.map((a) => (
            <li key={`${a.from}-${a.to}-${a.type}`}>{aspectSentence(a)}</li>
          ))}
        </ul>
      ) : (
        <p>No major aspects within orb.</p>
      )}
    </section>
  );
}

/** A chart's positions and house cusps in tables. */
export function ChartInTables({ chart, idPrefix, title }: { chart: NatalChart; idPrefix: string; title: string }) {
  const houseName = chart.houses?.system === "whole-sign" ? "Whole Sign" : "Placidus";
  return (
    <section aria-labelledby={`${idPrefix}-tables-title`} className="space-y-6">
      <h3 id={`${idPrefix}-tables-title`} className="font-serif text-2xl font-bold">
        {title}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="text-left font-semibold">Positions</caption>
          <thead>
            <tr>
              <th scope="col">Point</th>
              <th scope="col">Sign</th>
              <th scope="col">Degree</th>
              <th scope="col">House</th>
              <th scope="col">Motion</th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.sign}</td>
                <td>{degreesInFigures(p)}</td>
                <td>{p.house ?? "unknown"}</td>
                <td>{p.isRetrograde ? "retrograde" : "direct"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chart.houses ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="text-left font-semibold">House cusps ({houseName})</caption>
            <thead>
              <tr>
                <th scope="col">House</th>
                <th scope="col">Sign</th>
                <th scope="col">Degree</th>
              </tr>
            </thead>
            <tbody>
              {chart.houses.cusps.map((c) => (
                <tr key={c.house}>
                  <th scope="row">
                    {c.house} ({houseOrdinal(c.house)})
                  </th>
                  <td>{c.sign}</td>
                  <td>{degreesInFigures(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
