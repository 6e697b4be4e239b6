import { useEffect } from "react";
import type { PlanetReport } from "~/astrology/ephemeris.server";
import { readingParagraphs, type ReadingView } from "~/astrology/reading-view";
import { READING_FAILURE_TITLE } from "~/astrology/tab";
import { bodyFacts } from "~/astrology/zodiac-bodies";
import { bodyDescription } from "~/astrology/zodiac-body-descriptions";
import { formatDegree, type BodyName } from "~/astrology/zodiac-names";
import { signFacts } from "~/astrology/zodiac-signs";
import { ErrorSummary } from "~/components/error-summary";
import { Notice } from "~/components/notice";
import { principleOf } from "~/numerology/principles";

/** The chosen planet: what it stands for, its sign and principle, and the visitor's reading (or why there is none). */
export function PlanetCard({
  planet,
  report,
  reading,
  alertTitle,
  failureKey,
  onReady,
}: {
  planet: BodyName;
  report: PlanetReport;
  reading: ReadingView | null;
  alertTitle: string;
  /**
   * set for a reading asked in the browser (a new object for each): its failure's summary takes the focus (decision
   * 450); a reading the server wrote is not focused when the card's code arrives later (it hydrates on use)
   */
  failureKey?: unknown;
  /** told once the card has hydrated (its page holds a planet switch until then, decision 116) */
  onReady?: (ready: true) => void;
  /** changed by the page to load the card before a planet switch (a new prop wakes a part waiting for use) */
  awake?: boolean;
}) {
  // once, on mount
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  useEffect(() => onReady?.(true), []);
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
      <p className="mt-3">{bodyDescription(planet)}</p>
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
      <section aria-labelledby="reading-title" className="mt-6">
        <h4 id="reading-title" className="font-serif text-xl font-bold">
          Your Reading
        </h4>
        {reading?.status === "failed" || reading?.status === "alert" ? (
          // outside the live region: focused and announced once, as a named group (decision 450)
          <div className="mt-3">
            <ErrorSummary
              id="reading-error"
              form={{ id: "reading-error" }}
              title={reading.status === "failed" ? READING_FAILURE_TITLE : alertTitle}
              description={reading.text}
              resultKey={failureKey}
            />
          </div>
        ) : null}
        {/* the loading card and the reading are said by this polite region as they arrive */}
        <div aria-live="polite">
          {!reading || reading.status === "loading" ? (
            <div role="status" className="mt-3 animate-pulse rounded bg-cosmic-light p-4">
              Generating your personalized {planet} reading…
            </div>
          ) : reading.status === "ok" ? (
            <div className="mt-3 space-y-3">
              {readingParagraphs(reading.text).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          ) : null}
          {reading?.notice ? <Notice>{reading.notice}</Notice> : null}
        </div>
      </section>
      <p className="mt-6 border-t border-violet-100 pt-4 text-sm italic">
        Readings are reflections for contemplation, not predictions: the sky describes, you decide.
      </p>
    </article>
  );
}
