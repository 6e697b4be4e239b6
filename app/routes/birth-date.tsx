import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary } from "~/components/error-summary";
import { useAnswerToast, useFormAnswer, type FormAnswer } from "~/components/form-answer";
import { onDemand } from "~/components/on-demand";
import { onUse } from "~/components/on-use";
import { useToast } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { privacyHref } from "~/content/privacy";
import {
  BIRTH_DATE_ERROR_ID,
  BIRTH_DATE_FORM_ID,
  BIRTH_DATE_TEXTS,
  birthDateErrorTitle,
} from "~/numerology/birth-date";
import { analyzeBirthDate } from "~/numerology/birth-date.server";
import { BIRTH_DATE_CONSTRAINT, parseBirthDateForm } from "~/numerology/forms.server";
import { nameNumbersPage } from "~/numerology/name-numbers.server";
import { NameNumbersSection } from "~/numerology/ui/name-numbers-section";
import { originFromMatches, pageMeta } from "~/utils/meta";

// the field hydrates on first use, in the page's form (decisions 113, 130); the analysis shows only after a submit
const BirthDateField = onUse(() => import("~/numerology/ui/birth-date-form").then((m) => m.BirthDateField));
const BirthDateAnalysisView = onDemand(() =>
  import("~/numerology/ui/birth-date-analysis").then((m) => m.BirthDateAnalysisView),
);

export function loader({ request }: LoaderFunctionArgs) {
  // the name numbers' GET form (issue 34): a page naming someone is neither kept nor shared (its section says so)
  const nameNumbers = nameNumbersPage(new URL(request.url).searchParams);
  return data(
    { constraint: BIRTH_DATE_CONSTRAINT, nameNumbers },
    nameNumbers.state === "invalid" ? { status: 400 } : undefined,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseBirthDateForm(await request.formData());
  // the form's answer (decision 250): what was typed is in Conform's result, a failure's title and message in `toast`
  const failed = (title: string, message: string, status: number) =>
    data<FormAnswer>(
      { intent: BIRTH_DATE_FORM_ID, result: submission.reply(), toast: { title, description: message } },
      { status },
    );
  if (submission.status !== "success") {
    const message = submission.error?.birthDate?.[0] ?? BIRTH_DATE_TEXTS.invalidMessage;
    return failed(birthDateErrorTitle(message), message, 400);
  }
  const result = await analyzeBirthDate(submission.value.birthDate);
  if (!result.ok) return failed(result.title, result.message, result.status);
  return data({ intent: BIRTH_DATE_FORM_ID, result: submission.reply(), analysis: result.analysis });
}

export default function BirthDate() {
  const { constraint, nameNumbers } = useLoaderData<typeof loader>();
  const location = useLocation();
  const answer = useFormAnswer<typeof action>(BIRTH_DATE_FORM_ID);
  const answered = answer && "analysis" in answer ? answer.analysis : null;
  const navigation = useNavigation();
  const { show } = useToast();
  const hydrated = useHydrated();
  const [value, setValue] = useState(answered?.birthDate ?? String(answer?.result?.initialValue?.birthDate ?? ""));
  const analyzing = navigation.state === "submitting";

  // shown, not announced: the error summary announces the error, once (decisions 130, 400)
  useAnswerToast(answer);
  useEffect(() => {
    if (!answered) return;
    setValue(answered.birthDate);
    show({
      title: "Analysis Complete",
      description: `Your life path number is ${answered.lifePathNumber}.`,
      type: "success",
    });
  }, [answered, show]);

  const analysis = analyzing ? null : answered;
  const error = analyzing ? null : (answer?.toast ?? null);
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

      <div className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
        <Form
          method="post"
          noValidate
          action="/birth-date"
          id={BIRTH_DATE_FORM_ID}
          aria-label="Analyze a birth date"
          className="flex flex-wrap items-end gap-3"
        >
          <BirthDateField holdSubmit constraint={constraint} value={value} onValue={setValue} invalid={!!error} />
          {/* the page's, not the field's part: disabled while the field is empty from the page's hydration on (spec) */}
          <button
            type="submit"
            disabled={hydrated && (!value.trim() || analyzing)}
            className="rounded-md bg-cosmic px-5 py-2 font-semibold text-white disabled:opacity-60"
          >
            {analyzing ? BIRTH_DATE_TEXTS.analyzing : "Analyze"}
          </button>
        </Form>
        {error ? (
          // the form's error summary: it takes focus and is announced once there (decision 400); the field names its
          // message in its description
          <div className="mt-4">
            <ErrorSummary
              form={{ id: BIRTH_DATE_FORM_ID }}
              title={error.title}
              description={error.description}
              resultKey={answer}
              messagesId={BIRTH_DATE_ERROR_ID}
            />
          </div>
        ) : null}
      </div>

      {analysis ? <BirthDateAnalysisView analysis={analysis} /> : null}

      <NameNumbersSection
        values={nameNumbers.values}
        errors={nameNumbers.state === "invalid" ? nameNumbers.errors : undefined}
        answer={nameNumbers.state === "result" ? nameNumbers.answer : null}
        resultKey={location.search}
      />

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
