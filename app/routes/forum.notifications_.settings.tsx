import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast, useFormAnswer } from "~/components/form-answer";
import { mailSettingsIntent } from "~/forum/forms.server";
import {
  MAIL_DELIVERIES,
  MAIL_DELIVERY_LABEL,
  MAIL_KIND_LABEL,
  MAIL_KINDS,
  mailChoicesSummary,
} from "~/forum/mail-choices";
import { mailSettingsOf } from "~/forum/mail-settings.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * A member's choice of forum mail (decision 351): for each kind of notification, at once, in the weekly digest or
 * never; the weekly digest on or off; and forum mail at all. One plain form (radio groups and a button), so it works
 * without JavaScript and in text browsers. Linked from the notifications page (and from member pages).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    choices: await mailSettingsOf({ memberId: user.id }),
    forumMail: user.forumNotifications,
    // Mail goes only to a verified address (decision 351): the page says so when there is none.
    mailable: Boolean(user.email && user.isEmailVerified),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "mail-settings") {
    return data({ intent: "unknown", toast: { title: "Unknown action" } }, { status: 400 });
  }
  return mailSettingsIntent(formData, user);
}

const radio = "mt-1";

export default function NotificationSettingsPage() {
  const { choices, forumMail, mailable } = useLoaderData<typeof loader>();
  const answer = useFormAnswer<typeof action>("mail-settings");
  useAnswerToast(answer);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "mail-settings";
  const submitted = useRef(false);
  const status = useRef<HTMLParagraphElement>(null);
  // After a save made with JavaScript, the summary (a live region) says the new choices and has the focus.
  useEffect(() => {
    if (saving) submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      status.current?.focus();
    }
  }, [saving, navigation.state]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <p>
        <Link to="/forum/notifications" className="text-cosmic underline">
          Back to Notifications
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Notification settings</h1>
      <p ref={status} role="status" tabIndex={-1} className="mt-4 outline-none">
        {mailChoicesSummary(choices, forumMail)}
      </p>
      {mailable ? null : (
        <p className="mt-2 rounded border border-amber-300 bg-amber-50 p-3">
          Forum e-mail goes only to a verified e-mail address. Add or verify yours on{" "}
          <Link to="/user-profile" className="text-cosmic underline">
            your profile
          </Link>
          .
        </p>
      )}
      {answer?.toast ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 p-3">
          {answer.toast.description ?? answer.toast.title}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-6">
        <input type="hidden" name="intent" value="mail-settings" />
        <fieldset className="rounded-lg border border-violet-200 bg-white p-4">
          <legend className="px-1 font-semibold text-ink">Forum e-mail</legend>
          {(["on", "off"] as const).map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                id={`forum-mail-${value}`}
                type="radio"
                name="forumMail"
                value={value}
                defaultChecked={(value === "on") === forumMail}
                className={radio}
              />
              <label htmlFor={`forum-mail-${value}`}>
                {value === "on" ? "Send me forum e-mail as chosen below" : "Send me no forum e-mail at all"}
              </label>
            </div>
          ))}
        </fieldset>
        {MAIL_KINDS.map((kind) => (
          <fieldset key={kind} className="rounded-lg border border-violet-200 bg-white p-4">
            <legend className="px-1 font-semibold text-ink">{MAIL_KIND_LABEL[kind]}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {MAIL_DELIVERIES.map((delivery) => (
                <div key={delivery} className="flex items-center gap-2">
                  <input
                    id={`mail-${kind}-${delivery}`}
                    type="radio"
                    name={kind}
                    value={delivery}
                    defaultChecked={choices[kind] === delivery}
                    className={radio}
                  />
                  <label htmlFor={`mail-${kind}-${delivery}`}>{MAIL_DELIVERY_LABEL[delivery]}</label>
                </div>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="rounded-lg border border-violet-200 bg-white p-4">
          <legend className="px-1 font-semibold text-ink">Weekly digest</legend>
          <p id="digest-hint" className="text-sm">
            When you have not visited for a week: the most active topics you have not read, and what you chose to get in
            the digest.
          </p>
          {(["on", "off"] as const).map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                id={`digest-${value}`}
                type="radio"
                name="weeklyDigest"
                value={value}
                defaultChecked={(value === "on") === choices.weeklyDigest}
                aria-describedby="digest-hint"
                className={radio}
              />
              <label htmlFor={`digest-${value}`}>
                {value === "on" ? "Send the weekly digest" : "No weekly digest"}
              </label>
            </div>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={saving}
          className="rounded bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900"
        >
          Save notification settings
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Notification settings",
    description: "Choose which forum e-mails you get: at once, in the weekly digest, or never.",
    path: "/forum/notifications/settings",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
