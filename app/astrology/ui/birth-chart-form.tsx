import type { BirthChartFormValues } from "~/astrology/birth-chart-input.server";
import type { Place } from "~/astrology/places.server";
import { ErrorSummary } from "~/components/error-summary";
import { DATE_FORMAT_HINT, TIME_FORMAT_HINT } from "~/utils/date-hints";

/**
 * The birth chart's form: a plain GET form, so the chart's address holds the birth (bookmarkable, nothing stored)
 * and the form works the same in every browser, text browsers included. The place is chosen in two steps: the
 * search text lists matching places as radio buttons (the first preselected), and the next submit casts the chart.
 */
export type PlaceOption = Place & { label: string };
export type FoldChoice = { fold: "earlier" | "later"; offset: string; instant: string };

export const BIRTH_CHART_FORM_ID = "birth-chart-form";
const ERROR_SUMMARY_ID = "birth-chart-errors";

const FIELD_LABELS = {
  date: "Birth date",
  time: "Birth time",
  q: "Birthplace",
  place: "Birthplace",
  houses: "House system",
  fold: "Which time",
} as const;

export function formatCoordinates(p: { latitude: number; longitude: number }): string {
  const lat = `${Math.abs(p.latitude).toFixed(2)}° ${p.latitude >= 0 ? "N" : "S"}`;
  const lon = `${Math.abs(p.longitude).toFixed(2)}° ${p.longitude >= 0 ? "E" : "W"}`;
  return `${lat}, ${lon}`;
}

export function BirthChartForm({
  values,
  errors = {},
  matches = [],
  chosen = null,
  foldChoices = null,
  action = "/birth-chart",
  resultKey,
}: {
  values: BirthChartFormValues;
  errors?: Partial<Record<keyof typeof FIELD_LABELS, string>>;
  matches?: PlaceOption[];
  chosen?: PlaceOption | null;
  foldChoices?: FoldChoice[] | null;
  action?: string;
  /** the address's query: changes with every submission, so focus reaches the error summary again */
  resultKey?: string;
}) {
  const errorEntries = Object.entries(errors) as [keyof typeof FIELD_LABELS, string][];
  return (
    <form
      id={BIRTH_CHART_FORM_ID}
      method="get"
      action={action}
      className="space-y-5"
      aria-labelledby="birth-chart-form-title"
    >
      <h2 id="birth-chart-form-title" className="font-serif text-2xl font-bold">
        Your birth
      </h2>
      {/* focused and announced once, as a named group (decision 400); without JavaScript its autofocus moves focus */}
      <ErrorSummary
        id={ERROR_SUMMARY_ID}
        form={{ id: ERROR_SUMMARY_ID }}
        title="The chart could not be cast yet"
        fields={errorEntries.map(([field, message]) => ({
          id: `birth-${field === "place" ? "q" : field}`,
          errors: [`${FIELD_LABELS[field]}: ${message}`],
        }))}
        resultKey={resultKey}
        onNewPage
      />

      <BirthFields values={values} errors={errors} matches={matches} chosen={chosen} foldChoices={foldChoices} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">House system</legend>
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
                id={`houses-${value}`}
                name="houses"
                value={value}
                defaultChecked={values.houses === value}
              />
              <label htmlFor={`houses-${value}`}>{label}</label>
            </div>
          ))}
        </div>
      </fieldset>

      <button type="submit" className="rounded-md bg-cosmic px-5 py-2 font-semibold text-white">
        {matches.length && !chosen ? "Cast the chart for the chosen place" : "Cast the chart"}
      </button>
    </form>
  );
}

/**
 * One birth's fields (date, time, place search and choice, which of two repeated clock times), shared by the birth
 * chart's form and the compatibility form (`prefix` "a" or "b": names `a_date`…, ids `a-date`…).
 */
export function BirthFields({
  values,
  errors = {},
  matches = [],
  chosen = null,
  foldChoices = null,
  prefix,
  dateRequired = true,
  labels = {
    date: "Birth date",
    time: "Birth time (optional)",
    q: "Birthplace (town or city)",
    choose: "Choose your birthplace",
  },
}: {
  values: { date: string; time: string; q: string; fold: string };
  errors?: Partial<Record<string, string>>;
  matches?: PlaceOption[];
  chosen?: PlaceOption | null;
  foldChoices?: FoldChoice[] | null;
  prefix?: string;
  /** false where another control can stand in for the date (a kept person on the compatibility form) */
  dateRequired?: boolean;
  labels?: { date: string; time: string; q: string; choose: string };
}) {
  const ids = birthFieldIds(prefix);
  const describedBy = (field: string, hint?: string) =>
    [hint, errors[field] ? ids.error(field) : null].filter(Boolean).join(" ") || undefined;
  const input =
    "block w-full rounded-md border border-violet-300 bg-white px-3 py-2 text-ink aria-[invalid=true]:border-red-600";
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.field("date")} className="block text-sm font-medium text-ink">
            {labels.date}
          </label>
          <input
            id={ids.field("date")}
            name={ids.name("date")}
            type="date"
            min="1800-01-01"
            max="2100-12-31"
            required={dateRequired}
            defaultValue={values.date}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={describedBy("date", ids.field("date-hint"))}
            className={input}
          />
          <p id={ids.field("date-hint")} className="text-xs text-stone-700">
            {DATE_FORMAT_HINT}
          </p>
          {errors.date ? (
            <p id={ids.error("date")} className="text-sm text-red-700">
              {errors.date}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.field("time")} className="block text-sm font-medium text-ink">
            {labels.time}
          </label>
          <input
            id={ids.field("time")}
            name={ids.name("time")}
            type="time"
            defaultValue={values.time}
            aria-invalid={errors.time ? true : undefined}
            aria-describedby={describedBy("time", ids.field("time-hint"))}
            className={input}
          />
          <p id={ids.field("time-hint")} className="text-xs text-stone-700">
            {TIME_FORMAT_HINT} The local clock time. Leave it empty if you do not know it: you get a noon chart, without
            houses or Ascendant.
          </p>
          {errors.time ? (
            <p id={ids.error("time")} className="text-sm text-red-700">
              {errors.time}
            </p>
          ) : null}
        </div>
      </div>

      <div className="space-y-1">
        <label htmlFor={ids.field("q")} className="block text-sm font-medium text-ink">
          {labels.q}
        </label>
        <input
          id={ids.field("q")}
          name={ids.name("q")}
          type="text"
          autoComplete="off"
          maxLength={100}
          defaultValue={values.q}
          aria-invalid={errors.q || errors.place ? true : undefined}
          aria-describedby={describedBy(errors.place ? "place" : "q", ids.field("q-hint"))}
          className={input}
        />
        <p id={ids.field("q-hint")} className="text-xs text-stone-700">
          Type the beginning of the name, then submit to choose from the places that match. Places come from GeoNames
          (towns of 1,000 people or more); the time zone follows from the coordinates.
        </p>
        {errors.q || errors.place ? (
          <p id={ids.error(errors.place ? "place" : "q")} className="text-sm text-red-700">
            {errors.q ?? errors.place}
          </p>
        ) : null}
      </div>

      {chosen ? (
        <p className="rounded-md bg-violet-50 p-3 text-sm">
          <input type="hidden" name={ids.name("place")} value={chosen.id} />
          Chosen place: <strong>{chosen.label}</strong>, {formatCoordinates(chosen)}, time zone {chosen.timeZone}. To
          choose another, change the birthplace and submit.
        </p>
      ) : matches.length ? (
        <fieldset className="space-y-2 rounded-md border border-violet-200 p-3">
          <legend className="px-1 font-semibold">
            {labels.choose} ({matches.length} found)
          </legend>
          {matches.map((m, i) => (
            <div key={m.id} className="flex items-start gap-2">
              <input
                type="radio"
                id={ids.radio("place", m.id)}
                name={ids.name("place")}
                value={m.id}
                defaultChecked={i === 0}
                className="mt-1"
              />
              <label htmlFor={ids.radio("place", m.id)}>
                {m.label}: {formatCoordinates(m)}, {m.timeZone}
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}

      {foldChoices ? (
        <fieldset className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <legend className="px-1 font-semibold">This clock time happened twice. Which one?</legend>
          {foldChoices.map((c) => (
            <div key={c.fold} className="flex items-start gap-2">
              <input
                type="radio"
                id={ids.radio("fold", c.fold)}
                name={ids.name("fold")}
                value={c.fold}
                defaultChecked={values.fold === c.fold}
                required
                className="mt-1"
              />
              <label htmlFor={ids.radio("fold", c.fold)}>
                The {c.fold} one, at {c.offset} ({c.fold === "earlier" ? "before" : "after"} the clocks went back)
              </label>
            </div>
          ))}
        </fieldset>
      ) : values.fold ? (
        <input type="hidden" name={ids.name("fold")} value={values.fold} />
      ) : null}
    </>
  );
}

/** The ids and names of one birth's fields: the birth chart's own (`birth-date`, `date`) or a prefixed person's. */
export function birthFieldIds(prefix?: string) {
  return {
    field: (f: string) => `${prefix ?? "birth"}-${f}`,
    error: (f: string) => (prefix ? `${prefix}-${f}-error` : `${f}-error`),
    radio: (kind: string, value: string | number) => (prefix ? `${prefix}-${kind}-${value}` : `${kind}-${value}`),
    name: (f: string) => (prefix ? `${prefix}_${f}` : f),
  };
}
