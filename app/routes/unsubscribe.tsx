import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { setNotificationsByToken } from "~/forum/notifications.server";

/**
 * /unsubscribe?token=…: the one-click link of the reply notification mails (decision 6). Opening it turns the
 * notifications off; a POST to the same address does the same for mail clients (RFC 8058, List-Unsubscribe=
 * One-Click). The page offers to turn them back on, in case the link was opened by mistake.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  // The "turn back on" form posts to ?resubscribe=1: rendering that address must not unsubscribe again.
  if (url.searchParams.has("resubscribe")) return { status: "confirm" as const, token };
  const member = await setNotificationsByToken(token, false);
  if (!member) return data({ status: "invalid" as const, token: null }, { status: 400 });
  return { status: "unsubscribed" as const, token };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => new FormData());
  const resubscribe = form.get("intent") === "resubscribe" && new URL(request.url).searchParams.has("resubscribe");
  const member = await setNotificationsByToken(token, resubscribe);
  if (!member) return data({ status: "invalid" as const }, { status: 400 });
  return { status: resubscribe ? ("resubscribed" as const) : ("unsubscribed" as const) };
}

export default function Unsubscribe() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const status = actionData?.status ?? loaderData.status;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      {status === "invalid" ? (
        <>
          <h1 className="font-serif text-3xl font-bold">Link not valid</h1>
          <p className="mt-4">This unsubscribe link is not valid. You can change notifications on your profile.</p>
        </>
      ) : status === "resubscribed" ? (
        <>
          <h1 className="font-serif text-3xl font-bold">Notifications on</h1>
          <p className="mt-4">You will again get an e-mail when someone replies to your topics.</p>
        </>
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold">
            {status === "confirm" ? "Forum notifications" : "You are unsubscribed"}
          </h1>
          <p className="mt-4">
            {status === "confirm"
              ? "Get an e-mail again when someone replies to your forum topics?"
              : "You will no longer get e-mails when someone replies to your forum topics."}
          </p>
          {loaderData.token ? (
            <Form
              method="post"
              action={`/unsubscribe?token=${encodeURIComponent(loaderData.token)}&resubscribe=1`}
              className="mt-6"
            >
              <input type="hidden" name="intent" value="resubscribe" />
              <button type="submit" className="rounded border border-cosmic px-4 py-2 text-cosmic">
                Turn notifications back on
              </button>
            </Form>
          ) : null}
        </>
      )}
      <p className="mt-8">
        <Link to="/forum" className="text-cosmic underline">
          Back to Forum
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Unsubscribe | Numerology Ontology" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
