import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { authenticateForm } from "~/accounts/auth.server";
import { readSentValue, serializeSentValue } from "~/accounts/recovery-cookie.server";
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
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { RouteDialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE, HoneypotField, honeypotFilled } from "~/components/honeypot";
import { useToast } from "~/components/toaster";
import { guardedClientAction, shouldRevalidateAfterFailure, submitFailure } from "~/utils/client-action";
import { publicOrigin } from "~/utils/env.server";
import { clientIp, combineHeaders, safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

const DIALOGS = ["reset", "reset-sent", "recover-username", "username-sent", "check-email"] as const;
type Dialog = (typeof DIALOGS)[number];
type Method = "email" | "username";

function readState(url: URL) {
  const dialogParam = url.searchParams.get("dialog");
  const dialog = (DIALOGS as readonly string[]).includes(dialogParam ?? "") ? (dialogParam as Dialog) : null;
  const method: Method = url.searchParams.get("method") === "username" ? "username" : "email";
  const tab = url.searchParams.get("tab") === "register" ? "register" : "signin";
  const redirectTo = url.searchParams.get("redirectTo");
  return { dialog, method, tab, redirectTo: redirectTo ? safeRedirectPath(redirectTo, "") || null : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = readState(url);
  const user = await getUser(request);
  // Signed-in members go to the forum, except to reset their password (the profile's "Change Password").
  if (user && state.dialog !== "reset" && state.dialog !== "reset-sent") {
    throw redirect(safeRedirectPath(state.redirectTo, "/forum"));
  }
  const sent = state.dialog?.endsWith("-sent") || state.dialog === "check-email" ? await readSentValue(request) : null;
  return {
    ...state,
    signedInUsername: user?.username ?? null,
    sentValue: sent?.value ?? null,
  };
}

const hidePasswords = { hideFields: ["password"] };

export async function action({ request, context }: ActionFunctionArgs) {
  // The form strategy reads the body itself: parse a clone here.
  const formData = await request.clone().formData();
  const intent = String(formData.get("intent") ?? "");
  const ip = clientIp(context);
  const origin = publicOrigin();

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(hidePasswords) }, { status: 400 });
    }
    const result = await authenticateForm(request, ip);
    if (!result.ok) {
      return data(
        { intent, result: submission.reply({ formErrors: [result.error], ...hidePasswords }) },
        { status: result.status },
      );
    }
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo, "/forum"),
      { title: "Welcome back!", description: "You have successfully signed in.", type: "success" },
      { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
    );
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
      return data(
        { intent, result: submission.reply({ formErrors: [HONEYPOT_MESSAGE], ...hidePasswords }) },
        { status: 400 },
      );
    }
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(hidePasswords) }, { status: 400 });
    }
    const { username, email, password, redirectTo } = submission.value;
    const result = await registerMember({ username, email, password, ip, origin });
    if (!result.ok) {
      const reply = result.field
        ? submission.reply({ fieldErrors: { [result.field]: [result.error] }, ...hidePasswords })
        : submission.reply({ formErrors: [result.error], ...hidePasswords });
      return data({ intent, result: reply }, { status: result.status });
    }
    if (result.requiresEmailVerification) {
      return redirectWithToast(
        "/auth?dialog=check-email",
        {
          title: "Check your email!",
          description:
            "We've sent you a confirmation link to complete your registration. Check your spam folder if you don't see it.",
          type: "success",
        },
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

  if (intent === "forgot-password") {
    const method: Method = formData.get("method") === "username" ? "username" : "email";
    if (method === "email") {
      const submission = parseWithZod(formData, { schema: forgotPasswordByEmailSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const result = await requestPasswordResetByEmail({ email: submission.value.email, ip, origin });
      if (!result.ok)
        return data(
          { intent, result: submission.reply({ fieldErrors: { email: [result.error] } }) },
          { status: result.status },
        );
      return sentRedirect("/auth?dialog=reset-sent&method=email", { kind: "email", value: submission.value.email });
    }
    const submission = parseWithZod(formData, { schema: forgotPasswordByUsernameSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await requestPasswordResetByUsername({ username: submission.value.username, ip, origin });
    if (!result.ok)
      return data(
        { intent, result: submission.reply({ fieldErrors: { username: [result.error] } }) },
        { status: result.status },
      );
    return sentRedirect("/auth?dialog=reset-sent&method=username", {
      kind: "username",
      value: submission.value.username,
    });
  }

  if (intent === "forgot-username") {
    const submission = parseWithZod(formData, { schema: forgotUsernameSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await sendUsernameReminder({ email: submission.value.email, ip, origin });
    if (!result.ok)
      return data(
        { intent, result: submission.reply({ fieldErrors: { email: [result.error] } }) },
        { status: result.status },
      );
    return sentRedirect("/auth?dialog=username-sent", { kind: "email", value: submission.value.email });
  }

  throw new Response("Unknown form action.", { status: 400 });
}

async function sentRedirect(to: string, value: Parameters<typeof serializeSentValue>[0]) {
  return redirect(to, { headers: combineHeaders({ "Set-Cookie": await serializeSentValue(value) }) });
}

/** With JavaScript a request that fails at the network level comes back as `{ intent, failure }`. */
export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

export const NETWORK_FAILURE_MESSAGE = "An error occurred. Please try again.";

/**
 * The last server answer for this form. A network failure (JavaScript only) becomes the spec's
 * 'An error occurred. Please try again.' under the form's `field` (the forgot flows, spec section 8).
 */
function useResult(intent: string, field?: string) {
  const actionData = useActionData<typeof action>();
  // memoised: Conform applies each new lastResult object once
  return useMemo(() => {
    if (field && submitFailure(actionData, intent)) {
      return { status: "error" as const, error: { [field]: [NETWORK_FAILURE_MESSAGE] } };
    }
    return actionData && actionData.intent === intent && "result" in actionData ? actionData.result : undefined;
  }, [actionData, intent, field]);
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** With JavaScript, a failed sign-in or registration also raises the spec's toast. */
function useFailureToast(intent: string, title: string, fallback: string) {
  const actionData = useActionData<typeof action>();
  const { show } = useToast();
  useEffect(() => {
    if (!actionData || actionData.intent !== intent) return;
    const result = actionData.result;
    const errors = (result.error ?? {}) as Record<string, string[] | null | undefined>;
    const message = errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
    show({ title, description: message ?? fallback, type: "error" });
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
}

function hrefWith(params: Record<string, string | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `/auth?${query}` : "/auth";
}

export default function AuthPage() {
  const { tab, dialog, method, redirectTo, sentValue, signedInUsername } = useLoaderData<typeof loader>();
  const tabHref = (next: string) => hrefWith({ tab: next === "register" ? "register" : null, redirectTo });
  const closeTo = signedInUsername ? "/user-profile" : tabHref(tab);
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-center font-serif text-4xl font-bold text-ink">Join Our Community</h1>
      {redirectTo && !signedInUsername ? <AccessDenied redirectTo={redirectTo} /> : null}

      {dialog === "reset" ? <ResetDialog method={method} closeTo={closeTo} defaultUsername={signedInUsername} /> : null}
      {dialog === "reset-sent" ? <ResetSentDialog method={method} value={sentValue} closeTo={closeTo} /> : null}
      {dialog === "recover-username" ? <RecoverUsernameDialog closeTo={closeTo} /> : null}
      {dialog === "username-sent" ? <UsernameSentDialog value={sentValue} closeTo={closeTo} /> : null}
      {dialog === "check-email" ? <CheckEmailDialog value={sentValue} closeTo={tabHref("signin")} /> : null}

      {signedInUsername ? null : (
        <div className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm">
          <nav aria-label="Sign in or register" className="grid grid-cols-2 gap-2 rounded-lg bg-cosmic-light p-1">
            <TabLink href={tabHref("signin")} current={tab === "signin"}>
              Sign In
            </TabLink>
            <TabLink href={tabHref("register")} current={tab === "register"}>
              Register
            </TabLink>
          </nav>
          <div className="mt-6">
            {tab === "register" ? <RegisterForm redirectTo={redirectTo} /> : <LoginForm redirectTo={redirectTo} />}
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

function TabLink({ href, current, children }: { href: string; current: boolean; children: string }) {
  return (
    <Link
      to={href}
      aria-current={current ? "page" : undefined}
      preventScrollReset
      className={`rounded-md px-3 py-2 text-center font-medium ${current ? "bg-white text-cosmic shadow" : "text-ink"}`}
    >
      {children}
    </Link>
  );
}

function AccessDenied({ redirectTo }: { redirectTo: string }) {
  const profile = redirectTo.startsWith("/user-profile");
  return (
    <section
      aria-labelledby="access-denied"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="access-denied" className="font-semibold">
        Access Denied
      </h2>
      <p className="mt-1 text-sm">
        {profile ? "You must be logged in to view your profile" : "You must be logged in to view this page"}.{" "}
        <a href="#login-username" className="underline">
          Sign In
        </a>
      </p>
    </section>
  );
}

function LoginForm({ redirectTo }: { redirectTo: string | null }) {
  const lastResult = useResult("login");
  const busy = useBusy("login");
  useFailureToast("login", "Login failed", "Please check your credentials and try again.");
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="login-heading">
      <h2 id="login-heading" className="font-serif text-2xl font-bold">
        Sign In
      </h2>
      <ErrorSummary
        form={form}
        title="Login failed"
        fields={[fields.username, fields.password]}
        resultKey={lastResult}
      />
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField meta={fields.username} label="Username or email" autoComplete="username" />
      <TextField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <SubmitButton busy={busy} busyLabel="Signing in...">
        Sign In
      </SubmitButton>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link
          to={hrefWith({ dialog: "reset", method: "email", redirectTo })}
          preventScrollReset
          className="text-cosmic underline"
        >
          Forgot password?
        </Link>
        <Link
          to={hrefWith({ dialog: "recover-username", redirectTo })}
          preventScrollReset
          className="text-cosmic underline"
        >
          Forgot username?
        </Link>
      </p>
    </Form>
  );
}

function RegisterForm({ redirectTo }: { redirectTo: string | null }) {
  const lastResult = useResult("register");
  const busy = useBusy("register");
  useFailureToast("register", "Registration failed", "Please try again with different credentials.");
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(registerSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="register-heading">
      <h2 id="register-heading" className="font-serif text-2xl font-bold">
        Register
      </h2>
      <ErrorSummary
        form={form}
        title="Registration failed"
        fields={[fields.username, fields.email, fields.password]}
        resultKey={lastResult}
      />
      <input type="hidden" name="intent" value="register" />
      <HoneypotField formId="register" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField
        meta={fields.username}
        label="Username"
        autoComplete="username"
        hint="6-20 characters: letters, numbers, underscores and hyphens, with at least one letter. It cannot be changed later."
      />
      <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="8-16 characters with letters and numbers; symbols !@#$%^&*()_+-=[]{}|;:,.<>? are allowed."
      />
      <SubmitButton busy={busy} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </Form>
  );
}

function ResetDialog({
  method,
  closeTo,
  defaultUsername,
}: {
  method: Method;
  closeTo: string;
  defaultUsername: string | null;
}) {
  const lastResult = useResult("forgot-password", method === "email" ? "email" : "username");
  const busy = useBusy("forgot-password");
  const schema = method === "email" ? forgotPasswordByEmailSchema : forgotPasswordByUsernameSchema;
  const [form, fields] = useForm({
    id: `reset-${method}`,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: defaultUsername ? { username: defaultUsername } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [params] = useSearchParams();
  const methodHref = (next: Method) => {
    const search = new URLSearchParams(params);
    search.set("method", next);
    return `/auth?${search.toString()}`;
  };
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  return (
    <RouteDialog
      id="reset-dialog"
      title="Reset Your Password"
      closeTo={closeTo}
      description={
        method === "email"
          ? "Enter the email address of your account and we'll send you a link to reset your password."
          : "Enter your username and we'll send a reset link to the email address on your account."
      }
    >
      <nav aria-label="Reset method" className="grid grid-cols-2 gap-2 rounded-lg bg-cosmic-light p-1 text-sm">
        <TabLink href={methodHref("email")} current={method === "email"}>
          Use Email
        </TabLink>
        <TabLink href={methodHref("username")} current={method === "username"}>
          Use Username
        </TabLink>
      </nav>
      <Form method="post" {...getFormProps(form)} className="space-y-4" key={method}>
        <ErrorSummary
          form={form}
          title="We could not send the link"
          fields={[method === "email" ? f.email! : f.username!]}
          resultKey={lastResult}
        />
        <input type="hidden" name="intent" value="forgot-password" />
        <input type="hidden" name="method" value={method} />
        {method === "email" ? (
          <TextField meta={f.email as never} label="Email" type="email" autoComplete="email" />
        ) : (
          <TextField meta={f.username as never} label="Username" autoComplete="username" />
        )}
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </Form>
    </RouteDialog>
  );
}

function ResendForm({
  intent,
  method,
  name,
  value,
  label,
}: {
  intent: string;
  method?: Method;
  name: string;
  value: string;
  label: string;
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post" replace preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {method ? <input type="hidden" name="method" value={method} /> : null}
      <input type="hidden" name={name} value={value} />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md border border-cosmic px-4 py-2 font-semibold text-cosmic hover:bg-cosmic-light disabled:opacity-60"
      >
        {busy ? "Sending..." : label}
      </button>
    </Form>
  );
}

function GotIt({ to }: { to: string }) {
  return (
    <Link to={to} replace className="block w-full rounded-md bg-cosmic px-4 py-2 text-center font-semibold text-white">
      Got it
    </Link>
  );
}

function ResetSentDialog({ method, value, closeTo }: { method: Method; value: string | null; closeTo: string }) {
  return (
    <RouteDialog id="reset-sent" title="Password Reset Link Sent" closeTo={closeTo}>
      {value ? (
        <p>
          {method === "email" ? (
            <>
              If an account uses <strong>{value}</strong>, we've sent a link to reset its password.
            </>
          ) : (
            <>
              If the account <strong>{value}</strong> has an email address on file, we've sent it a link to reset the
              password.
            </>
          )}{" "}
          The link expires in 1 hour.
        </p>
      ) : (
        <p>If the account exists, we've sent a link to reset its password. The link expires in 1 hour.</p>
      )}
      <p className="text-sm">Check your spam folder if you don't see it.</p>
      <div className="grid gap-2">
        <GotIt to={closeTo} />
        {value ? (
          <ResendForm
            intent="forgot-password"
            method={method}
            name={method === "email" ? "email" : "username"}
            value={value}
            label="Resend Email"
          />
        ) : null}
      </div>
    </RouteDialog>
  );
}

function RecoverUsernameDialog({ closeTo }: { closeTo: string }) {
  const lastResult = useResult("forgot-username", "email");
  const busy = useBusy("forgot-username");
  const [form, fields] = useForm({
    id: "recover-username",
    lastResult,
    constraint: getZodConstraint(forgotUsernameSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotUsernameSchema }),
  });
  return (
    <RouteDialog
      id="recover-username-dialog"
      title="Recover Your Username"
      closeTo={closeTo}
      description="Enter the email address of your account and we'll send you your username."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <ErrorSummary
          form={form}
          title="We could not send the reminder"
          fields={[fields.email]}
          resultKey={lastResult}
        />
        <input type="hidden" name="intent" value="forgot-username" />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Username
        </SubmitButton>
      </Form>
    </RouteDialog>
  );
}

function UsernameSentDialog({ value, closeTo }: { value: string | null; closeTo: string }) {
  return (
    <RouteDialog id="username-sent" title="Username Reminder Sent" closeTo={closeTo}>
      <p>
        {value ? (
          <>
            If an account uses <strong>{value}</strong>, we've sent its username to that address.
          </>
        ) : (
          "If an account uses that address, we've sent its username to it."
        )}
      </p>
      <p className="text-sm">Check your spam folder if you don't see it.</p>
      <div className="grid gap-2">
        <GotIt to={closeTo} />
        {value ? <ResendForm intent="forgot-username" name="email" value={value} label="Resend Email" /> : null}
      </div>
    </RouteDialog>
  );
}

function CheckEmailDialog({ value, closeTo }: { value: string | null; closeTo: string }) {
  return (
    <RouteDialog id="check-email" title="Check Your Email" closeTo={closeTo}>
      <p>
        We've sent a confirmation link to {value ? <strong>{value}</strong> : "your email address"}. Open it to complete
        your registration.
      </p>
      <p className="text-sm">If you don't see it within a few minutes:</p>
      <ul className="list-disc pl-5 text-sm">
        <li>check your spam or junk folder,</li>
        <li>look in the Promotions and Social tabs,</li>
        <li>search All Mail for the message.</li>
      </ul>
      <GotIt to={closeTo} />
    </RouteDialog>
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
