import { summaryRows, type ModelSummary } from "../summary";

/**
 * The model in words, for everyone and for screen readers in particular: its size along each axis (in the
 * file's units, or "units not given"), its parts, triangles and lines, and its materials' colours, as a
 * description list. Rendered on the server (pages without JavaScript) and by the viewer page after upload.
 */
export function ModelDescription({ summary, id = "model-description" }: { summary: ModelSummary; id?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4">
      <h3 id={`${id}-title`} className="font-serif text-xl font-bold text-ink">
        About this model
      </h3>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-ink">
        {summaryRows(summary).map(({ term, details }) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd>{details}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
