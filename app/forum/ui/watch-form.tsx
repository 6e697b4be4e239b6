import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { WATCH_LEVEL_TEXT, WATCH_LEVELS, watchLevelSaid, type WatchLevel } from "../watching";

/**
 * A member's watch level of a topic or a category (decision 350): a plain form POST (a radio group and a button), so
 * it works without JavaScript and in lynx and w3m; the action answers with a redirect back to this form (`#watch`).
 * The line under the legend says the current level; it is a live region, and after a change made with JavaScript it
 * has the focus, so the new level is read out where the member is.
 */
export function WatchForm({
  level,
  of,
  category,
}: {
  level: WatchLevel;
  of: "topic" | "category";
  /** the category a category's form is about (sent with it) */
  category?: string;
}) {
  const intent = of === "topic" ? "watch" : "watch-category";
  const navigation = useNavigation();
  const submitted = useRef(false);
  const status = useRef<HTMLParagraphElement>(null);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (saving) submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      status.current?.focus();
    }
  }, [saving, navigation.state]);
  const name = `watch-level-${of}`;
  return (
    <Form method="post" id="watch" className="mt-4 rounded-lg border border-violet-200 bg-white p-4 text-sm">
      <input type="hidden" name="intent" value={intent} />
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <fieldset>
        <legend className="font-semibold text-ink">{`Notifications for this ${of}`}</legend>
        <p ref={status} role="status" tabIndex={-1} className="mt-1 outline-none">
          {watchLevelSaid(level, of)}
        </p>
        <div className="mt-2 space-y-1">
          {WATCH_LEVELS.map((value) => (
            <div key={value} className="flex items-start gap-2">
              <input
                id={`${name}-${value}`}
                type="radio"
                name="level"
                value={value}
                defaultChecked={value === level}
                aria-describedby={`${name}-${value}-hint`}
                className="mt-1"
              />
              <div>
                <label htmlFor={`${name}-${value}`} className="font-semibold">
                  {WATCH_LEVEL_TEXT[value].label}
                </label>
                <p id={`${name}-${value}-hint`} className="text-ink">
                  {WATCH_LEVEL_TEXT[value][of]}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={saving}
        className="mt-3 rounded border border-cosmic px-3 py-1 font-semibold text-cosmic"
      >
        Set notification level
      </button>
    </Form>
  );
}
