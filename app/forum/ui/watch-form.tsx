import { Form } from "@remix-run/react";
import type { WatchFormView } from "../watching";

/**
 * A member's watch level of a topic or a category (decision 350): a plain form POST (a radio group and a button), so
 * it works without JavaScript and in lynx and w3m. The words come from the loader (`watchFormView`), so the page
 * ships none of them. The action answers with a redirect to `#watch`, the line under the legend that says the level:
 * a live region, which the address's anchor gives the focus after a change (`useFocusPostInAddress`).
 */
export function WatchForm({ view, category }: { view: WatchFormView; category?: string }) {
  const name = `watch-level-${view.of}`;
  return (
    <Form method="post" className="mt-4 rounded-lg border border-violet-200 bg-white p-4 text-sm">
      <input type="hidden" name="intent" value={view.of === "topic" ? "watch" : "watch-category"} />
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <fieldset>
        <legend className="font-semibold text-ink">{view.legend}</legend>
        <p id="watch" role="status" tabIndex={-1} className="mt-1 outline-none">
          {view.said}
        </p>
        <div className="mt-2 space-y-1">
          {view.options.map(({ value, label, hint }) => (
            <div key={value} className="flex items-start gap-2">
              <input
                id={`${name}-${value}`}
                type="radio"
                name="level"
                value={value}
                defaultChecked={value === view.level}
                aria-describedby={`${name}-${value}-hint`}
                className="mt-1"
              />
              <div>
                <label htmlFor={`${name}-${value}`} className="font-semibold">
                  {label}
                </label>
                <p id={`${name}-${value}-hint`} className="text-ink">
                  {hint}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="mt-3 rounded border border-cosmic px-3 py-1 font-semibold text-cosmic">
        Set notification level
      </button>
    </Form>
  );
}
