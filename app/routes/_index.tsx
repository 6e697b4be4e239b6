import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { getUserId } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast, useFormAnswer, type FormAnswer } from "~/components/form-answer";
import { onDemand } from "~/components/on-demand";
import { onUse } from "~/components/on-use";
import { GENERATOR_CONSTRAINT, parseGeneratorForm } from "~/numerology/forms.server";
import { generateContent, getGeneratedContent } from "~/numerology/generation.server";
import type { Digit } from "~/numerology/principles";
import { GENERATION_TEXTS } from "~/numerology/texts";
import { NumberWheel } from "~/numerology/ui/number-wheel";
import { PHASE_TEXTS, useGenerator } from "~/numerology/ui/use-generator";
import { getPreferences, saveScreenedPreferences } from "~/preferences/preferences.server";
import { guardedServerAction, shouldRevalidateAfterFailure, type SubmitFailure } from "~/utils/client-action";
import { clientIp, combineHeaders, safeRedirectPath } from "~/utils/http.server";
import { parseId } from "~/utils/ids";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

/** The generator's form: its id, and the intent of its answer (decision 250). */
const FORM_ID = "generator";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const url = new URL(request.url);
  const contentId = parseId(url.searchParams.get("content")); // null for what no row can have (int4's bound)
  const [preferences, content] = await Promise.all([
    // The page cache read the preferences to key this page: render from exactly those.
    context.visitorPreferences ?? getPreferences({ sessionId: visitor.sessionId }),
    contentId !== null ? getGeneratedContent({ id: contentId, sessionId: visitor.sessionId }) : null,
  ]);
  return data(
    { preferences, content, showEssence: url.searchParams.get("essence") === "1", constraint: GENERATOR_CONSTRAINT },
    { headers: combineHeaders(visitorCookieHeader(visitor)) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseGeneratorForm(await request.formData());
  const visitor = await getVisitor(request);
  const cookie = visitorCookieHeader(visitor);
  // the form's answer (decision 250): what was sent is in Conform's result, the failure's title and message in `toast`
  const failed = ({ title, message }: { title: string; message: string }, status: number) =>
    data<FormAnswer>(
      { intent: FORM_ID, result: submission.reply(), toast: { title, description: message } },
      { status },
    );
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "The form is not valid.";
    return failed({ title: GENERATION_TEXTS.failedTitle, message }, 400);
  }
  const { intent, number, returnTo, ...preferences } = submission.value;
  if (intent === "preferences" || number === undefined) {
    const saved = await saveScreenedPreferences({ sessionId: visitor.sessionId, ...preferences });
    if (!saved.ok) return failed(saved, 400);
    // A visitor served a kept page (decision 100) may have no id yet: the one the preferences were saved under goes along.
    const back = safeRedirectPath(returnTo, "/");
    return redirect(back.startsWith("/?") || back === "/" ? back : "/", { headers: cookie });
  }
  const result = await generateContent({
    digit: number as Digit,
    preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) return failed(result, result.status);
  return redirectWithToast(
    `/?content=${result.id}`,
    // the page announces the outcome in its own live region and moves focus to the reading (decision 130)
    {
      title: GENERATION_TEXTS.successTitle,
      description: GENERATION_TEXTS.successMessage,
      type: "success",
      quiet: true,
    },
    { headers: cookie },
  );
}

/**
 * With JavaScript, a generation the server never answered (the connection dropped) or answered with a 5xx ends in
 * the spec's 'Connection Lost' (or 'Generation Failed') with Try Again, on the page as it was, what was typed kept,
 * instead of the error page (issue 31).
 */
export const clientAction = (args: ClientActionFunctionArgs) =>
  guardedServerAction(args, (_intent, failure): FormAnswer & { failure: SubmitFailure } => ({
    intent: FORM_ID,
    failure,
    toast: {
      title: failure.network ? GENERATION_TEXTS.connectionLostTitle : GENERATION_TEXTS.failedTitle,
      description: GENERATION_TEXTS.failedMessage,
    },
  }));
export const shouldRevalidate = shouldRevalidateAfterFailure;

// the form's fields hydrate on first use; the form is the page's, around its buttons (decisions 113, 130); the
// reading and the relations show only once a number is chosen (decision 113)
const GeneratorFields = onUse(() => import("~/numerology/ui/generator-form").then((m) => m.GeneratorFields));
const GenerationResult = onDemand(() => import("~/numerology/ui/generated-reading").then((m) => m.GenerationResult));
const PrincipleRelations = onDemand(() =>
  import("~/numerology/ui/principle-relations").then((m) => m.PrincipleRelations),
);

export default function Home() {
  const { preferences, content, showEssence, constraint } = useLoaderData<typeof loader>();
  const answer = useFormAnswer<typeof action>(FORM_ID);
  const { submitting, chosen, phase, buttons } = useGenerator({ failed: answer, shownNumber: content?.number });

  // errors as toasts too, shown but not announced: the page's inline alert announces them, once
  useAnswerToast(answer, true);

  const error = submitting ? null : (answer?.toast ?? null);
  const outcome = useGenerationOutcome(submitting, error, content?.id);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">The Ten Universal Principles</h1>
      <p className="mt-4 max-w-3xl text-lg">
        Every digit from 0 to 9 names a principle of how the one reality explores itself. Choose a number to receive its
        principle, an insight and an affirmation, shaped by your style, your chosen length and your keywords.
      </p>

      <Form method="post" noValidate action="/?index" id={FORM_ID} aria-label="Generate insights">
        <GeneratorFields
          holdSubmit
          id={FORM_ID}
          constraint={constraint}
          preferences={preferences}
          returnTo={content ? `/?content=${content.id}` : "/"}
        />
        <NumberWheel chosen={chosen} submitting={submitting} buttons={buttons} />

        {/* not atomic: Orca reads an atomic region's whole text when it handles each change, so a late "Generating"
            change read the outcome, and the outcome's own change read it again (decision 400) */}
        <p role="status" aria-live="polite" aria-atomic="false" className="mt-6 text-center font-semibold text-cosmic">
          {submitting ? PHASE_TEXTS[phase] : outcome}
        </p>

        {chosen !== null ? (
          <>
            <GenerationResult
              chosen={chosen}
              error={error}
              // a regeneration of the reading shown keeps it, its buttons disabled (spec: Refresh disabled while generating)
              reading={error || (submitting && content?.number !== chosen) ? null : content}
              showEssence={showEssence}
              submitting={submitting}
            />
            <PrincipleRelations chosen={chosen} submitting={submitting} />
          </>
        ) : null}
      </Form>

      <nav aria-label="Explore" className="mt-12 flex flex-wrap gap-4">
        <Link to="/about" className="text-cosmic underline">
          About
        </Link>
        <Link to="/astrology" className="text-cosmic underline">
          Celestial Transits
        </Link>
        <Link to="/birth-date" className="text-cosmic underline">
          Birth Date Analysis
        </Link>
        <Link to="/forum" className="text-cosmic underline">
          Community Forum
        </Link>
      </nav>
    </div>
  );
}

/**
 * After a generation the new reading (or the failure) takes focus, its heading read first, and the page's one polite
 * live region, which said "Generating…", says the outcome (decision 130); a failure is announced by its alert alone.
 */
function useGenerationOutcome(submitting: boolean, error: { title: string } | null, contentId: number | undefined) {
  const [outcome, setOutcome] = useState("");
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (submitting) {
      wasSubmitting.current = true;
      setOutcome("");
      return;
    }
    if (!wasSubmitting.current) return;
    wasSubmitting.current = false;
    setOutcome(error ? "" : GENERATION_TEXTS.successMessage);
    // the result's part may still be loading (the first number chosen on the page): focus its heading once it is
    // there, or the failure's panel (announced once by the focus, decision 400)
    let frames = 0;
    const focusResult = () => {
      const heading = document.getElementById("result-error") ?? document.getElementById("result-title");
      if (heading) heading.focus();
      else if (++frames < 300) requestAnimationFrame(focusResult);
    };
    requestAnimationFrame(focusResult);
  }, [submitting, error, contentId]);
  return outcome;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Numerology Ontology",
    description:
      "Ten universal principles, one per digit: AI-written readings, angel numbers, birth dates and the sky.",
    path: "/",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
