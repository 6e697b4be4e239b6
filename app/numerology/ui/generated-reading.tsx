import { useEffect, useRef, useState } from "react";
import { Notice } from "~/components/notice";
import { useHydrated } from "~/components/use-hydrated";
import { universalName, type Digit } from "../principles";
import { GENERATION_TEXTS } from "../texts";

export type GeneratedReading = {
  id: number;
  number: number;
  principle: { title: string; content: string; insight: string };
  affirmation: string;
  imageUrl: string | null;
  /** e.g. that the day's AI budget was spent and the offline composer wrote it */
  notice?: string;
};

/** The failed generation's panel: the home page focuses it (else the result's heading, `result-title`). */
const RESULT_ERROR_ID = "result-error";

/** A failed generation, as the page's answer gives it (FormAnswer's `toast`, decision 250). */
export type GenerationError = { title: string; description?: string };

/**
 * The result of the home generator for the chosen number: the failure with 'Try Again', the reading, or (while a
 * new one is written) the principle's name. It sits inside the generator form, which its buttons submit (decision 130).
 */
export function GenerationResult({
  chosen,
  error,
  reading,
  showEssence,
  submitting,
}: {
  chosen: Digit;
  error: GenerationError | null;
  reading: GeneratedReading | null;
  showEssence: boolean;
  submitting: boolean;
}) {
  return (
    <section
      id="result"
      aria-labelledby="result-title"
      className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      {error ? (
        // takes the focus and is announced once there, as a group named by its title and described by its message
        // (decision 400): not also an alert, which Orca reads as it appears and again as a live region
        <div
          id={RESULT_ERROR_ID}
          role="group"
          tabIndex={-1}
          aria-labelledby="result-title"
          aria-describedby={`${RESULT_ERROR_ID}-message`}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript this is how focus reaches the failure
          autoFocus
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 outline-none focus:ring-2 focus:ring-red-600"
        >
          <h2 id="result-title" className="font-semibold">
            {error.title}
          </h2>
          <p id={`${RESULT_ERROR_ID}-message`} className="mt-1">
            {error.description}
          </p>
          <button type="submit" name="number" value={chosen} className="mt-3 rounded-md bg-cosmic px-4 py-2 text-white">
            Try Again
          </button>
        </div>
      ) : reading ? (
        <ReadingView reading={reading} showEssence={showEssence} submitting={submitting} />
      ) : (
        <h2 id="result-title" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {universalName(chosen)}
        </h2>
      )}
    </section>
  );
}

function ReadingView({
  reading,
  showEssence,
  submitting,
}: {
  reading: GeneratedReading;
  showEssence: boolean;
  submitting: boolean;
}) {
  const regenerate = {
    type: "submit",
    name: "number",
    value: reading.number,
    disabled: submitting,
  } as const;
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="result-title" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {reading.principle.title}
        </h2>
        <button
          {...regenerate}
          aria-label="Refresh insights"
          className="rounded-md border border-cosmic px-3 py-1 text-cosmic disabled:opacity-50"
        >
          ↻ Refresh
        </button>
      </div>
      <p className="mt-4 text-lg leading-relaxed">{reading.principle.content}</p>
      <p className="mt-4 border-l-4 border-violet-300 pl-4 italic">
        <span className="font-semibold not-italic">Insight: </span>
        {reading.principle.insight}
      </p>
      <h3 className="mt-6 font-serif text-lg font-semibold">Your Affirmation</h3>
      <p className="mt-1 text-lg">{reading.affirmation}</p>
      {reading.notice ? <Notice>{reading.notice}</Notice> : null}
      {reading.imageUrl ? (
        <VisualEssence readingId={reading.id} number={reading.number} imageUrl={reading.imageUrl} shown={showEssence} />
      ) : null}
      <button
        {...regenerate}
        className="mt-6 rounded-md bg-cosmic px-5 py-2 font-semibold text-white disabled:opacity-50"
      >
        Generate New Insights
      </button>
    </div>
  );
}

/**
 * 'Show Visual Essence': inside the generator form, so no form of its own (forms do not nest): a link to the page with
 * ?essence=1 (or 0) until the page has hydrated, working in every browser; then a toggle button. The link says it is
 * a button too (it shows or hides the image, as the button does), so the control is the same one for a screen reader.
 */
function VisualEssence({
  readingId,
  number,
  imageUrl,
  shown,
}: {
  readingId: number;
  number: number;
  imageUrl: string;
  shown: boolean;
}) {
  const hydrated = useHydrated();
  const [essence, setEssence] = useState(shown);
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => setFailed(false), [imageUrl]);
  useEffect(() => {
    // an image that failed before hydration reports no error event
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [essence]);
  const label = essence ? "Hide Visual Essence" : "Show Visual Essence";
  const look = "inline-block rounded-md border border-cosmic px-4 py-2 text-cosmic";
  return (
    <div className="mt-6">
      {hydrated ? (
        <button type="button" aria-expanded={essence} onClick={() => setEssence((v) => !v)} className={look}>
          {label}
        </button>
      ) : (
        <a
          href={`/?content=${readingId}&essence=${essence ? "0" : "1"}#result`}
          role="button"
          aria-expanded={essence}
          className={look}
        >
          {label}
        </a>
      )}
      {!essence ? null : failed ? (
        <p className="mt-3 flex h-64 w-64 items-center justify-center rounded-lg border border-dashed border-violet-300 text-center">
          {GENERATION_TEXTS.imageUnavailable}
        </p>
      ) : (
        <img
          ref={image}
          src={imageUrl}
          alt={`Visual essence of ${universalName(number as Digit)}`}
          width={256}
          height={256}
          onError={() => setFailed(true)}
          className="mt-3 rounded-lg shadow"
        />
      )}
    </div>
  );
}
