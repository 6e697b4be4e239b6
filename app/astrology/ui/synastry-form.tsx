import type { PersonChoice } from "~/astrology/saved-people-view.server";
import type { PersonState, SynastryFormValues } from "~/astrology/synastry-input.server";
import type { Side } from "~/astrology/synastry.server";
import { ErrorSummary } from "~/components/error-summary";
import { Y_CONVENTION_LABELS, Y_CONVENTIONS } from "~/numerology/name-numbers";
import { BirthFields, birthFieldIds } from "./birth-chart-form";

/**
 * The compatibility form: one plain GET form for both people (the address holds both births and can be bookmarked;
 * nothing is stored), each person's fields those of the birth chart (prefixed `a_`/`b_`), then the house system and
 * how Y counts in names. Errors sit by their fields, with the form kit's summary at the top taking focus.
 */
export const SYNASTRY_FORM_ID = "synastry-form";

const FIELD_NAMES = {
  name: "name",
  date: "birth date",
  time: "birth time",
  q: "birthplace",
  place: "birthplace",
  fold: "which time",
} as const;

export function SynastryForm({
  values,
  people,
  labels,
  resultKey,
  keptPeople = null,
}: {
  values: SynastryFormValues;
  people: Record<Side, PersonState>;
  labels: Record<Side, string>;
  /** the address's query: changes with every submission, so focus reaches the summary again */
  resultKey: string;
  /** a member's kept people to choose from (null: a visitor) */
  keptPeople?: PersonChoice[] | null;
}) {
  const summaryFields = (["a", "b"] as const).flatMap((side) => {
    const ids = birthFieldIds(side);
    return Object.entries(people[side].errors).map(([field, message]) => ({
      id: field === "place" ? ids.field("q") : field === "fold" ? ids.radio("fold", "earlier") : ids.field(field),
      errors: [`${labels[side]}, ${FIELD_NAMES[field as keyof typeof FIELD_NAMES]}: ${message}`],
    }));
  });
  const input =
    "block w-full rounded-md border border-violet-300 bg-white px-3 py-2 text-ink aria-[invalid=true]:border-red-600";
  return (
    <form
      id={SYNASTRY_FORM_ID}
      method="get"
      action="/compatibility"
      className="space-y-6"
      aria-labelledby="synastry-form-title"
    >
      <h2 id="synastry-form-title" className="font-serif text-2xl font-bold">
        The two people
      </h2>
      <ErrorSummary
        form={{ id: SYNASTRY_FORM_ID }}
        title="The compatibility could not be worked out yet"
        fields={summaryFields}
        resultKey={summaryFields.length ? resultKey : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {(["a", "b"] as const).map((side) => {
          const state = people[side];
          const ids = birthFieldIds(side);
          const person = side === "a" ? "Person A" : "Person B";
          return (
            <fieldset key={side} className="space-y-4 rounded-lg border border-violet-200 p-4">
              <legend className="px-1 font-serif text-xl font-bold">
                {person} ({side === "a" ? "inside the wheel" : "outside the wheel"})
              </legend>
              {keptPeople?.length ? (
                <div className="space-y-1">
                  <label htmlFor={ids.field("person")} className="block text-sm font-medium text-ink">
                    {person}: someone you keep
                  </label>
                  <select
                    id={ids.field("person")}
                    name={ids.name("person")}
                    defaultValue=""
                    aria-describedby={ids.field("person-hint")}
                    className={input}
                  >
                    <option value="">No one: the fields below</option>
                    {keptPeople.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}, {p.summary}
                      </option>
                    ))}
                  </select>
                  <p id={ids.field("person-hint")} className="text-xs text-stone-700">
                    A person chosen here replaces the fields below for {person}.
                  </p>
                </div>
              ) : null}
              <div className="space-y-1">
                <label htmlFor={ids.field("name")} className="block text-sm font-medium text-ink">
                  {person}: name (optional)
                </label>
                <input
                  id={ids.field("name")}
                  name={ids.name("name")}
                  type="text"
                  autoComplete="off"
                  maxLength={100}
                  defaultValue={values[side].name}
                  aria-invalid={state.errors.name ? true : undefined}
                  aria-describedby={[ids.field("name-hint"), state.errors.name ? ids.error("name") : null]
                    .filter(Boolean)
                    .join(" ")}
                  className={input}
                />
                <p id={ids.field("name-hint")} className="text-xs text-stone-700">
                  The full birth name gives the Expression and Soul Urge numbers; the first word names this person on
                  the page.
                </p>
                {state.errors.name ? (
                  <p id={ids.error("name")} className="text-sm text-red-700">
                    {state.errors.name}
                  </p>
                ) : null}
              </div>
              <BirthFields
                prefix={side}
                dateRequired={!keptPeople?.length}
                values={values[side]}
                errors={state.errors}
                matches={state.matches}
                chosen={state.chosen}
                foldChoices={state.foldChoices}
                labels={{
                  date: `${person}: birth date`,
                  time: `${person}: birth time (optional)`,
                  q: `${person}: birthplace (town or city)`,
                  choose: `Choose ${person}'s birthplace`,
                }}
              />
              {state.question ? (
                <p className="rounded-md border border-amber-300 bg-amber-50 p-3">{state.question}</p>
              ) : null}
            </fieldset>
          );
        })}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">House system (both charts and the composite)</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ["placidus", "Placidus"],
                ["whole-sign", "Whole Sign"],
              ] as const
            ).map(([value, label]) => (
              <div key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`synastry-houses-${value}`}
                  name="houses"
                  value={value}
                  defaultChecked={values.houses === value}
                />
                <label htmlFor={`synastry-houses-${value}`}>{label}</label>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">How Y counts in names</legend>
          <div className="flex flex-wrap gap-4">
            {Y_CONVENTIONS.map((value) => (
              <div key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`synastry-y-${value}`}
                  name="y"
                  value={value}
                  defaultChecked={values.y === value}
                />
                <label htmlFor={`synastry-y-${value}`}>{Y_CONVENTION_LABELS[value]}</label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>

      <button type="submit" className="rounded-md bg-cosmic px-5 py-2 font-semibold text-white">
        Compare the two
      </button>
    </form>
  );
}
