import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";
import type { FormConstraint } from "~/forum/ui/form-answer";
import type { Preferences } from "~/preferences/options";
import { PreferencesFields } from "./preferences-fields";
import { usePreferenceSaver } from "./use-preference-saver";

/**
 * The home generator's form (spec part 1): "Customize Your Insights" (style, length, keywords; saved as they change
 * with JavaScript, with 'Save preferences' without it). The number wheel, 'Try Again' and the relation cards are
 * the page's and submit it by `form`. It hydrates on first use and holds a submit made before its code arrives
 * (decisions 109, 113).
 */
export function GeneratorForm({
  id,
  constraint,
  lastResult,
  preferences,
  returnTo,
}: {
  id: string;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  preferences: Preferences;
  returnTo: string;
}) {
  const hydrated = useHydrated();
  const onPreferenceChange = usePreferenceSaver();
  const [form, fields] = useForm<Preferences>({ id, lastResult, constraint, shouldValidate: "onSubmit" });
  return (
    <Form method="post" action="/?index" {...getFormProps(form)} className="mt-8" aria-label="Generate insights">
      <section aria-labelledby="customize-title" className="rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
        <h2 id="customize-title" className="font-serif text-xl font-semibold">
          Customize Your Insights
        </h2>
        <div className="mt-4">
          <PreferencesFields fields={fields} defaults={preferences} onPreferenceChange={onPreferenceChange} />
        </div>
        {!hydrated ? (
          <button
            type="submit"
            name="intent"
            value="preferences"
            className="mt-4 rounded-md border border-cosmic px-4 py-2 text-cosmic"
          >
            Save preferences
          </button>
        ) : null}
        <input type="hidden" name="returnTo" value={returnTo} />
      </section>
    </Form>
  );
}
