import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useState } from "react";
import { getUserId } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast, useFormAnswer } from "~/components/form-answer";
import { onUse } from "~/components/on-use";
import { PageHole, rendersPageHole, useKeptHole } from "~/components/page-hole";
import { useToast } from "~/components/toaster";
import {
  ANGEL_FORM_ID,
  ANGEL_READING_TITLE_ID,
  ANGEL_TEXTS,
  angelAnswer,
  angelDecodeError,
  angelErrorTitle,
  angelFailureError,
  angelNumberFromQuery,
  SAVED_READINGS_HOLE,
  sentAngelNumber,
} from "~/numerology/angel";
import { decodeAngelNumber, getSavedReading, listSavedReadings } from "~/numerology/angel.server";
import { ANGEL_CONSTRAINT, angelFormRequest, parseAngelForm } from "~/numerology/forms.server";
import { AngelReadingView, SavedReadings } from "~/numerology/ui/angel-reading";
import { getPreferences } from "~/preferences/preferences.server";
import { guardedServerAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { clientIp, combineHeaders } from "~/utils/http.server";
import { parseId } from "~/utils/ids";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const url = new URL(request.url);
  const readingId = parseId(url.searchParams.get("reading")); // null for what no row can have (int4's bound)
  const [preferences, history, reading] = await Promise.all([
    // The page cache read the preferences to key this page: render from exactly those.
    context.visitorPreferences ?? getPreferences({ sessionId: visitor.sessionId }),
    // A kept page's template leaves the visitor's list out: the page cache fills it in per visitor (decision 112).
    rendersPageHole(context, SAVED_READINGS_HOLE)
      ? undefined
      : listSavedReadings({ sessionId: visitor.sessionId }).catch(() => []),
    readingId !== null ? getSavedReading({ id: readingId, sessionId: visitor.sessionId }) : null,
  ]);
  // the number field holds `?number=` when it is a valid one, else the reading shown (`?reading=`): a reading's page
  // showed it with an empty field (issue 47)
  const prefill = angelNumberFromQuery(url.searchParams.get("number")) || (reading?.number ?? "");
  return data(
    { preferences, history, reading, prefill, constraint: ANGEL_CONSTRAINT },
    { headers: combineHeaders(visitorCookieHeader(visitor)) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseAngelForm(await request.formData());
  const visitor = await getVisitor(request);
  if (submission.status !== "success") {
    const [numberError] = submission.error?.number ?? [];
    const firstError = Object.values(submission.error ?? {}).flat()[0] ?? "the form is not valid";
    const error = numberError
      ? { title: angelErrorTitle(numberError) ?? ANGEL_TEXTS.invalidTitle, message: numberError }
      : angelDecodeError("the preferences are not valid", firstError);
    return data(angelAnswer(error, submission.reply()), { status: 400 });
  }
  const result = await decodeAngelNumber({
    ...angelFormRequest(submission.value),
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) return data(angelAnswer(angelFailureError(result), submission.reply()), { status: result.status });
  return redirectWithToast(
    `/angel?reading=${result.reading.id}`,
    { title: ANGEL_TEXTS.decodedToast, type: "success" },
    { headers: visitorCookieHeader(visitor) },
  );
}

/** With JavaScript, a decode the server never answered (or answered with a 5xx) ends in the same pair. */
export const clientAction = (args: ClientActionFunctionArgs) =>
  guardedServerAction(args, (_intent, failure) => ({ ...angelAnswer(angelDecodeError(failure.reason)), failure }));
export const shouldRevalidate = shouldRevalidateAfterFailure;

/** A saved reading as the list holds it (the whole reading, shown on a click). */
type SavedReading = NonNullable<SerializeFrom<typeof loader>["history"]>[number];

/** The form's fields hydrate on first use, in the page's form (decisions 109, 113, 130). */
const AngelFields = onUse(() => import("~/numerology/ui/angel-form").then((m) => m.AngelFields));

export default function AngelNumbers() {
  const { preferences, history, reading, prefill, constraint } = useLoaderData<typeof loader>();
  const answer = useFormAnswer<typeof action>(ANGEL_FORM_ID);
  const navigation = useNavigation();
  const { show } = useToast();
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [value, setValue] = useState(sentAngelNumber(answer) ?? prefill);
  const [selected, setSelected] = useState(reading);
  // A saved reading shown from the list: its heading takes focus once it is on the page, and the toast (the polite
  // live region) names it.
  const [focusReading, setFocusReading] = useState(0);
  const showSaved = (item: SavedReading) => {
    setSelected(item);
    setValue(item.number);
    setFocusReading((n) => n + 1);
    window.history.replaceState(window.history.state, "", `/angel?reading=${item.id}`);
    show({ title: ANGEL_TEXTS.previousToast, description: `Angel Number ${item.number}`, type: "success" });
  };
  useEffect(() => {
    if (focusReading) document.getElementById(ANGEL_READING_TITLE_ID)?.focus();
  }, [focusReading]);
  useEffect(() => {
    setSelected(reading);
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

  useAnswerToast(answer);

  // The kept page's list (a hole the page cache fills, decision 112) is links only: a click shows the reading from
  // the list's data, fetched once the page has hydrated (decision 230), or follows the link once the form is ready.
  const [formReady, setFormReady] = useState(false);
  const [clientHistory, setClientHistory] = useState<SavedReading[] | null>(null);
  const keptList = useKeptHole<SavedReading>({
    name: SAVED_READINGS_HOLE,
    source: history ? null : "/api/angel-numbers/saved",
    ready: formReady,
    itemOf: (readings, link) => readings.find((r) => r.id === Number(link.searchParams.get("reading"))),
    onItem: (item, readings) => {
      setClientHistory(readings);
      showSaved(item);
    },
  });
  const listed = history ?? clientHistory;
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

      <Form method="post" noValidate action="/angel" id={ANGEL_FORM_ID} aria-label="Decode an angel number">
        <AngelFields
          holdSubmit
          constraint={constraint}
          preferences={preferences}
          value={value}
          onValue={setValue}
          onReady={setFormReady}
          awake={keptList.waking}
        />

        {shown ? (
          <AngelReadingView reading={shown}>
            <button
              type="submit"
              name="fresh"
              value={shown.number}
              disabled={pending}
              onClick={() => show({ title: ANGEL_TEXTS.freshToast })}
              className="mt-6 rounded-md border border-cosmic px-4 py-2 font-semibold text-cosmic disabled:opacity-60"
            >
              Generate Fresh Reading
            </button>
          </AngelReadingView>
        ) : null}
      </Form>

      {listed ? (
        <SavedReadings readings={listed} selectedId={selected?.id} onSelect={showSaved} />
      ) : (
        // The kept page's list, filled in per visitor by the page cache and left as sent (decision 112).
        <PageHole name={SAVED_READINGS_HOLE} onClick={keptList.onClick} />
      )}
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
