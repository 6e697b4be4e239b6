import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { getUserId } from "~/accounts/session.server";
import { GRAPHIC_ALERT } from "~/ai/moderation.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import { Tooltip } from "~/components/tooltip";
import { useHydrated } from "~/components/use-hydrated";
import { generateContent, getGeneratedContent } from "~/numerology/generation.server";
import { DIGITS, isDigit, principleOf, universalName, type Digit } from "~/numerology/principles";
import { CURRENT_LABEL, relationBetween } from "~/numerology/relations";
import { GENERATION_TEXTS } from "~/numerology/texts";
import { PreferencesFields } from "~/numerology/ui/preferences-fields";
import { getPreferences, saveScreenedPreferences } from "~/preferences/preferences.server";
import { COMPOSITION_LABELS, preferencesSchema, STYLE_LABELS, type Preferences } from "~/preferences/schema";
import { clientIp, combineHeaders, safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { doNotCache } from "~/utils/page-cache.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/utils/visitor.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const url = new URL(request.url);
  const contentId = Number(url.searchParams.get("content"));
  // Generated content is the visitor's own: such a page is never kept by the page cache (decision 100).
  if (url.searchParams.has("content")) doNotCache(context);
  const [preferences, content] = await Promise.all([
    // The page cache read the preferences to key this page: render from exactly those.
    context.visitorPreferences ?? getPreferences({ sessionId: visitor.sessionId }),
    Number.isInteger(contentId) && contentId > 0
      ? getGeneratedContent({ id: contentId, sessionId: visitor.sessionId })
      : null,
  ]);
  return data(
    { preferences, content, showEssence: url.searchParams.get("essence") === "1" },
    { headers: combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const visitor = await getVisitor(request);
  const preferences = preferencesSchema.safeParse({
    style: form.get("style") ?? undefined,
    composition: form.get("composition") ?? undefined,
    keywords: form.get("keywords") ?? undefined,
  });
  if (!preferences.success) {
    return data(
      {
        error: { title: GENERATION_TEXTS.failedTitle, message: preferences.error.issues[0]!.message, code: "INVALID" },
        number: null,
      },
      { status: 400 },
    );
  }
  if (form.get("intent") === "preferences") {
    const saved = await saveScreenedPreferences({ sessionId: visitor.sessionId, ...preferences.data });
    if (!saved.ok)
      return data(
        { error: { title: saved.title, message: saved.message, code: GRAPHIC_ALERT }, number: null },
        { status: 400 },
      );
    const returnTo = safeRedirectPath(form.get("returnTo"), "/");
    // A visitor served a kept page (decision 100) may have no id yet: the one the preferences were saved under goes along.
    return redirect(returnTo.startsWith("/?") || returnTo === "/" ? returnTo : "/", {
      headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined,
    });
  }

  const number = Number(form.get("number"));
  if (form.get("number") === null || !isDigit(number)) {
    return data(
      {
        error: { title: GENERATION_TEXTS.failedTitle, message: "Choose a number from 0 to 9.", code: "INVALID" },
        number: null,
      },
      { status: 400 },
    );
  }
  const result = await generateContent({
    digit: number,
    preferences: preferences.data,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) {
    return data(
      { error: { title: result.title, message: result.message, code: result.code }, number },
      { status: result.status },
    );
  }
  return redirectWithToast(
    `/?content=${result.id}`,
    { title: GENERATION_TEXTS.successTitle, description: GENERATION_TEXTS.successMessage, type: "success" },
    { headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined },
  );
}

const FORM_ID = "generator";
const FINALIZING_AFTER_MS = 1500;

export default function Home() {
  const { preferences, content, showEssence } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { show } = useToast();
  const hydrated = useHydrated();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const submitting =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") !== "preferences";
  const pendingNumber = submitting ? Number(navigation.formData?.get("number")) : null;
  const chosen: Digit | null =
    pendingNumber !== null && isDigit(pendingNumber)
      ? pendingNumber
      : actionData?.number != null && isDigit(actionData.number)
        ? actionData.number
        : content && isDigit(content.number)
          ? content.number
          : null;

  // generating at once, finalizing after 1.5 s
  const [phase, setPhase] = useState<"idle" | "generating" | "finalizing">("idle");
  useEffect(() => {
    if (!submitting) return setPhase("idle");
    setPhase("generating");
    const timer = setTimeout(() => setPhase("finalizing"), FINALIZING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [submitting]);

  // errors as toasts too (the page shows them inline either way)
  useEffect(() => {
    if (actionData?.error)
      show({ title: actionData.error.title, description: actionData.error.message, type: "error" });
  }, [actionData, show]);

  // keys 0-9 choose a number unless the visitor is typing
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || !/^[0-9]$/.test(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.closest("input, textarea, select") || target.isContentEditable)) return;
      event.preventDefault();
      buttons.current[Number(event.key)]?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // style and length are saved as soon as they change, without regenerating; the title shows it for 2 s
  const titleTimer = useRef<ReturnType<typeof setTimeout>>();
  const keywordTimer = useRef<ReturnType<typeof setTimeout>>();
  const savePrefs = useCallback(
    async (all: Preferences) => {
      try {
        const response = await fetch("/api/preferences", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(all),
        });
        if (response.status === 400) {
          // screened keywords are refused, not stored: say why (the spec's 'Content Alert')
          const body = (await response.json().catch(() => ({}))) as { code?: string; title?: string; error?: string };
          if (body.code === "GRAPHIC_ALERT")
            return show({ title: body.title ?? "Content Alert", description: body.error, type: "error" });
        }
        if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
      } catch {
        show({ title: GENERATION_TEXTS.preferencesSaveFailed, type: "error" });
      }
    },
    [show],
  );
  const onPreferenceChange = useCallback(
    (field: "style" | "composition" | "keywords", value: string, all: Preferences) => {
      if (field === "keywords") {
        clearTimeout(keywordTimer.current);
        keywordTimer.current = setTimeout(() => savePrefs(all), 600);
        return;
      }
      void savePrefs(all);
      const original = document.title.replace(/^(Style|Content Length): [^|]+\| /, "");
      const label =
        field === "style"
          ? `Style: ${STYLE_LABELS[all.style]}`
          : `Content Length: ${COMPOSITION_LABELS[all.composition]}`;
      document.title = `${label} | ${original}`;
      clearTimeout(titleTimer.current);
      titleTimer.current = setTimeout(() => (document.title = original), 2000);
    },
    [savePrefs],
  );

  const error = submitting ? null : (actionData?.error ?? null);
  const shown = submitting ? null : error ? null : content;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">The Ten Universal Principles</h1>
      <p className="mt-4 max-w-3xl text-lg">
        Every digit from 0 to 9 names a principle of how the one reality explores itself. Choose a number to receive its
        principle, an insight and an affirmation, shaped by your style, your chosen length and your keywords.
      </p>

      <Form method="post" action="/?index" id={FORM_ID} className="mt-8" aria-label="Generate insights">
        <section
          aria-labelledby="customize-title"
          className="rounded-xl border border-violet-200 bg-white p-5 shadow-sm"
        >
          <h2 id="customize-title" className="font-serif text-xl font-semibold">
            Customize Your Insights
          </h2>
          <div className="mt-4">
            <PreferencesFields idPrefix="home" defaults={preferences} onPreferenceChange={onPreferenceChange} />
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
          <input type="hidden" name="returnTo" value={content ? `/?content=${content.id}` : "/"} />
        </section>

        <fieldset className="mt-10">
          <legend className="mx-auto block text-center font-serif text-xl font-semibold">Choose a number</legend>
          <p className="mt-1 text-center text-sm">Press a key from 0 to 9 to choose without the mouse.</p>
          <div className="relative mx-auto mt-4 aspect-square w-full max-w-sm">
            {DIGITS.map((digit) => {
              const angle = (digit / 10) * Math.PI * 2 - Math.PI / 2;
              const p = principleOf(digit);
              const isChosen = chosen === digit;
              return (
                <Tooltip key={digit} content={universalName(digit)}>
                  <button
                    ref={(el) => {
                      buttons.current[digit] = el;
                    }}
                    type="submit"
                    name="number"
                    value={digit}
                    disabled={submitting}
                    className={`absolute flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full border-4 bg-white text-2xl font-bold shadow transition hover:scale-105 disabled:opacity-70 ${
                      isChosen ? "border-cosmic ring-4 ring-violet-300" : "border-violet-200"
                    }`}
                    style={{
                      left: `${50 + 40 * Math.cos(angle)}%`,
                      top: `${50 + 40 * Math.sin(angle)}%`,
                      color: "#1c1830",
                    }}
                  >
                    <span
                      aria-hidden="true"
                      className="block h-2 w-6 rounded-full"
                      style={{ background: p.hex, border: "1px solid #1c1830" }}
                    />
                    {digit}
                    <span className="sr-only">
                      {" "}
                      {universalName(digit)}
                      {isChosen ? " (chosen)" : ""}
                    </span>
                  </button>
                </Tooltip>
              );
            })}
            <p className="absolute inset-0 m-auto flex h-24 w-40 items-center justify-center text-center font-serif text-ink">
              {chosen !== null ? universalName(chosen) : "Ten principles, one whole"}
            </p>
          </div>
        </fieldset>
      </Form>

      <p role="status" aria-live="polite" className="mt-6 text-center font-semibold text-cosmic">
        {phase === "generating"
          ? "Generating your insights…"
          : phase === "finalizing"
            ? "Finalizing your insights…"
            : ""}
      </p>

      {chosen !== null ? (
        <section
          id="result"
          aria-labelledby="result-title"
          className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
        >
          {error ? (
            <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
              <h2 id="result-title" className="font-semibold">
                {error.title}
              </h2>
              <p className="mt-1">{error.message}</p>
              <button
                type="submit"
                form={FORM_ID}
                name="number"
                value={chosen}
                className="mt-3 rounded-md bg-cosmic px-4 py-2 text-white"
              >
                Try Again
              </button>
            </div>
          ) : shown ? (
            <ResultView content={shown} showEssence={showEssence} submitting={submitting} />
          ) : (
            <h2 id="result-title" className="font-serif text-2xl font-semibold">
              {universalName(chosen)}
            </h2>
          )}
        </section>
      ) : null}

      {chosen !== null ? (
        <section aria-labelledby="relations-title" className="mt-10">
          <h2 id="relations-title" className="font-serif text-2xl font-semibold">
            How {universalName(chosen)} meets the others
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {DIGITS.map((digit) => {
              const relation = relationBetween(chosen, digit);
              return (
                <li key={digit}>
                  <button
                    type="submit"
                    form={FORM_ID}
                    name="number"
                    value={digit}
                    disabled={submitting}
                    className="h-full w-full rounded-lg border border-violet-200 bg-white p-3 text-left text-sm hover:border-cosmic"
                  >
                    <span className="block font-semibold">
                      {digit} · {universalName(digit)}
                    </span>
                    <span className="mt-1 block">{relation ?? CURRENT_LABEL}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

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

function ResultView({
  content,
  showEssence,
  submitting,
}: {
  content: {
    id: number;
    number: number;
    principle: { title: string; content: string; insight: string };
    affirmation: string;
    imageUrl: string | null;
  };
  showEssence: boolean;
  submitting: boolean;
}) {
  const [essence, setEssence] = useState(showEssence);
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => setFailed(false), [content.imageUrl]);
  useEffect(() => {
    // an image that failed before hydration reports no error event
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [essence]);
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="result-title" className="font-serif text-2xl font-semibold">
          {content.principle.title}
        </h2>
        <button
          type="submit"
          form={FORM_ID}
          name="number"
          value={content.number}
          disabled={submitting}
          aria-label="Refresh insights"
          className="rounded-md border border-cosmic px-3 py-1 text-cosmic disabled:opacity-50"
        >
          ↻ Refresh
        </button>
      </div>
      <p className="mt-4 text-lg leading-relaxed">{content.principle.content}</p>
      <p className="mt-4 border-l-4 border-violet-300 pl-4 italic">
        <span className="font-semibold not-italic">Insight: </span>
        {content.principle.insight}
      </p>
      <h3 className="mt-6 font-serif text-lg font-semibold">Your Affirmation</h3>
      <p className="mt-1 text-lg">{content.affirmation}</p>

      {content.imageUrl ? (
        <div className="mt-6">
          <Form method="get" action="/">
            <input type="hidden" name="content" value={content.id} />
            <input type="hidden" name="essence" value={essence ? "0" : "1"} />
            <button
              type="submit"
              aria-expanded={essence}
              onClick={(event) => {
                event.preventDefault();
                setEssence((v) => !v);
              }}
              className="rounded-md border border-cosmic px-4 py-2 text-cosmic"
            >
              {essence ? "Hide Visual Essence" : "Show Visual Essence"}
            </button>
          </Form>
          {essence ? (
            failed ? (
              <p className="mt-3 flex h-64 w-64 items-center justify-center rounded-lg border border-dashed border-violet-300 text-center">
                {GENERATION_TEXTS.imageUnavailable}
              </p>
            ) : (
              <img
                ref={image}
                src={content.imageUrl}
                alt={`Visual essence of ${universalName(content.number as Digit)}`}
                width={256}
                height={256}
                onError={() => setFailed(true)}
                className="mt-3 rounded-lg shadow"
              />
            )
          ) : null}
        </div>
      ) : null}

      <button
        type="submit"
        form={FORM_ID}
        name="number"
        value={content.number}
        disabled={submitting}
        className="mt-6 rounded-md bg-cosmic px-5 py-2 font-semibold text-white disabled:opacity-50"
      >
        Generate New Insights
      </button>
    </div>
  );
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
