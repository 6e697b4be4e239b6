import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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
import { doNotCache } from "~/utils/page-cache.server";

// the field hydrates on first use, in the page's form (decisions 113, 130); the analysis shows only after a submit
const BirthDateField = onUse(() => import("~/numerology/ui/birth-date-form").then((m) => m.BirthDateField));
const BirthDateAnalysisView = onDemand(() =>
  import("~/numerology/ui/birth-date-analysis").then((m) => m.BirthDateAnalysisView),
);

export function loader({ request, context }: LoaderFunctionArgs) {
  // the name numbers' GET form (issue 34): a page naming someone is neither kept nor shared
  const nameNumbers = nameNumbersPage(new URL(request.url).searchParams);
  if (nameNumbers.state !== "empty") doNotCache(context);
  return data(
    { constraint: BIRTH_DATE_CONSTRAINT, nameNumbers },
    nameNumbers.state === "invalid" ? { status: 400 } : undefined,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseBirthDateForm(await request.formData());
  const input = String(submission.payload.birthDate ?? "");
  if (submission.status !== "success") {
    const message = submission.error?.birthDate?.[0] ?? BIRTH_DATE_TEXTS.invalidMessage;
    const error = { title: birthDateErrorTitle(message), message };
    return data({ result: submission.reply(), error, analysis: null, input }, { status: 400 });
  }
  const result = await analyzeBirthDate(submission.value.birthDate);
  if (!result.ok) {
    const error = { title: result.title, message: result.message };
    return data({ result: submission.reply(), error, analysis: null, input }, { status: result.status });
  }
  const { analysis } = result;
  return data({ result: submission.reply(), error: null, analysis, input: analysis.birthDate });
}

export default function BirthDate() {
  const { constraint, nameNumbers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { show } = useToast();
  const hydrated = useHydrated();
  const [value, setValue] = useState(actionData?.input ?? "");
  const analyzing = navigation.state === "submitting";

  useEffect(() => {
    if (!actionData) return;
    // shown, not announced: the inline alert announces the error, once (decision 130)
    if (actionData.error)
      show({ title: actionData.error.title, description: actionData.error.message, type: "error", quiet: true });
    else if (actionData.analysis) {
      setValue(actionData.analysis.birthDate);
      show({
        title: "Analysis Complete",
        description: `Your life path number is ${actionData.analysis.lifePathNumber}.`,
        type: "success",
      });
    }
  }, [actionData, show]);

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

      <div className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
        <Form
          method="post"
          noValidate
          action="/birth-date"
          id={BIRTH_DATE_FORM_ID}
          aria-label="Analyze a birth date"
          className="flex flex-wrap items-end gap-3"
        >
          <BirthDateField
            holdSubmit
            constraint={constraint}
            lastResult={actionData?.result}
            value={value}
            onValue={setValue}
            invalid={!!error}
          />
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
          <div
            id={BIRTH_DATE_ERROR_ID}
            role="alert"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
          >
            <p className="font-semibold">{error.title}</p>
            <p>{error.message}</p>
          </div>
        ) : null}
      </div>

      {analysis ? <BirthDateAnalysisView analysis={analysis} /> : null}

      <NameNumbersSection
        values={nameNumbers.values}
        errors={nameNumbers.state === "invalid" ? nameNumbers.errors : undefined}
        answer={nameNumbers.state === "result" ? nameNumbers.answer : null}
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
