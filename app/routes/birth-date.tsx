import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { privacyHref } from "~/content/privacy";
import {
  BIRTH_DATE_MAX_LENGTH,
  BIRTH_DATE_TEXTS,
  formatBirthDateInput,
  validateBirthDate,
} from "~/numerology/birth-date";
import { analyzeBirthDate } from "~/numerology/birth-date.server";
import { principleOf, universalName, type Digit } from "~/numerology/principles";
import { originFromMatches, pageMeta } from "~/utils/meta";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const birthDate = form.get("birthDate");
  const result = await analyzeBirthDate(typeof birthDate === "string" ? birthDate : "");
  if (!result.ok) {
    return data(
      { error: { title: result.title, message: result.message }, analysis: null, input: String(birthDate ?? "") },
      { status: result.status },
    );
  }
  return data({ error: null, analysis: result.analysis, input: result.analysis.birthDate });
}

export default function BirthDate() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { show } = useToast();
  const hydrated = useHydrated();
  const [value, setValue] = useState(actionData?.input ?? "");
  const previous = useRef(value);
  const analyzing = navigation.state === "submitting";

  useEffect(() => {
    if (!actionData) return;
    if (actionData.error) show({ title: actionData.error.title, description: actionData.error.message, type: "error" });
    else if (actionData.analysis) {
      setValue(actionData.analysis.birthDate);
      show({
        title: "Analysis Complete",
        description: `Your life path number is ${actionData.analysis.lifePathNumber}.`,
        type: "success",
      });
    }
  }, [actionData, show]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validateBirthDate(value);
    if (!valid.ok) {
      show({ title: valid.title, description: valid.message, type: "error" });
      return;
    }
    setValue(valid.birthDate);
    submit({ birthDate: valid.birthDate }, { method: "post" });
  };

  const analysis = analyzing ? null : (actionData?.analysis ?? null);
  const error = analyzing ? null : (actionData?.error ?? null);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/about" className="text-cosmic underline">
        ← Back to About
      </Link>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Birth Date Analysis</h1>
      <p className="mt-3 text-lg">
        Your birth date holds a sequence of digits. Reduced to one number it names your life path; read in order, its
        digits show how the principles meet in you.
      </p>

      <Form
        method="post"
        action="/birth-date"
        onSubmit={onSubmit}
        className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm"
        aria-label="Analyze a birth date"
      >
        <label htmlFor="birth-date" className="text-sm font-semibold">
          Birth date (MM/DD/YYYY)
        </label>
        <div className="mt-1 flex flex-wrap gap-3">
          <input
            id="birth-date"
            name="birthDate"
            type="text"
            inputMode="numeric"
            autoComplete="bday"
            placeholder="MM/DD/YYYY"
            maxLength={BIRTH_DATE_MAX_LENGTH}
            value={value}
            onChange={(e) => {
              const next = formatBirthDateInput(e.target.value, previous.current);
              previous.current = next;
              setValue(next);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "birth-date-error" : undefined}
            className="w-48 rounded-md border border-violet-300 px-3 py-2 text-lg"
          />
          <button
            type="submit"
            disabled={hydrated && (!value.trim() || analyzing)}
            className="rounded-md bg-cosmic px-5 py-2 font-semibold text-white disabled:opacity-60"
          >
            {analyzing ? BIRTH_DATE_TEXTS.analyzing : "Analyze"}
          </button>
        </div>
        {error ? (
          <div
            id="birth-date-error"
            role="alert"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
          >
            <p className="font-semibold">{error.title}</p>
            <p>{error.message}</p>
          </div>
        ) : null}
      </Form>

      {analysis ? (
        <section aria-labelledby="analysis-title" className="mt-8 space-y-6">
          <h2 id="analysis-title" className="font-serif text-2xl font-semibold">
            Your Cosmic Blueprint for {analysis.birthDate}
          </h2>
          <div className="rounded-xl border border-violet-200 bg-white p-5">
            <h3 className="font-serif text-xl font-semibold">Extracted Numbers</h3>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Extracted numbers">
              {analysis.extractedNumbers.map((d, i) => (
                <li
                  key={i}
                  className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-violet-300 font-bold"
                >
                  {d}
                </li>
              ))}
            </ul>
            <p className="mt-2">Life path number: {analysis.lifePathNumber}</p>
          </div>
          <div className="rounded-xl border border-violet-200 bg-white p-5">
            <h3 className="font-serif text-xl font-semibold">
              Primary Principle: {analysis.primaryPrinciple.number} · {analysis.primaryPrinciple.title}
            </h3>
            <p className="mt-2">{analysis.primaryPrinciple.content}</p>
            <p className="mt-3 border-l-4 border-violet-300 pl-4 italic">{analysis.primaryPrinciple.insight}</p>
          </div>
          {analysis.numberInteractions.length ? (
            <div className="rounded-xl border border-violet-200 bg-white p-5">
              <h3 className="font-serif text-xl font-semibold">Number Interactions</h3>
              <ul className="mt-2 space-y-2">
                {analysis.numberInteractions.map((n) => (
                  <li key={`${n.number1}${n.number2}`}>
                    <span className="font-semibold">
                      {n.number1} → {n.number2}:
                    </span>{" "}
                    {n.relationship}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="rounded-xl border border-violet-200 bg-white p-5">
            <h3 className="font-serif text-xl font-semibold">Life Path Summary</h3>
            <p className="mt-2">{analysis.lifePathSummary}</p>
            <p className="mt-2 text-sm">
              Colour of your path: {principleOf(analysis.lifePathNumber as Digit).colour} (
              {universalName(analysis.lifePathNumber as Digit)})
            </p>
          </div>
        </section>
      ) : null}

      <p className="mt-10 text-sm">
        <Link to={privacyHref("birth-date")} className="text-cosmic underline">
          Privacy Policy
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Birth Date Analysis",
    description:
      "Enter your birth date to find your life path number, its universal principle and how the digits of your date meet.",
    path: "/birth-date",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
