import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RESET_PASSWORD_CONSTRAINT, submitNewPassword } from "~/accounts/forms.server";
import { isResetTokenUsable } from "~/accounts/recovery.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { onUse } from "~/components/on-use";
import { originFromMatches, pageMeta } from "~/utils/meta";

const ResetPasswordForm = onUse(() => import("~/accounts/ui/reset-password-form").then((m) => m.ResetPasswordForm));

/** The reset link of the mail (`/reset-password?token=…`): a new password twice, then the member is signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(token), constraint: RESET_PASSWORD_CONSTRAINT };
}

export async function action({ request }: ActionFunctionArgs) {
  return submitNewPassword(request);
}

export default function ResetPasswordPage() {
  const { token, usable, constraint } = useLoaderData<typeof loader>();
  // a refused new password answers the form (decision 250): the form stays, with its errors
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-ink">Choose a New Password</h1>
      {usable || answer ? (
        <ResetPasswordForm token={token} constraint={constraint} />
      ) : (
        <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <p role="alert">This password reset link is invalid or has expired. Please request a new one.</p>
          <p className="mt-4">
            <Link to="/auth?dialog=reset&method=email" className="text-cosmic underline">
              Request a new reset link
            </Link>
          </p>
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-cosmic underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reset Password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
