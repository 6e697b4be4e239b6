import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { getUserId } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import {
  ANGEL_TEXTS,
  angelDecodeError,
  angelNumberFromQuery,
  sanitizeAngelInput,
  validateAngelNumber,
} from "~/numerology/angel";
import {
  decodeAngelNumber,
  getSavedReading,
  listSavedReadings,
  type SavedAngelReading,
} from "~/numerology/angel.server";
import { PreferencesFields } from "~/numerology/ui/preferences-fields";
import { getPreferences } from "~/preferences/preferences.server";
import { preferencesSchema } from "~/preferences/schema";
import { guardedServerAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { clientIp, combineHeaders } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/utils/visitor.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const url = new URL(request.url);
  const readingId = Number(url.searchParams.get("reading"));
  const [preferences, history, reading] = await Promise.all([
    getPreferences({ sessionId: visitor.sessionId }),
    listSavedReadings({ sessionId: visitor.sessionId }).catch(() => []),
    Number.isInteger(readingId) && readingId > 0
      ? getSavedReading({ id: readingId, sessionId: visitor.sessionId })
      : null,
  ]);
  return data(
    { preferences, history, reading, prefill: angelNumberFromQuery(url.searchParams.get("number")) },
    { headers: combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const visitor = await getVisitor(request);
  const raw = form.get("fresh") ?? form.get("number");
  const number = typeof raw === "string" ? raw.trim() : "";
  const valid = validateAngelNumber(number);
  if (!valid.ok) return data({ error: { title: valid.title, message: valid.message }, number }, { status: 400 });
  const preferences = preferencesSchema.safeParse({
    style: form.get("style") ?? undefined,
    composition: form.get("composition") ?? undefined,
    keywords: form.get("keywords") ?? undefined,
  });
  if (!preferences.success) {
    return data(
      { error: angelDecodeError("the preferences are not valid", preferences.error.issues[0]!.message), number },
      { status: 400 },
    );
  }
  const result = await decodeAngelNumber({
    number: valid.number,
    preferences: preferences.data,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) {
    const reason =
      result.code === "GRAPHIC_ALERT"
        ? "inappropriate keywords"
        : result.code === "RATE_LIMITED"
          ? "too many requests"
          : result.code === "TIMEOUT"
            ? "the reading took too long"
            : "the reading service did not answer";
    const detail =
      result.code === "GRAPHIC_ALERT" || result.code === "RATE_LIMITED"
        ? `${result.title}: ${result.message}`
        : undefined;
    return data({ error: angelDecodeError(reason, detail), number }, { status: result.status });
  }
  return redirectWithToast(
    `/angel?reading=${result.reading.id}`,
    { title: ANGEL_TEXTS.decodedToast, type: "success" },
    { headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined },
  );
}

/** With JavaScript, a decode the server never answered (or answered with a 5xx) ends in the same pair. */
export const clientAction = async (args: ClientActionFunctionArgs) => {
  const number = String((await args.request.clone().formData()).get("number") ?? "");
  return guardedServerAction(args, (_intent, failure) => ({
    failure,
    error: angelDecodeError(failure.message),
    number,
  }));
};
export const shouldRevalidate = shouldRevalidateAfterFailure;

const FORM_ID = "angel-form";

export default function AngelNumbers() {
  const { preferences, history, reading, prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { show } = useToast();
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [value, setValue] = useState(actionData?.number ?? prefill ?? reading?.number ?? "");
  const [selected, setSelected] = useState<SavedAngelReading | null>(reading);

  useEffect(() => setSelected(reading), [reading]);
  useEffect(() => {
    if (reading) setValue(reading.number);
  }, [reading]);

  // ?number= fills the input once, then leaves the address
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has("number")) {
      url.searchParams.delete("number");
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    }
  }, []);

  useEffect(() => {
    const error = actionData?.error as { title: string; message: string; toast?: string } | undefined;
    if (error) show({ title: error.title, description: error.toast ?? error.message, type: "error" });
  }, [actionData, show]);

  const shown = pending ? null : selected;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/" className="text-cosmic underline">
        ← Back to Home
      </Link>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Angel Numbers</h1>
      <p className="mt-3 max-w-3xl text-lg">
        A number that keeps appearing is a message. Enter one of 1 to 4 digits to decode it through the ten universal
        principles.
      </p>

      <Form
        method="post"
        action="/angel"
        id={FORM_ID}
        className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm"
        aria-label="Decode an angel number"
      >
        <PreferencesFields idPrefix="angel" defaults={preferences} />
        <div className="mt-6 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="angel-number" className="text-sm font-semibold">
              Angel number
            </label>
            <input
              id="angel-number"
              name="number"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={value}
              onChange={(e) => setValue(sanitizeAngelInput(e.target.value))}
              placeholder="1111"
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby={actionData?.error ? "angel-error" : undefined}
              className="mt-1 block w-40 rounded-md border border-violet-300 px-3 py-2 text-2xl tracking-widest"
            />
          </div>
          <button
            type="submit"
            disabled={pending}
            className="rounded-md bg-cosmic px-5 py-3 font-semibold text-white disabled:opacity-60"
          >
            {pending ? ANGEL_TEXTS.pending : "Decode Angel Message"}
          </button>
        </div>
        {actionData?.error && !pending ? (
          <div
            id="angel-error"
            role="alert"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
          >
            <p className="font-semibold">{actionData.error.title}</p>
            <p>{actionData.error.message}</p>
            {"detail" in actionData.error && actionData.error.detail ? (
              <p className="mt-1 text-sm">{actionData.error.detail}</p>
            ) : null}
          </div>
        ) : null}
      </Form>

      {shown ? (
        <article
          aria-labelledby="reading-title"
          className="mt-8 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
        >
          <h2 id="reading-title" className="font-serif text-3xl font-semibold">
            Angel Number {shown.number}
          </h2>
          <h3 className="mt-5 font-serif text-xl font-semibold">Meaning</h3>
          <p className="mt-1">{shown.meaning}</p>
          <h3 className="mt-5 font-serif text-xl font-semibold">Guidance</h3>
          <p className="mt-1">{shown.guidance}</p>
          <h3 className="mt-5 font-serif text-xl font-semibold">Your Personal Message</h3>
          {shown.personalizedMessage.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i} className="mt-2">
              {paragraph}
            </p>
          ))}
          {shown.universalPrinciples.length ? (
            <>
              <h3 className="mt-5 font-serif text-xl font-semibold">Universal Principles</h3>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {shown.universalPrinciples.map((p) => (
                  <li key={p.digit} className="rounded-lg border border-violet-200 p-3">
                    <span className="font-semibold">
                      {p.digit} · {p.principle}
                    </span>
                    <span className="block text-sm">{p.meaning}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h3 className="mt-5 font-serif text-xl font-semibold">Reduced Digit</h3>
          <p className="mt-1">
            <span className="font-mono">{shown.reducedDigit.calculation}</span>
          </p>
          <p className="mt-1">
            <span className="font-semibold">
              {shown.reducedDigit.digit} · {shown.reducedDigit.principle}
            </span>
            : {shown.reducedDigit.meaning}
          </p>
          <button
            type="submit"
            form={FORM_ID}
            name="fresh"
            value={shown.number}
            disabled={pending}
            onClick={() => show({ title: ANGEL_TEXTS.freshToast })}
            className="mt-6 rounded-md border border-cosmic px-4 py-2 font-semibold text-cosmic disabled:opacity-60"
          >
            Generate Fresh Reading
          </button>
        </article>
      ) : null}

      {history.length ? (
        <section aria-labelledby="history-title" className="mt-10">
          <h2 id="history-title" className="font-serif text-2xl font-semibold">
            Your Saved Readings
          </h2>
          <ul className="mt-4 grid grid-cols-5 gap-3">
            {history.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/angel?reading=${item.id}`}
                  preventScrollReset
                  aria-current={selected?.id === item.id ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    setSelected(item);
                    setValue(item.number);
                    window.history.replaceState(window.history.state, "", `/angel?reading=${item.id}`);
                    show({ title: ANGEL_TEXTS.previousToast, type: "success" });
                  }}
                  className={`block rounded-lg border p-3 text-center hover:border-cosmic ${selected?.id === item.id ? "border-cosmic bg-cosmic-light" : "border-violet-200 bg-white"}`}
                >
                  <span className="block text-xl font-bold">{item.number}</span>
                  <span className="block text-xs">
                    {new Date(item.createdAt).toLocaleDateString("en-US", {
                      year: "numeric",
                      month: "short",
                      day: "numeric",
                      timeZone: "UTC",
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Angel Numbers",
    description:
      "Decode an angel number of 1 to 4 digits: its meaning, guidance and a personal message from the ten universal principles.",
    path: "/angel",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
