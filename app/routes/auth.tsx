import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { authTabHref, readAuthPageState, showsSentValue, signedInMayStay } from "~/accounts/auth-page";
import { AUTH_CONSTRAINTS, submitAuthForm } from "~/accounts/forms.server";
import { readSentValue } from "~/accounts/recovery-cookie.server";
import { getUser } from "~/accounts/session.server";
import { AccessDenied, TabLink } from "~/accounts/ui/auth-page-parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { onDemand } from "~/components/on-demand";
import { onUse } from "~/components/on-use";
import { guardedClientAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { clientIp, safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

// the tab's form hydrates on first use, the dialogs load when shown (decisions 107, 109)
const LoginForm = onUse(() => import("~/accounts/ui/auth-forms").then((m) => m.LoginForm));
const RegisterForm = onUse(() => import("~/accounts/ui/auth-forms").then((m) => m.RegisterForm));
const dialogs = () => import("~/accounts/ui/recovery-dialogs");
const ResetDialog = onDemand(() => dialogs().then((m) => m.ResetDialog));
const ResetSentDialog = onDemand(() => dialogs().then((m) => m.ResetSentDialog));
const RecoverUsernameDialog = onDemand(() => dialogs().then((m) => m.RecoverUsernameDialog));
const UsernameSentDialog = onDemand(() => dialogs().then((m) => m.UsernameSentDialog));
const CheckEmailDialog = onDemand(() => dialogs().then((m) => m.CheckEmailDialog));

export async function loader({ request }: LoaderFunctionArgs) {
  const state = readAuthPageState(new URL(request.url), (to) => safeRedirectPath(to, "") || null);
  const user = await getUser(request);
  // Signed-in members go to the forum, except to reset their password (the profile's "Change Password").
  if (user && !signedInMayStay(state.dialog)) throw redirect(safeRedirectPath(state.redirectTo, "/forum"));
  const sent = showsSentValue(state.dialog) ? await readSentValue(request) : null;
  return {
    ...state,
    signedInUsername: user?.username ?? null,
    sentValue: sent?.value ?? null,
    sentMail: sent?.mail ?? null,
    constraints: AUTH_CONSTRAINTS,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitAuthForm(request, clientIp(context));
}

/** With JavaScript a request that fails at the network level comes back as `{ intent, failure }`. */
export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function AuthPage() {
  const { tab, dialog, method, redirectTo, sentValue, sentMail, signedInUsername, constraints } =
    useLoaderData<typeof loader>();
  const closeTo = signedInUsername ? "/user-profile" : authTabHref(tab, redirectTo);
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-center font-serif text-4xl font-bold text-ink">Join Our Community</h1>
      {redirectTo && !signedInUsername ? <AccessDenied redirectTo={redirectTo} /> : null}

      {dialog === "reset" ? (
        <ResetDialog
          method={method}
          closeTo={closeTo}
          defaultUsername={signedInUsername}
          constraint={method === "email" ? constraints.resetByEmail : constraints.resetByUsername}
        />
      ) : null}
      {dialog === "reset-sent" ? <ResetSentDialog method={method} value={sentValue} closeTo={closeTo} /> : null}
      {dialog === "recover-username" ? (
        <RecoverUsernameDialog closeTo={closeTo} constraint={constraints.recoverUsername} />
      ) : null}
      {dialog === "username-sent" ? <UsernameSentDialog value={sentValue} closeTo={closeTo} /> : null}
      {dialog === "check-email" ? (
        <CheckEmailDialog value={sentValue} mail={sentMail} closeTo={authTabHref("signin", redirectTo)} />
      ) : null}

      {signedInUsername ? null : (
        <div className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm">
          <nav aria-label="Sign in or register" className="grid grid-cols-2 gap-2 rounded-lg bg-cosmic-light p-1">
            <TabLink href={authTabHref("signin", redirectTo)} current={tab === "signin"}>
              Sign In
            </TabLink>
            <TabLink href={authTabHref("register", redirectTo)} current={tab === "register"}>
              Register
            </TabLink>
          </nav>
          <div className="mt-6">
            {tab === "register" ? (
              <RegisterForm redirectTo={redirectTo} constraint={constraints.register} />
            ) : (
              <LoginForm redirectTo={redirectTo} constraint={constraints.login} />
            )}
          </div>
        </div>
      )}

      <p className="mt-6 flex justify-between text-sm">
        <Link to="/" className="text-cosmic underline">
          Back to Home
        </Link>
        <Link to="/privacy" className="text-cosmic underline">
          Privacy Policy
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Join Our Community",
    description: "Sign in or register to join the forum of the ten universal principles.",
    path: "/auth",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
