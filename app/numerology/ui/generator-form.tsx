import { useSiteForm, type FormConstraint } from "~/components/form";
import { useHydrated } from "~/components/use-hydrated";
import type { Preferences } from "~/preferences/options";
import { PreferencesFields } from "./preferences-fields";
import { usePreferenceSaver } from "./use-preference-saver";

/**
 * The home generator's fields (spec part 1): "Customize Your Insights" (style, length, keywords; saved as they
 * change with JavaScript, with 'Save preferences' without it). The `<form>` is the page's: it holds these fields
 * and the page's own buttons (the number wheel, 'Try Again', Refresh, 'Generate New Insights', the relation
 * cards), since text browsers ignore a button's `form` attribute (decision 130). This part hydrates on first use
 * (decisions 109, 113); a submit before then is the page's form's, through Remix, with what was typed. The errors
 * come from the page's answer to the form `id` (a FormAnswer, decision 250).
 */
export function GeneratorFields({
  id,
  constraint,
  preferences,
  returnTo,
}: {
  id: string;
  constraint: FormConstraint;
  preferences: Preferences;
  returnTo: string;
}) {
  const hydrated = useHydrated();
  const onPreferenceChange = usePreferenceSaver();
  const { fields } = useSiteForm<Preferences>({ intent: id, constraint });
  return (
    <div className="mt-8">
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
    </div>
  );
}
