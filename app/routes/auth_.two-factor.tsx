import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { secondStepExpired, submitSecondStep, TWO_FACTOR_CONSTRAINTS } from "~/accounts/forms.server";
import { SECOND_STEP_PATH } from "~/accounts/two-factor";
import { readLoginChallenge } from "~/accounts/two-factor.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { onUse } from "~/components/on-use";
import { guardedClientAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { clientIp } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

// the forms hydrate on first use (decision 109)
const forms = () => import("~/accounts/ui/two-factor-forms");
const SignInCodeForm = onUse(() => forms().then((m) => m.SignInCodeForm));
const SignInRecoveryForm = onUse(() => forms().then((m) => m.SignInRecoveryForm));

/**
 * /auth/two-factor (decision 210): the second step of signing in to an account with a second factor, after the
 * right password. Only with a pending sign-in (the cookie the password step set, five minutes, used once); without
 * one, back to /auth. `?method=recovery` asks for a recovery code instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readLoginChallenge(request))) throw await secondStepExpired();
  const recovery = new URL(request.url).searchParams.get("method") === "recovery";
  return {
    recovery,
    constraint: recovery ? TWO_FACTOR_CONSTRAINTS.recoveryCode : TWO_FACTOR_CONSTRAINTS.code,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitSecondStep(request, clientIp(context));
}

export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function SecondStep() {
  const { recovery, constraint } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-center font-serif text-4xl font-bold text-ink">Two-factor authentication</h1>
      <p className="mt-4 text-center">Your password was right. One more step to sign in.</p>
      <div className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm">
        {recovery ? (
          <SignInRecoveryForm key="recovery" constraint={constraint} />
        ) : (
          <SignInCodeForm key="code" constraint={constraint} />
        )}
        <p className="mt-4 text-sm">
          {recovery ? (
            <Link to={SECOND_STEP_PATH} className="text-cosmic underline">
              Use the code from your authenticator app instead
            </Link>
          ) : (
            <Link to={`${SECOND_STEP_PATH}?method=recovery`} className="text-cosmic underline">
              Use a recovery code instead
            </Link>
          )}
        </p>
      </div>
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-cosmic underline">
          Start again with your password
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Two-factor Authentication",
    description: "Enter the code from your authenticator app to finish signing in.",
    path: SECOND_STEP_PATH,
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
