import type { ReactNode } from "react";
import { Notice } from "~/components/notice";
import { formatUtcDate } from "~/utils/dates";
import { ANGEL_READING_TITLE_ID } from "../angel";
import type { AngelReading } from "../composer";

/** What the list shows of a saved reading. */
type SavedReadingLink = { id: number; number: string; createdAt: string };

/** A decoded angel number: meaning, guidance, the personal message, its principles and the reduction. */
export function AngelReadingView({
  reading,
  children,
}: {
  reading: AngelReading & { notice?: string };
  children?: ReactNode;
}) {
  return (
    <article
      aria-labelledby={ANGEL_READING_TITLE_ID}
      className="mt-8 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      <h2 id={ANGEL_READING_TITLE_ID} tabIndex={-1} className="font-serif text-3xl font-semibold outline-none">
        Angel Number {reading.number}
      </h2>
      <h3 className="mt-5 font-serif text-xl font-semibold">Meaning</h3>
      <p className="mt-1">{reading.meaning}</p>
      <h3 className="mt-5 font-serif text-xl font-semibold">Guidance</h3>
      <p className="mt-1">{reading.guidance}</p>
      <h3 className="mt-5 font-serif text-xl font-semibold">Your Personal Message</h3>
      {reading.personalizedMessage.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i} className="mt-2">
          {paragraph}
        </p>
      ))}
      {reading.notice ? <Notice>{reading.notice}</Notice> : null}
      {reading.universalPrinciples.length ? (
        <>
          <h3 className="mt-5 font-serif text-xl font-semibold">Universal Principles</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {reading.universalPrinciples.map((p) => (
              <li key={p.digit} className="rounded-lg border border-violet-200 p-3">
                <span className="font-semibold">
                  {p.digit} · {p.principle}
                </span>
                <span className="block text-sm">{p.meaning}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-5 font-serif text-xl font-semibold">Reduced Digit</h3>
      <p className="mt-1">
        <span className="font-mono">{reading.reducedDigit.calculation}</span>
      </p>
      <p className="mt-1">
        <span className="font-semibold">
          {reading.reducedDigit.digit} · {reading.reducedDigit.principle}
        </span>
        : {reading.reducedDigit.meaning}
      </p>
      {children}
    </article>
  );
}

/**
 * The session's saved readings (nothing when there are none). Each is a link to `?reading={id}` (without
 * JavaScript the server shows it); with JavaScript `onSelect` shows it at once, without a new call. The page cache
 * renders the same list, without `onSelect`, into the kept angel page for each visitor (decision 112,
 * `savedReadingsHtml` in app/numerology/page-cache.server.tsx): plain links, which navigate to the reading.
 */
export function SavedReadings<R extends SavedReadingLink>({
  readings,
  selectedId,
  onSelect,
}: {
  readings: R[];
  selectedId: number | undefined;
  onSelect?: (reading: R) => void;
}) {
  if (readings.length === 0) return null;
  return (
    <section aria-labelledby="history-title" className="mt-10">
      <h2 id="history-title" className="font-serif text-2xl font-semibold">
        Your Saved Readings
      </h2>
      {/* The spec's five columns; on a phone (360 px) a column is under 60 px wide: the cells' padding and type shrink
          and a cell never grows past its column, so a four-digit number and its date stay inside it (issue 47). */}
      <ul className="mt-4 grid grid-cols-5 gap-2 sm:gap-3">
        {readings.map((item) => (
          <li key={item.id} className="min-w-0">
            <a
              href={`/angel?reading=${item.id}`}
              aria-current={selectedId === item.id ? "true" : undefined}
              onClick={
                onSelect
                  ? (event) => {
                      event.preventDefault();
                      onSelect(item);
                    }
                  : undefined
              }
              className={`block rounded-lg border px-1 py-2 text-center hover:border-cosmic sm:p-3 ${selectedId === item.id ? "border-cosmic bg-cosmic-light" : "border-violet-200 bg-white"}`}
            >
              <span className="block text-base font-bold tabular-nums sm:text-xl">{item.number}</span>
              <span className="block text-[0.6875rem] leading-tight break-words sm:text-xs">
                {formatUtcDate(item.createdAt)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
