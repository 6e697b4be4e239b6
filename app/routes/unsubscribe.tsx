import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  isUnsubscribeKind,
  MAIL_KIND_TEXT,
  MAIL_SETTINGS_PATH,
  setSubscriptionByToken,
  subscriptionByToken,
  type UnsubscribeKind,
} from "~/forum/unsubscribe.server";
import { SITE_NAME } from "~/site";

/**
 * /unsubscribe?token=…[&kind=…]: the unsubscribe address of the forum's mails (decisions 6, 153 and 351). With a
 * kind (a notification kind, or `digest`), that kind of mail alone; without one (older mails), all forum mail.
 *
 * - GET never changes anything (mail scanners and link previews open every link): it shows the member's state and
 *   a form that asks them to confirm with a button.
 * - POST to the same address changes it: the page's form (`intent=unsubscribe` or `intent=resubscribe`), or a mail
 *   client's RFC 8058 one-click request (`List-Unsubscribe=One-Click`, sent cross-site and without cookies, which
 *   is why this path is let through the site's Origin check: request-guard.server.ts).
 * - The token in the address is the whole credential: no session or cookie is read, so a forged cross-site post can
 *   do only what its sender could do with the token anyway.
 */
const ONE_CLICK = "One-Click";

/** The kind of mail the address names (null: all forum mail); an unknown kind is no kind at all. */
function addressed(request: Request) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  return { token: url.searchParams.get("token"), kind: isUnsubscribeKind(kind) ? kind : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, kind } = addressed(request);
  const member = await subscriptionByToken(token, kind);
  if (!member) return data({ status: "invalid" as const, token: null, kind }, { status: 400 });
  return { status: member.subscribed ? ("subscribed" as const) : ("unsubscribed" as const), token, kind };
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, kind } = addressed(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("List-Unsubscribe") === ONE_CLICK ? "unsubscribe" : form.get("intent");
  if (intent !== "unsubscribe" && intent !== "resubscribe") {
    return data({ status: "unclear" as const }, { status: 400 });
  }
  const member = await setSubscriptionByToken(token, kind, intent === "resubscribe");
  if (!member) return data({ status: "invalid" as const }, { status: 400 });
  return { status: intent === "resubscribe" ? ("resubscribed" as const) : ("unsubscribed" as const) };
}

type Status = "subscribed" | "unsubscribed" | "resubscribed" | "invalid" | "unclear";

/** The page's words for a kind of mail (null: all forum mail, what older mails' links stop). */
function texts(kind: UnsubscribeKind | null): Record<Status, { title: string; body: string }> {
  const what = kind ? `e-mails ${MAIL_KIND_TEXT[kind].what}` : "e-mails from the community forum";
  return {
    subscribed: kind
      ? { title: "Stop these e-mails?", body: `You get ${what}. Confirm to stop these e-mails.` }
      : {
          title: "Stop forum e-mails?",
          body: "You get e-mails from the community forum (replies to your topics, and what your settings ask for). Confirm to stop them all.",
        },
    unsubscribed: { title: "You are unsubscribed", body: `You will no longer get ${what}.` },
    resubscribed: { title: "Notifications on", body: `You will again get ${what}.` },
    invalid: {
      title: "Link not valid",
      body: "This unsubscribe link is not valid. You can choose your forum e-mails in your notification settings.",
    },
    unclear: {
      title: "Nothing was changed",
      body: "The request did not say whether to turn notifications off or on. Use the button below.",
    },
  };
}

export default function Unsubscribe() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const status = actionData?.status === "unclear" ? loaderData.status : (actionData?.status ?? loaderData.status);
  const text = texts(loaderData.kind)[actionData?.status === "unclear" ? "unclear" : status];
  const heading = useRef<HTMLHeadingElement>(null);
  // After a change made in the page (with JavaScript), the new heading is read out and has the focus.
  useEffect(() => {
    if (actionData) heading.current?.focus();
  }, [actionData]);
  const offer =
    status === "invalid"
      ? null
      : status === "unsubscribed"
        ? { intent: "resubscribe", label: "Turn notifications back on" }
        : { intent: "unsubscribe", label: "Unsubscribe" };
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <div role="status" aria-live="polite">
        <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl font-bold outline-none">
          {text.title}
        </h1>
        <p className="mt-4">{text.body}</p>
      </div>
      {offer && loaderData.token ? (
        <Form
          method="post"
          action={`/unsubscribe?token=${encodeURIComponent(loaderData.token)}${loaderData.kind ? `&kind=${loaderData.kind}` : ""}`}
          className="mt-6"
        >
          {/* a named field in the form itself: lynx sends a POST form without one as a GET */}
          <input type="hidden" name="intent" value={offer.intent} />
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className={
              offer.intent === "unsubscribe"
                ? "rounded bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900"
                : "rounded border border-cosmic px-4 py-2 text-cosmic"
            }
          >
            {offer.label}
          </button>
        </Form>
      ) : null}
      <p className="mt-8 flex justify-center gap-6">
        <Link to="/forum" className="text-cosmic underline">
          Back to Forum
        </Link>
        <Link to={MAIL_SETTINGS_PATH} className="text-cosmic underline">
          Notification settings
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: `Unsubscribe | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
