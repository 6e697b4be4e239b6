import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { addEmail, changeEmail, issueEmailVerification } from "~/accounts/email.server";
import { addEmailSchema, CHANGE_EMAIL_MESSAGE, changeEmailSchema, CURRENT_PASSWORD_MESSAGE } from "~/accounts/schemas";
import {
  endMemberSessions,
  listMemberSessions,
  requireSession,
  signedOutOthersMessage,
} from "~/accounts/session.server";
import type { SignedInBrowser } from "~/accounts/session.server";
import { LogoutForm } from "~/accounts/ui/logout-form";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { useToast } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { guardedClientAction, shouldRevalidateAfterFailure, submitFailure } from "~/utils/client-action";
import { publicOrigin } from "~/utils/env.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { id: sessionId, user } = await requireSession(request);
  return {
    browsers: await listMemberSessions({ userId: user.id, currentSessionId: sessionId }),
    user: {
      username: user.username,
      email: user.email,
      isEmailVerified: user.isEmailVerified,
      createdAt: new Date(user.createdAt).toISOString(),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { id: sessionId, user } = await requireSession(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const origin = publicOrigin();

  if (intent === "add-email") {
    const submission = parseWithZod(formData, { schema: addEmailSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await addEmail({ userId: user.id, email: submission.value.email, origin });
    if (!result.ok) {
      return data({ intent, result: submission.reply({ formErrors: [result.error] }) }, { status: result.status });
    }
    return redirectWithToast("/user-profile", {
      title: "Email added",
      description: `We've sent a verification link to ${result.user.email}.`,
      type: "success",
    });
  }

  if (intent === "change-email") {
    const submission = parseWithZod(formData, { schema: changeEmailSchema });
    const hideFields = ["currentPassword"];
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    const result = await changeEmail({ userId: user.id, sessionId, ...submission.value, origin });
    if (!result.ok) {
      const reply = result.field
        ? submission.reply({ fieldErrors: { [result.field]: [result.error] }, hideFields })
        : submission.reply({ formErrors: [result.error], hideFields });
      return data({ intent, result: reply }, { status: result.status });
    }
    return redirectWithToast("/user-profile", {
      title: "Email updated",
      description: `Your email address has been updated successfully. We've sent a verification link to ${result.user.email}.`,
      type: "success",
    });
  }

  if (intent === "resend-verification") {
    const result = await issueEmailVerification({ userId: user.id, origin });
    if (!result.ok)
      return data(
        { intent, result: { status: "error" as const, error: { "": [result.error] } } },
        { status: result.status },
      );
    return redirectWithToast("/user-profile", {
      title: "Verification email sent",
      description: `We've sent a new verification link to ${user.email}.`,
      type: "success",
    });
  }

  if (intent === "sign-out-others") {
    const ended = await endMemberSessions({ userId: user.id, exceptSessionId: sessionId });
    return redirectWithToast("/user-profile", {
      title: "Signed out of other devices",
      description: signedOutOthersMessage(ended),
      type: "success",
    });
  }

  throw new Response("Unknown form action.", { status: 400 });
}

/** With JavaScript a network failure comes back as `{ intent, failure }` (see ~/utils/client-action). */
export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

type ActionData =
  { intent: string; result: { error?: Record<string, string[] | null> | null } } | { intent: string; failure: unknown };

function useResult(intent: string) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return actionData && actionData.intent === intent && "result" in actionData
    ? (actionData.result as SubmissionResult<string[]>)
    : undefined;
}

type Errors = Record<string, string[] | null | undefined>;

/**
 * The change-e-mail form's titles (spec section 5): a missing '@' is 'Invalid email', a blank current password is
 * 'Password required'; anything else the server refuses is 'Update failed'.
 */
export function changeEmailErrorTitle(errors: Errors): string {
  if (errors.newEmail?.includes(CHANGE_EMAIL_MESSAGE)) return "Invalid email";
  if (errors.currentPassword?.includes(CURRENT_PASSWORD_MESSAGE)) return "Password required";
  return "Update failed";
}

function firstError(errors: Errors) {
  return errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
}

function useFailureToast(
  intent: string,
  title: (errors: Errors) => string,
  fallback: string,
  network: { title: string; description: string },
) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { show } = useToast();
  useEffect(() => {
    if (!actionData || actionData.intent !== intent) return;
    if (submitFailure(actionData)) {
      show({ ...network, type: "error" });
      return;
    }
    const errors = ("result" in actionData ? (actionData.result.error ?? {}) : {}) as Errors;
    show({ title: title(errors), description: firstError(errors) ?? fallback, type: "error" });
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
  timeZoneName: "short",
});

export default function UserProfile() {
  const { user, browsers } = useLoaderData<typeof loader>();
  const verified = user.isEmailVerified;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to="/" className="text-cosmic underline">
          Back to Home
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Account Profile</h1>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <div className="space-y-6 md:col-span-2">
          <Card title="Account Information" id="account-information">
            <div className="space-y-1">
              <p className="flex items-center gap-2 text-sm font-medium">
                <label htmlFor="profile-username">Username</label>
                <Badge tone="violet">Permanent</Badge>
              </p>
              <input
                id="profile-username"
                readOnly
                value={user.username}
                aria-describedby="profile-username-note"
                className="block w-full rounded-md border border-stone-300 bg-stone-100 px-3 py-2 text-ink"
              />
              <p id="profile-username-note" className="text-xs text-stone-700">
                Your username is permanent and cannot be changed.
              </p>
            </div>
            <div className="mt-4">
              <p className="text-sm font-medium">Email</p>
              <p className="mt-1 flex flex-wrap items-center gap-2">
                {user.email ? <span>{user.email}</span> : <span>No email address on file</span>}
                {user.email ? (
                  <Badge tone={verified ? "green" : "amber"}>{verified ? "Verified" : "Unverified"}</Badge>
                ) : null}
              </p>
              {user.email && !verified ? <ResendVerification /> : null}
            </div>
            <p className="mt-4 text-sm">
              <span className="font-medium">Member Since</span>{" "}
              <time dateTime={user.createdAt}>{dateFormat.format(new Date(user.createdAt))}</time>
            </p>
          </Card>

          {user.email ? <ChangeEmailSection /> : <AddEmailSection />}

          <SignedInBrowsers browsers={browsers} />
        </div>

        <div className="space-y-6">
          <Card title="Account Status" id="account-status">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-2">
                <dt>Account Type</dt>
                <dd className="font-medium">Forum Member</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Email Status</dt>
                <dd>
                  <Badge tone={user.email && verified ? "green" : "amber"}>
                    {user.email && verified ? "Verified" : "Pending"}
                  </Badge>
                </dd>
              </div>
            </dl>
          </Card>
          <Card title="Account Actions" id="account-actions">
            <ul className="space-y-2">
              <li>
                <Link
                  to="/auth?dialog=reset&method=username"
                  className="block rounded-md border border-cosmic px-3 py-2 text-center text-cosmic hover:bg-cosmic-light"
                >
                  Change Password
                </Link>
              </li>
              <li>
                <Link
                  to="/forum"
                  className="block rounded-md border border-cosmic px-3 py-2 text-center text-cosmic hover:bg-cosmic-light"
                >
                  View Forum Posts
                </Link>
              </li>
              <li>
                <LogoutForm className="w-full rounded-md bg-stone-200 px-3 py-2 text-ink hover:bg-stone-300">
                  Sign Out
                </LogoutForm>
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Badge({ tone, children }: { tone: "violet" | "green" | "amber"; children: string }) {
  const colours = {
    violet: "bg-cosmic-light text-cosmic",
    green: "bg-green-100 text-green-900",
    amber: "bg-amber-100 text-amber-950",
  }[tone];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function ResendVerification() {
  const busy = useBusy("resend-verification");
  const lastResult = useResult("resend-verification");
  const error = (lastResult?.error as Record<string, string[]> | undefined)?.[""]?.[0];
  return (
    <Form method="post" className="mt-2" preventScrollReset>
      <input type="hidden" name="intent" value="resend-verification" />
      <button type="submit" disabled={busy} className="text-sm text-cosmic underline disabled:opacity-60">
        {busy ? "Sending..." : "Resend verification email"}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** Decision 012: the member's sessions, and a way to end every one but this browser's (a plain form). */
function SignedInBrowsers({ browsers }: { browsers: SignedInBrowser[] }) {
  const busy = useBusy("sign-out-others");
  return (
    <Card title="Signed-in Browsers" id="signed-in-browsers">
      <p className="text-sm">Browsers where your account is signed in. Sign out of any you do not recognise.</p>
      <ul className="mt-4 divide-y divide-violet-100" aria-label="Signed-in browsers">
        {browsers.map((browser, index) => (
          <li key={index} className="py-3">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span>{browser.device}</span>
              {browser.current ? <Badge tone="green">This browser</Badge> : null}
            </p>
            <p className="text-sm text-stone-700">
              Signed in <time dateTime={browser.createdAt}>{dateTimeFormat.format(new Date(browser.createdAt))}</time>
              {" · "}
              Last seen <time dateTime={browser.lastSeenAt}>{dateTimeFormat.format(new Date(browser.lastSeenAt))}</time>
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4" preventScrollReset>
        <input type="hidden" name="intent" value="sign-out-others" />
        <SubmitButton busy={busy} busyLabel="Signing out...">
          Sign out of all other devices
        </SubmitButton>
      </Form>
    </Card>
  );
}

function AddEmailSection() {
  const lastResult = useResult("add-email");
  const busy = useBusy("add-email");
  const hydrated = useHydrated();
  const [value, setValue] = useState("");
  useFailureToast("add-email", () => "Failed to add email", "Failed to add email", {
    title: "Failed to add email",
    description: "An unexpected error occurred.",
  });
  const [form, fields] = useForm({
    id: "add-email-form",
    lastResult,
    constraint: getZodConstraint(addEmailSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addEmailSchema }),
  });
  return (
    <Card title="Add Email" id="add-email">
      <p className="text-sm">
        Add an email address to recover your account if you forget your password. We'll send a link to confirm it.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-4 space-y-4"
        preventScrollReset
        onChange={(event) => setValue(new FormData(event.currentTarget).get("email")?.toString() ?? "")}
      >
        <ErrorSummary form={form} title="Failed to add email" fields={[fields.email]} resultKey={lastResult} />
        <input type="hidden" name="intent" value="add-email" />
        <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
        <SubmitButton busy={busy} busyLabel="Adding..." disabled={hydrated && !value.trim()}>
          Add Email
        </SubmitButton>
      </Form>
    </Card>
  );
}

function ChangeEmailSection() {
  const lastResult = useResult("change-email");
  const busy = useBusy("change-email");
  const hydrated = useHydrated();
  const [values, setValues] = useState({ newEmail: "", currentPassword: "" });
  const { show } = useToast();
  useFailureToast("change-email", changeEmailErrorTitle, "Failed to update email address.", {
    title: "Error",
    description: "An unexpected error occurred.",
  });
  const [form, fields] = useForm({
    id: "change-email-form",
    lastResult,
    constraint: getZodConstraint(changeEmailSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  // A password of spaces may be sent: the form then answers 'Password required' (spec section 5).
  const blank = !values.newEmail.trim() || !values.currentPassword;
  const summaryTitle = changeEmailErrorTitle({
    newEmail: fields.newEmail.errors,
    currentPassword: fields.currentPassword.errors,
  });
  return (
    <Card title="Change Email" id="change-email">
      <p className="text-sm">Your new address must be confirmed again: we'll send a verification link to it.</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-4 space-y-4"
        preventScrollReset
        onSubmit={(event) => {
          // Conform stops an invalid submission on the client; the spec wants its toast there too.
          const submission = parseWithZod(new FormData(event.currentTarget), { schema: changeEmailSchema });
          if (submission.status !== "success") {
            const errors = (submission.reply().error ?? {}) as Errors;
            show({ title: changeEmailErrorTitle(errors), description: firstError(errors), type: "error" });
          }
          form.onSubmit(event);
        }}
        onChange={(event) => {
          const data = new FormData(event.currentTarget);
          setValues({
            newEmail: data.get("newEmail")?.toString() ?? "",
            currentPassword: data.get("currentPassword")?.toString() ?? "",
          });
        }}
      >
        <ErrorSummary
          form={form}
          title={summaryTitle}
          fields={[fields.newEmail, fields.currentPassword]}
          resultKey={lastResult}
        />
        <input type="hidden" name="intent" value="change-email" />
        <TextField meta={fields.newEmail} label="New email address" type="email" autoComplete="email" />
        <TextField
          meta={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton busy={busy} busyLabel="Changing..." disabled={hydrated && blank}>
          Change Email
        </SubmitButton>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Account Profile",
    description: "Your account: username, email address and status.",
    path: "/user-profile",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        401: () => (
          <ErrorPanel title="Access Denied" text="You must be logged in to view your profile">
            <Link to="/auth" className="text-cosmic underline">
              Sign In
            </Link>
          </ErrorPanel>
        ),
      }}
    />
  );
}
