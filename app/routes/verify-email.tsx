import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { peekEmailVerificationToken, verifyEmailToken } from "~/accounts/email.server";
import { getUserId } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * The verification link of the mail (`/verify-email?token=…`): single use, valid 24 hours (decision 295).
 *
 * - GET never verifies (mail scanners and link previews open every link): it reads the link's state and shows a
 *   "Confirm my email address" button, a plain form POST to the same address (as /unsubscribe, decision 153).
 * - POST verifies. The page reads the session (to offer the profile link), so it keeps the site's Origin check.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [state, userId] = await Promise.all([peekEmailVerificationToken(token), getUserId(request)]);
  const result = state === "pending" ? ("pending" as const) : state;
  return data({ result, token: state === "pending" ? token : null, signedIn: userId !== null });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [result, userId] = await Promise.all([verifyEmailToken(token), getUserId(request)]);
  return data({ result, signedIn: userId !== null }, { status: result === "verified" ? 200 : 400 });
}

const TEXT = {
  pending: {
    title: "Confirm your email address",
    body: "Press the button to confirm that this email address is yours.",
  },
  verified: { title: "Email Verified", body: "Thank you: your email address is confirmed." },
  expired: {
    title: "Verification Link Expired",
    body: "This verification link has expired. Request a new one from your profile.",
  },
  taken: {
    title: "Address Already Confirmed",
    body: "This email address is already confirmed on another account. Sign in to that account, or add a different address to this one from your profile.",
  },
  invalid: {
    title: "Invalid Verification Link",
    body: "This verification link is not valid or has already been used.",
  },
} as const;

export default function VerifyEmail() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const result = actionData?.result ?? loaderData.result;
  const signedIn = actionData?.signedIn ?? loaderData.signedIn;
  const text = TEXT[result];
  const heading = useRef<HTMLHeadingElement>(null);
  // After the confirmation made in the page (with JavaScript), the new heading is read out and has the focus.
  useEffect(() => {
    if (actionData) heading.current?.focus();
  }, [actionData]);
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <div role={result === "pending" || result === "verified" ? "status" : "alert"} aria-live="polite">
        <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl font-bold text-ink outline-none">
          {text.title}
        </h1>
        <p className="mt-4 text-lg">{text.body}</p>
      </div>
      {result === "pending" && loaderData.token ? (
        <Form method="post" action={`/verify-email?token=${encodeURIComponent(loaderData.token)}`} className="mt-6">
          {/* a named field in the form itself: lynx sends a POST form without one as a GET */}
          <input type="hidden" name="intent" value="verify" />
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="rounded bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900"
          >
            Confirm my email address
          </button>
        </Form>
      ) : null}
      <p className="mt-8 flex justify-center gap-6">
        {signedIn ? (
          <Link to="/user-profile" className="text-cosmic underline">
            Go to your profile
          </Link>
        ) : (
          <Link to="/auth" className="text-cosmic underline">
            Sign In
          </Link>
        )}
        <Link to="/forum" className="text-cosmic underline">
          Visit the forum
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Verify Email",
    description: "Confirm your email address.",
    path: "/verify-email",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
