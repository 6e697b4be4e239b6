import type { ReactNode, RefObject } from "react";
import { ErrorSummary } from "~/components/error-summary";
import { FORMAT_LABELS, MAX_UPLOAD_LABEL, MESSAGES, MODEL_EXTENSIONS } from "../formats";

/** Pieces shared by the 3D pages: the error summary, the percent bar and the formats card. */

/** What failed, the summary's title when the message has no detail under it (the message is then its body). */
export const MODEL_FAILURE_TITLES = {
  upload: "The upload failed",
  conversion: "The model could not be converted",
  viewer: "The model could not be shown",
} as const;

/**
 * A failed upload, conversion or view: the site's error summary (decision 450). With `resultKey` (changing with each
 * failure) it takes the focus and is announced once by it, a named group described by its message (`onNewPage`: the
 * answer always comes with a new page, so only named); without, it is the alert. The spec's message is the title,
 * its detail the body; a message without detail is the body under what failed (`failed`), since a summary without
 * a body is not shown.
 */
export function ModelError({
  id,
  failed,
  title = MESSAGES.uploadFailed,
  detail,
  resultKey,
  onNewPage,
}: {
  id: string;
  failed: keyof typeof MODEL_FAILURE_TITLES;
  title?: string;
  detail?: string | null;
  resultKey?: unknown;
  onNewPage?: boolean;
}) {
  return (
    <div className="mt-4">
      <ErrorSummary
        id={id}
        form={{ id }}
        title={detail ? title : MODEL_FAILURE_TITLES[failed]}
        description={detail || title}
        resultKey={resultKey}
        onNewPage={onNewPage}
      />
    </div>
  );
}

export function ProcessingCard({
  progress,
  headingRef,
  children,
}: {
  progress: number;
  /** the heading takes focus when the card replaces the control the visitor used (tabIndex -1) */
  headingRef?: RefObject<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <section
      aria-labelledby="processing-title"
      className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      <h2 id="processing-title" ref={headingRef} tabIndex={-1} className="font-serif text-2xl font-bold text-ink">
        Processing Model
      </h2>
      <div
        role="progressbar"
        aria-label="Conversion progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-4 h-4 w-full overflow-hidden rounded-full bg-violet-100"
      >
        <div className="h-full bg-cosmic transition-all" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-2 text-ink">
        <span className="font-semibold">{value}%</span> — Your model is being converted. This may take a few minutes.
      </p>
      {children}
    </section>
  );
}

export function SupportedFormatsCard() {
  return (
    <section
      aria-labelledby="formats-title"
      className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      <h2 id="formats-title" className="font-serif text-2xl font-bold text-ink">
        Supported File Formats
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {MODEL_EXTENSIONS.map((ext) => (
          <li key={ext} className="text-ink">
            <span className="font-mono font-semibold">.{ext}</span>{" "}
            <span className="text-sm">{FORMAT_LABELS[ext]}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-ink">
        Files up to {MAX_UPLOAD_LABEL}. Models are converted on this site&apos;s own server (nothing is sent to another
        company) and deleted after 7 days. Upload self-contained files: references to other files or web addresses
        inside a model are not followed.
      </p>
    </section>
  );
}
