import { ErrorSummary } from "~/components/error-summary";
import { SaveBirthDataForm } from "~/components/save-birth-data-form";
import type { NameNumber, NameNumbers, PersonalCycles } from "~/numerology/name-numbers";
import { Y_CONVENTION_LABELS } from "~/numerology/name-numbers";
import type { NameNumbersAnswer, NameNumbersValues } from "~/numerology/name-numbers.server";
import { PRINCIPLES } from "~/numerology/principles";
import { DATE_FORMAT_HINT } from "~/utils/date-hints";

/**
 * The numbers of a name on the birth-date page: a GET form of its own (name, current name, how Y counts, birth
 * date for the personal cycles; the data stays in the form and the address) and the answer with every step.
 */
const SECTION_ID = "name-numbers";
const ERRORS_ID = "name-numbers-errors";
const ANSWER_HEADING_ID = "name-numbers-answer";

const LABELS = { name: "Full birth name", current: "Current name", y: "Y", born: "Birth date" } as const;

function principleLine(value: number): string {
  if (value === 11 || value === 22 || value === 33) {
    const digit = [...String(value)].reduce((a, c) => a + Number(c), 0);
    return `${value}, a master number, kept whole (its digits add to ${digit}, Universal ${PRINCIPLES[digit]!.name})`;
  }
  return `${value}, Universal ${PRINCIPLES[value]!.name}`;
}

export function NameNumbersSection({
  values,
  errors = {},
  answer = null,
  resultKey,
}: {
  values: NameNumbersValues;
  errors?: Partial<Record<keyof typeof LABELS, string>>;
  answer?: NameNumbersAnswer | null;
  /** the address's query: changes with every submission, so focus reaches the error summary again */
  resultKey?: string;
}) {
  const errorEntries = Object.entries(errors) as [keyof typeof LABELS, string][];
  const input =
    "block w-full rounded-md border border-violet-300 bg-white px-3 py-2 text-ink aria-[invalid=true]:border-red-600";
  const described = (field: keyof typeof LABELS, hint?: string) =>
    [hint, errors[field] ? `name-numbers-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: keyof typeof LABELS) =>
    errors[field] ? (
      <p id={`name-numbers-${field}-error`} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  return (
    <section id={SECTION_ID} aria-labelledby="name-numbers-title" className="mt-12 space-y-5">
      <h2 id="name-numbers-title" className="font-serif text-3xl font-bold">
        The numbers of your name
      </h2>
      <p>
        Each letter has a number in the Pythagorean table (A, J, S are 1; B, K, T are 2; … I, R are 9). All the letters
        of your full birth name give your Expression, its vowels your Soul Urge and its consonants your Personality.
        Each name is added up and reduced on its own, then the names&apos; numbers are added and reduced; 11, 22 and 33
        are master numbers and stay whole. Nothing you enter here is stored.
      </p>
      {/* No #fragment in the action: w3m then sent a bare GET /birth-date without the fields (issue 47); the
          answer's first heading takes the focus instead, which also brings it into view. */}
      <form method="get" action="/birth-date" className="space-y-4 rounded-xl border border-violet-200 bg-white p-5">
        {/* focused and announced once, as a named group (decision 400); without JavaScript its autofocus moves focus */}
        <ErrorSummary
          id={ERRORS_ID}
          form={{ id: ERRORS_ID }}
          title="The name numbers could not be worked out"
          fields={errorEntries.map(([field, message]) => ({
            id: `name-numbers-${field}`,
            errors: [`${LABELS[field]}: ${message}`],
          }))}
          resultKey={resultKey}
          onNewPage
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="name-numbers-name" className="block text-sm font-medium text-ink">
              Full birth name
            </label>
            <input
              id="name-numbers-name"
              name="name"
              type="text"
              required
              maxLength={120}
              autoComplete="name"
              defaultValue={values.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={described("name", "name-numbers-name-hint")}
              className={input}
            />
            <p id="name-numbers-name-hint" className="text-xs text-stone-700">
              First, middle and last names as on the birth certificate.
            </p>
            {fieldError("name")}
          </div>
          <div className="space-y-1">
            <label htmlFor="name-numbers-current" className="block text-sm font-medium text-ink">
              Current name (optional)
            </label>
            <input
              id="name-numbers-current"
              name="current"
              type="text"
              maxLength={120}
              defaultValue={values.current}
              aria-invalid={errors.current ? true : undefined}
              aria-describedby={described("current", "name-numbers-current-hint")}
              className={input}
            />
            <p id="name-numbers-current-hint" className="text-xs text-stone-700">
              If you go by another name now (after marriage, say).
            </p>
            {fieldError("current")}
          </div>
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-ink">How to count Y</legend>
          {(Object.entries(Y_CONVENTION_LABELS) as [keyof typeof Y_CONVENTION_LABELS, string][]).map(
            ([value, label]) => (
              <div key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`name-numbers-y-${value}`}
                  name="y"
                  value={value}
                  defaultChecked={values.y === value}
                />
                <label htmlFor={`name-numbers-y-${value}`}>{label}</label>
              </div>
            ),
          )}
        </fieldset>
        <div className="max-w-xs space-y-1">
          <label htmlFor="name-numbers-born" className="block text-sm font-medium text-ink">
            Birth date, for your personal year, month and day (optional)
          </label>
          <input
            id="name-numbers-born"
            name="born"
            type="date"
            min="1800-01-01"
            max="2100-12-31"
            defaultValue={values.born}
            aria-invalid={errors.born ? true : undefined}
            aria-describedby={described("born", "name-numbers-born-hint")}
            className={input}
          />
          <p id="name-numbers-born-hint" className="text-xs text-stone-700">
            {DATE_FORMAT_HINT}
          </p>
          {fieldError("born")}
        </div>
        <button type="submit" className="rounded-md bg-cosmic px-5 py-2 font-semibold text-white">
          Work out my name numbers
        </button>
      </form>

      {answer ? (
        <div className="space-y-6">
          <NameNumbersResult title={`Birth name: ${answer.birthName.name}`} numbers={answer.birthName} focusOnLoad />
          {answer.currentName ? (
            <NameNumbersResult title={`Current name: ${answer.currentName.name}`} numbers={answer.currentName} />
          ) : null}
          {answer.cycles ? <CyclesResult cycles={answer.cycles} /> : null}
          <SaveBirthDataForm
            intent="save-names"
            back={`/birth-date?${new URLSearchParams({ name: values.name, current: values.current, y: values.y, born: values.born }).toString()}`}
            label="Save these names to my account"
            note="Members only: kept privately on your account page."
            fields={{ name: values.name, current: values.current, y: values.y }}
          />
        </div>
      ) : null}
    </section>
  );
}

function NameNumbersResult({
  title,
  numbers,
  focusOnLoad = false,
}: {
  title: string;
  numbers: NameNumbers;
  focusOnLoad?: boolean;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-violet-200 bg-white p-5">
      <h3
        id={focusOnLoad ? ANSWER_HEADING_ID : undefined}
        tabIndex={focusOnLoad ? -1 : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the page reloads with the answer: focus goes to its first heading
        autoFocus={focusOnLoad}
        className="font-serif text-2xl font-bold outline-none focus-visible:ring-2 focus-visible:ring-cosmic"
      >
        {title}
      </h3>
      <p className="mt-1 text-sm">
        Convention: {Y_CONVENTION_LABELS[numbers.yConvention]}; vowels are A, E, I, O, U
        {numbers.yConvention === "vowel" ? " and Y" : ""}.
        {numbers.notCounted.length ? ` Not counted: ${numbers.notCounted.join(" ")}.` : ""}
      </p>
      {[numbers.expression, numbers.soulUrge, numbers.personality].map((n) => (
        <NumberWorking key={n.kind} number={n} />
      ))}
    </section>
  );
}

function NumberWorking({ number }: { number: NameNumber }) {
  return (
    <div className="mt-4">
      <h4 className="font-semibold">
        {number.label}: {principleLine(number.value)}
      </h4>
      <ol className="mt-1 list-decimal pl-5 font-mono text-sm">
        {number.parts.map((p, i) => (
          <li key={`${p.word}-${i}`}>
            {p.word}: {p.working}
          </li>
        ))}
        <li>
          All names: {number.working} = {number.label} {number.value}
        </li>
      </ol>
    </div>
  );
}

function CyclesResult({ cycles }: { cycles: PersonalCycles }) {
  return (
    <section aria-label="Personal year, month and day" className="rounded-xl border border-violet-200 bg-white p-5">
      <h3 className="font-serif text-2xl font-bold">Personal year, month and day for {cycles.on}</h3>
      <p className="mt-1 text-sm">
        From the birth month and day and today&apos;s date (UTC). Personal cycles run from 1 to 9, so master numbers are
        reduced here.
      </p>
      <dl className="mt-3 space-y-2">
        {(
          [
            ["Personal year", cycles.year],
            ["Personal month", cycles.month],
            ["Personal day", cycles.day],
          ] as const
        ).map(([label, c]) => (
          <div key={label}>
            <dt className="font-semibold">
              {label}: {principleLine(c.value)}
            </dt>
            <dd className="font-mono text-sm">{c.working}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
