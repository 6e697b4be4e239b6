import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { authTabHref, readAuthPageState, readResetMethod, showsSentValue, signedInMayStay } from "~/accounts/auth-page";
import { authenticateForm } from "~/accounts/auth.server";
import { authConstraints } from "~/accounts/constraints.server";
import type { AccountFailure } from "~/accounts/errors";
import { readSentValue, serializeSentValue, type SentValue } from "~/accounts/recovery-cookie.server";
import {
  requestPasswordResetByEmail,
  requestPasswordResetByUsername,
  sendUsernameReminder,
} from "~/accounts/recovery.server";
import { registerMember } from "~/accounts/registration.server";
import {
  forgotPasswordByEmailSchema,
  forgotPasswordByUsernameSchema,
  forgotUsernameSchema,
  loginSchema,
  registerSchema,
} from "~/accounts/schemas";
import { createUserSession, getUser } from "~/accounts/session.server";
import { AccessDenied, LoginForm, RegisterForm, TabLink } from "~/accounts/ui/auth-forms";
import {
  CheckEmailDialog,
  RecoverUsernameDialog,
  ResetDialog,
  ResetSentDialog,
  UsernameSentDialog,
} from "~/accounts/ui/recovery-dialogs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE, honeypotFilled } from "~/components/honeypot";
import { guardedClientAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { publicOrigin } from "~/utils/env.server";
import { clientIp, safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

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
    constraints: authConstraints,
  };
}

const hidePasswords = { hideFields: ["password"] };

/** A refused submission: Conform's reply with the domain's message (under its field when it names one). */
function refused(intent: string, submission: Submission<unknown>, failure?: AccountFailure, field = failure?.field) {
  if (!failure) return data({ intent, result: submission.reply(hidePasswords) }, { status: 400 });
  const errors = field ? { fieldErrors: { [field]: [failure.error] } } : { formErrors: [failure.error] };
  return data({ intent, result: submission.reply({ ...errors, ...hidePasswords }) }, { status: failure.status });
}

async function sentRedirect(to: string, value: SentValue) {
  return redirect(to, { headers: { "Set-Cookie": await serializeSentValue(value) } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The form strategy reads the body itself: parse a clone here.
  const formData = await request.clone().formData();
  const intent = String(formData.get("intent") ?? "");
  const ip = clientIp(context);
  const origin = publicOrigin();

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const result = await authenticateForm(request, ip);
    if (!result.ok) return refused(intent, submission, result);
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo, "/forum"),
      { title: "Welcome back!", description: "You have successfully signed in.", type: "success" },
      { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
    );
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
      return refused(intent, submission, { ok: false, status: 400, error: HONEYPOT_MESSAGE });
    }
    if (submission.status !== "success") return refused(intent, submission);
    const { username, email, password, redirectTo } = submission.value;
    const result = await registerMember({ username, email, password, ip, origin });
    if (!result.ok) return refused(intent, submission, result);
    if (result.requiresEmailVerification) {
      const description =
        "We've sent you a confirmation link to complete your registration. Check your spam folder if you don't see it.";
      return redirectWithToast(
        "/auth?dialog=check-email",
        { title: "Check your email!", description, type: "success" },
        { headers: { "Set-Cookie": await serializeSentValue({ kind: "email", value: email }) } },
      );
    }
    return redirectWithToast(
      safeRedirectPath(redirectTo, "/forum"),
      {
        title: "Welcome to the community!",
        description: "Your account has been created successfully.",
        type: "success",
      },
      { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
    );
  }

  if (intent === "forgot-password" && readResetMethod(formData.get("method")) === "email") {
    const submission = parseWithZod(formData, { schema: forgotPasswordByEmailSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const { email } = submission.value;
    const result = await requestPasswordResetByEmail({ email, ip, origin });
    if (!result.ok) return refused(intent, submission, result, "email");
    return sentRedirect("/auth?dialog=reset-sent&method=email", { kind: "email", value: email });
  }

  if (intent === "forgot-password") {
    const submission = parseWithZod(formData, { schema: forgotPasswordByUsernameSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const { username } = submission.value;
    const result = await requestPasswordResetByUsername({ username, ip, origin });
    if (!result.ok) return refused(intent, submission, result, "username");
    return sentRedirect("/auth?dialog=reset-sent&method=username", { kind: "username", value: username });
  }

  if (intent === "forgot-username") {
    const submission = parseWithZod(formData, { schema: forgotUsernameSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const { email } = submission.value;
    const result = await sendUsernameReminder({ email, ip, origin });
    if (!result.ok) return refused(intent, submission, result, "email");
    return sentRedirect("/auth?dialog=username-sent", { kind: "email", value: email });
  }

  throw new Response("Unknown form action.", { status: 400 });
}

/** With JavaScript a request that fails at the network level comes back as `{ intent, failure }`. */
export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function AuthPage() {
  const { tab, dialog, method, redirectTo, sentValue, signedInUsername, constraints } = useLoaderData<typeof loader>();
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
        <CheckEmailDialog value={sentValue} closeTo={authTabHref("signin", redirectTo)} />
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
