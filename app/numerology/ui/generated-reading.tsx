import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Notice } from "~/components/notice";
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

export type GenerationError = { title: string; message: string };

/**
 * The result of the home generator for the chosen number: the failure with 'Try Again', the reading, or (while a
 * new one is written) the principle's name. Its buttons submit the generator form (`formId`).
 */
export function GenerationResult({
  chosen,
  error,
  reading,
  showEssence,
  submitting,
  formId,
}: {
  chosen: Digit;
  error: GenerationError | null;
  reading: GeneratedReading | null;
  showEssence: boolean;
  submitting: boolean;
  formId: string;
}) {
  return (
    <section
      id="result"
      aria-labelledby="result-title"
      className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      {error ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <h2 id="result-title" className="font-semibold">
            {error.title}
          </h2>
          <p className="mt-1">{error.message}</p>
          <button
            type="submit"
            form={formId}
            name="number"
            value={chosen}
            className="mt-3 rounded-md bg-cosmic px-4 py-2 text-white"
          >
            Try Again
          </button>
        </div>
      ) : reading ? (
        <ReadingView reading={reading} showEssence={showEssence} submitting={submitting} formId={formId} />
      ) : (
        <h2 id="result-title" className="font-serif text-2xl font-semibold">
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
  formId,
}: {
  reading: GeneratedReading;
  showEssence: boolean;
  submitting: boolean;
  formId: string;
}) {
  const regenerate = {
    type: "submit",
    form: formId,
    name: "number",
    value: reading.number,
    disabled: submitting,
  } as const;
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="result-title" className="font-serif text-2xl font-semibold">
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

/** 'Show Visual Essence': a link-like GET without JavaScript (?essence=1), a toggle with it. */
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
  const [essence, setEssence] = useState(shown);
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => setFailed(false), [imageUrl]);
  useEffect(() => {
    // an image that failed before hydration reports no error event
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [essence]);
  return (
    <div className="mt-6">
      <Form method="get" action="/">
        <input type="hidden" name="content" value={readingId} />
        <input type="hidden" name="essence" value={essence ? "0" : "1"} />
        <button
          type="submit"
          aria-expanded={essence}
          onClick={(event) => {
            event.preventDefault();
            setEssence((v) => !v);
          }}
          className="rounded-md border border-cosmic px-4 py-2 text-cosmic"
        >
          {essence ? "Hide Visual Essence" : "Show Visual Essence"}
        </button>
      </Form>
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
