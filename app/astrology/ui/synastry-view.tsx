import { degreesInFigures, orbToTheMinute, possessive } from "~/astrology/chart-words";
import type { ContactReading } from "~/astrology/synastry-reading";
import {
  houseContactSentence,
  interAspectSentence,
  moonChangeSentence,
  moonRangeSentence,
  numberWithPrinciple,
} from "~/astrology/synastry-words";
import type { Synastry, SynastryPerson } from "~/astrology/synastry.server";
import { Y_CONVENTION_LABELS } from "~/numerology/name-numbers";
import { universalName } from "~/numerology/principles";
import type { Digit } from "~/numerology/principles";
import { CURRENT_LABEL } from "~/numerology/relations";
import { BiWheel } from "./bi-wheel";
import { formatCoordinates } from "./birth-chart-form";
import { ChartInTables, ChartInWords } from "./birth-chart-view";
import { ChartWheel } from "./chart-wheel";

/**
 * Two people's charts on the page, in the order a screen reader reads them: who was born when and where, what an
 * unknown birth time leaves out, the bi-wheel (one image with a title and a description) and beside it the same
 * contacts in words, then in tables; the composite chart with the birth chart's words and tables; the two people's
 * numbers side by side with the ontology's relations; then the readings.
 */
const principleName = (d: number) => universalName(d as Digit);

function birthLine(p: SynastryPerson): string {
  const when = p.birth.time ? `${p.birth.date} at ${p.birth.time}` : `${p.birth.date}, time unknown`;
  return `${p.label}: born ${when} in ${p.birth.place.label} (${formatCoordinates(p.birth.place)}, ${p.birth.place.timeZone}, ${p.birth.offset}).`;
}

export function SynastryView({
  synastry,
  readings,
  readingsHref,
  readingsError,
}: {
  synastry: Synastry;
  readings: ContactReading[] | null;
  /** the address that adds the readings, or null when they are shown */
  readingsHref: string | null;
  readingsError: string | null;
}) {
  const { a, b, composite, numbers } = synastry;
  const labels = { a: a.label, b: b.label };
  const pair = `${a.label} and ${b.label}`;
  return (
    <>
      <section aria-labelledby="synastry-title" className="mt-10 space-y-6">
        <h2 id="synastry-title" className="font-serif text-3xl font-bold">
          Synastry: {pair}
        </h2>
        <div className="space-y-2 rounded-lg border border-violet-200 bg-white p-4">
          {[a, b].map((p) => (
            <div key={p.side}>
              <p>{birthLine(p)}</p>
              <p className="text-sm">{p.birth.basisText}</p>
            </div>
          ))}
          <p className="text-sm">
            Contacts are the birth chart&apos;s major aspects and orbs (two degrees more with the Sun or the Moon),
            between {possessive(a.label)} planets and angles and {possessive(b.label)}, the tightest first; applying
            when the two charts&apos; motions bring them closer to exact.
          </p>
        </div>

        {synastry.unknowns.length ? (
          <section aria-labelledby="synastry-unknowns-title" className="space-y-2">
            <h3 id="synastry-unknowns-title" className="font-serif text-2xl font-bold">
              What an unknown birth time leaves out
            </h3>
            <ul className="list-disc pl-5">
              {synastry.unknowns.map((u) => (
                <li key={u}>{u}</li>
              ))}
              {synastry.moonRanges.map((r) => (
                <li key={r.side}>{moonRangeSentence(r, labels)}.</li>
              ))}
            </ul>
            <h4 className="font-semibold">Moon contacts that could change over that day</h4>
            {synastry.moonChanges.length ? (
              <ul className="list-disc pl-5">
                {synastry.moonChanges.map((c) => (
                  <li key={`${c.from}-${c.to}-${c.type}`}>{moonChangeSentence(c, labels)}.</li>
                ))}
              </ul>
            ) : (
              <p>None: every Moon contact stays as listed, in or out of orb, all that day.</p>
            )}
          </section>
        ) : null}

        <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <figure className="rounded-lg border border-violet-200 bg-white p-4">
            <BiWheel synastry={synastry} titleId="synastry-wheel-title" title={`Bi-wheel of ${pair}`} />
            <figcaption className="mt-2 text-center text-sm">
              {possessive(a.label)} chart inside, {possessive(b.label)} outside;{" "}
              {a.chart.angles ? `${possessive(a.label)} Ascendant` : "0° Aries"} at the left. Contact lines solid when
              applying, dashed when separating. The contacts in words follow.
            </figcaption>
          </figure>

          <section aria-labelledby="synastry-words-title">
            <h3 id="synastry-words-title" className="font-serif text-2xl font-bold">
              The contacts in words
            </h3>
            <h4 className="mt-3 font-semibold">
              Between {possessive(a.label)} planets and {possessive(b.label)}
            </h4>
            {synastry.aspects.length ? (
              <ul className="list-disc pl-5">
                {synastry.aspects.map((x) => (
                  <li key={`${x.from}-${x.to}-${x.type}`}>{interAspectSentence(x, labels)}</li>
                ))}
              </ul>
            ) : (
              <p>No major aspects within orb.</p>
            )}
            {synastry.houseContacts ? (
              <>
                <h4 className="mt-3 font-semibold">
                  {possessive(a.label)} planets in {possessive(b.label)} houses
                </h4>
                <ul className="list-disc pl-5">
                  {synastry.houseContacts.aInB.map((c) => (
                    <li key={c.point}>{houseContactSentence(c, labels)}</li>
                  ))}
                </ul>
                <h4 className="mt-3 font-semibold">
                  {possessive(b.label)} planets in {possessive(a.label)} houses
                </h4>
                <ul className="list-disc pl-5">
                  {synastry.houseContacts.bInA.map((c) => (
                    <li key={c.point}>{houseContactSentence(c, labels)}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-3">No house contacts: they need both birth times.</p>
            )}
          </section>
        </div>

        <section aria-labelledby="synastry-tables-title" className="space-y-6">
          <h3 id="synastry-tables-title" className="font-serif text-2xl font-bold">
            The contacts in tables
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="text-left font-semibold">Contacts, the tightest first</caption>
              <thead>
                <tr>
                  <th scope="col">{possessive(a.label)} point</th>
                  <th scope="col">Aspect</th>
                  <th scope="col">{possessive(b.label)} point</th>
                  <th scope="col">Orb</th>
                  <th scope="col">Motion</th>
                </tr>
              </thead>
              <tbody>
                {synastry.aspects.map((x) => (
                  <tr key={`${x.from}-${x.to}-${x.type}`}>
                    <th scope="row">{x.from}</th>
                    <td>{x.type}</td>
                    <td>{x.to}</td>
                    <td>{orbToTheMinute(x.orb)}</td>
                    <td>{x.applying ? "applying" : "separating"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="text-left font-semibold">Positions side by side</caption>
              <thead>
                <tr>
                  <th scope="col">Point</th>
                  <th scope="col">{a.label}</th>
                  <th scope="col">{b.label}</th>
                  {synastry.houseContacts ? (
                    <>
                      <th scope="col">
                        {possessive(a.label)} in {possessive(b.label)} house
                      </th>
                      <th scope="col">
                        {possessive(b.label)} in {possessive(a.label)} house
                      </th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {a.chart.points.map((p, i) => {
                  const q = b.chart.points[i]!;
                  return (
                    <tr key={p.name}>
                      <th scope="row">{p.name}</th>
                      <td>
                        {p.sign} {degreesInFigures(p)}
                      </td>
                      <td>
                        {q.sign} {degreesInFigures(q)}
                      </td>
                      {synastry.houseContacts ? (
                        <>
                          <td>{synastry.houseContacts.aInB[i]!.house}</td>
                          <td>{synastry.houseContacts.bInA[i]!.house}</td>
                        </>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      </section>

      <section aria-labelledby="composite-title" className="mt-10 space-y-6">
        <h2 id="composite-title" className="font-serif text-3xl font-bold">
          The composite chart of {pair}
        </h2>
        <p>{composite.method}</p>
        {composite.houses?.note ? <p className="font-semibold">{composite.houses.note}</p> : null}
        {composite.unknowns.length ? (
          <ul className="list-disc pl-5">
            {composite.unknowns.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        ) : null}
        <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <figure className="rounded-lg border border-violet-200 bg-white p-4">
            <ChartWheel chart={composite} titleId="composite-wheel-title" title={`Composite chart of ${pair}`} />
            <figcaption className="mt-2 text-center text-sm">
              {composite.angles ? "Composite Ascendant at the left" : "0° Aries at the left"}; aspect lines solid when
              applying, dashed when separating. The composite in words follows.
            </figcaption>
          </figure>
          <ChartInWords chart={composite} idPrefix="composite" title="The composite in words" />
        </div>
        <ChartInTables chart={composite} idPrefix="composite" title="The composite in tables" />
      </section>

      <section aria-labelledby="numbers-title" className="mt-10 space-y-4">
        <h2 id="numbers-title" className="font-serif text-3xl font-bold">
          The numbers of {pair}
        </h2>
        <p className="text-sm">
          Life Path: every digit of the birth date added and reduced to one digit, as on the birth-date page. Expression
          and Soul Urge: the Pythagorean table, each name reduced on its own and the names added, master numbers 11, 22
          and 33 kept and read through their digits&apos; sum. Convention: {Y_CONVENTION_LABELS[numbers.yConvention]};
          vowels are A, E, I, O, U{numbers.yConvention === "vowel" ? " and Y" : ""}. The relations are the
          ontology&apos;s own; there is no score.
        </p>
        {numbers.missing.length ? (
          <p>
            No name was given for {numbers.missing.join(" and ")}, so the name numbers are left out there. Add a full
            birth name to the form to see them.
          </p>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="text-left font-semibold">Numbers side by side</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">{a.label}</th>
                <th scope="col">{b.label}</th>
              </tr>
            </thead>
            <tbody>
              {numbers.pairs.map((p) => (
                <tr key={p.kind}>
                  <th scope="row">{p.label}</th>
                  <td>{numberWithPrinciple(p.a, p.aPrinciple, principleName)}</td>
                  <td>{numberWithPrinciple(p.b, p.bPrinciple, principleName)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="font-serif text-2xl font-bold">How the principles meet</h3>
        <ul className="list-disc space-y-2 pl-5">
          {numbers.pairs.map((p) =>
            p.aPrinciple === null || p.bPrinciple === null ? null : p.same ? (
              <li key={p.kind}>
                {p.label}: both {principleName(p.aPrinciple)} ({CURRENT_LABEL}): the same principle runs through both.
              </li>
            ) : (
              <li key={p.kind}>
                {p.label}, from {possessive(a.label)} {principleName(p.aPrinciple)} to {possessive(b.label)}{" "}
                {principleName(p.bPrinciple)}: {p.aToB} And back: {p.bToA}
              </li>
            ),
          )}
        </ul>
      </section>
      <section aria-labelledby="synastry-readings-title" className="mt-10 space-y-3">
        <h2 id="synastry-readings-title" className="font-serif text-3xl font-bold">
          Readings of the tightest contacts
        </h2>
        {readings ? (
          readings.map((r, i) => (
            <article key={r.contact} aria-labelledby={`synastry-reading-${i}`}>
              <h3 id={`synastry-reading-${i}`} className="font-semibold">
                {r.contact}
              </h3>
              <p>{r.reading}</p>
            </article>
          ))
        ) : readingsError ? (
          <p role="alert">{readingsError}</p>
        ) : null}
        {readingsHref ? (
          <p>
            <a href={readingsHref} className="text-cosmic underline">
              Read the tightest contacts through the ten principles
            </a>
          </p>
        ) : null}
      </section>
    </>
  );
}
