import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { confirmRecentAuth, RECENT_AUTH_MINUTES } from "~/accounts/reauth.server";
import { requireSession } from "~/accounts/session.server";
import { hasTwoFactor } from "~/accounts/two-factor.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FormAnswer } from "~/components/form-answer";
import { safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /confirm-password?returnTo=… (decision 164): the password again before an admin function; then back to where
 * the member was going. A plain form: it works without JavaScript and in text browsers. A refusal is the site's form
 * answer (decision 250), its message in `error`.
 */
const INTENT = "confirm-password";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireSession(request);
  return {
    username: user.username,
    returnTo: safeRedirectPath(new URL(request.url).searchParams.get("returnTo")),
    // an account with a second factor gives a code too (decision 210)
    needsCode: await hasTwoFactor(user.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const current = await requireSession(request);
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const code = String(form.get("code") ?? "");
  const returnTo = safeRedirectPath(form.get("returnTo"));
  const refused = (error: string, status = 400) => data<FormAnswer>({ intent: INTENT, error }, { status });
  if (!password) return refused("Enter your password.");
  const outcome = await confirmRecentAuth({ sessionId: current.id, user: current.user, password, code });
  if (!outcome.ok) return refused(outcome.error, outcome.status);
  return redirect(returnTo);
}

export default function ConfirmPassword() {
  const { username, returnTo, needsCode } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // the action's one error is about the password and the code alike: both fields point at it
  const errorProps = answer?.error ? { "aria-invalid": true, "aria-describedby": "confirm-password-error" } : {};
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-ink">Confirm your password</h1>
      <p className="mt-4">
        Admin functions ask for your password again when you last entered it more than {RECENT_AUTH_MINUTES} minutes
        ago. You are signed in as <strong>{username}</strong>.
        {needsCode ? " Your account has two-factor authentication: give a current code as well." : null}
      </p>
      {answer?.error ? (
        <p
          id="confirm-password-error"
          role="alert"
          className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-900"
        >
          {answer.error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="returnTo" value={returnTo} />
        <div>
          <label htmlFor="confirm-password" className="block font-semibold">
            Password
          </label>
          <input
            id="confirm-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            {...errorProps}
            className="mt-1 w-full rounded border border-violet-300 px-3 py-2"
          />
        </div>
        {needsCode ? (
          <div>
            <label htmlFor="confirm-code" className="block font-semibold">
              Code from your authenticator app (or a recovery code)
            </label>
            <input
              id="confirm-code"
              name="code"
              type="text"
              autoComplete="one-time-code"
              required
              {...errorProps}
              className="mt-1 w-full rounded border border-violet-300 px-3 py-2"
            />
          </div>
        ) : null}
        <button type="submit" className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
          Confirm
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirm Your Password",
    description: "Enter your password again to use an admin function.",
    path: "/confirm-password",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
