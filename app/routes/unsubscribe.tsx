import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notificationsByToken, setNotificationsByToken } from "~/forum/notifications.server";
import { SITE_NAME } from "~/site";

/**
 * /unsubscribe?token=…: the unsubscribe address of the reply notification mails (decisions 6 and 153).
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

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const member = await notificationsByToken(token);
  if (!member) return data({ status: "invalid" as const, token: null }, { status: 400 });
  return { status: member.forumNotifications ? ("subscribed" as const) : ("unsubscribed" as const), token };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("List-Unsubscribe") === ONE_CLICK ? "unsubscribe" : form.get("intent");
  if (intent !== "unsubscribe" && intent !== "resubscribe") {
    return data({ status: "unclear" as const }, { status: 400 });
  }
  const member = await setNotificationsByToken(token, intent === "resubscribe");
  if (!member) return data({ status: "invalid" as const }, { status: 400 });
  return { status: intent === "resubscribe" ? ("resubscribed" as const) : ("unsubscribed" as const) };
}

const TEXTS = {
  subscribed: {
    title: "Stop reply e-mails?",
    body: "You get an e-mail when someone replies to a forum topic you started. Confirm to stop these e-mails.",
  },
  unsubscribed: {
    title: "You are unsubscribed",
    body: "You will no longer get e-mails when someone replies to your forum topics.",
  },
  resubscribed: {
    title: "Notifications on",
    body: "You will again get an e-mail when someone replies to your topics.",
  },
  invalid: {
    title: "Link not valid",
    body: "This unsubscribe link is not valid. You can change notifications on your profile.",
  },
  unclear: {
    title: "Nothing was changed",
    body: "The request did not say whether to turn notifications off or on. Use the button below.",
  },
} as const;

export default function Unsubscribe() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const status = actionData?.status === "unclear" ? loaderData.status : (actionData?.status ?? loaderData.status);
  const text = TEXTS[actionData?.status === "unclear" ? "unclear" : status];
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
        <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(loaderData.token)}`} className="mt-6">
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
      <p className="mt-8">
        <Link to="/forum" className="text-cosmic underline">
          Back to Forum
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
