import { getFormProps } from "@conform-to/react";
import { Form, Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ResetMethod, SentMail } from "~/accounts/auth-page";
import { NETWORK_FAILURE_MESSAGE, firstError, type FormErrors } from "~/accounts/form-texts";
import { RouteDialog } from "~/components/dialog";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";
import { useFormBusy } from "~/components/form-busy";
import { submitFailure } from "~/utils/client-action";
import { TabLink } from "./auth-page-parts";
import { useIntentForm } from "./intent-forms";

/**
 * The sign-in page's recovery dialogs (spec section 8): forgot password (by e-mail or username), forgot username,
 * the "sent" confirmations with a resend button, and "check your email" after registering. Each has a URL
 * (`/auth?dialog=…`), so they work without JavaScript.
 */
export function ResetDialog({
  method,
  closeTo,
  defaultUsername,
  constraint,
}: {
  method: ResetMethod;
  closeTo: string;
  defaultUsername: string | null;
  constraint: FormConstraint;
}) {
  const field = method === "email" ? "email" : "username";
  const { form, fields, answer, busy } = useIntentForm<{ email: string; username: string }>("forgot-password", {
    id: `reset-${method}`,
    constraint,
    defaultValue: defaultUsername ? { username: defaultUsername } : undefined,
    network: { field, message: NETWORK_FAILURE_MESSAGE },
  });
  const [params] = useSearchParams();
  const methodHref = (next: ResetMethod) => {
    const search = new URLSearchParams(params);
    search.set("method", next);
    return `/auth?${search.toString()}`;
  };
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
        <ErrorSummary form={form} title="We could not send the link" fields={[fields[field]]} resultKey={answer} />
        <input type="hidden" name="intent" value="forgot-password" />
        <input type="hidden" name="method" value={method} />
        {method === "email" ? (
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        ) : (
          <TextField meta={fields.username} label="Username" autoComplete="username" />
        )}
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </Form>
    </RouteDialog>
  );
}

/**
 * Sends the same request again with the value the visitor entered (kept in the page's data). The answer is the same
 * dialog with the toast 'Email sent again' (the toasts' live region says it); the button stays enabled (marked busy
 * instead) so the focus stays on it, where a disabled button dropped it to the page's body; a refusal (the pace
 * limit) shows under the button (issue 47).
 */
function ResendForm({
  intent,
  method,
  name,
  value,
}: {
  intent: string;
  method?: ResetMethod;
  name: string;
  value: string;
}) {
  const busy = useFormBusy(intent);
  const answer = useFormAnswer(intent);
  const failure = submitFailure(answer);
  const refusal = failure
    ? failure.message
    : answer?.result
      ? firstError((answer.result.error ?? {}) as FormErrors)
      : undefined;
  return (
    <Form
      method="post"
      replace
      preventScrollReset
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="resend" value="1" />
      {method ? <input type="hidden" name="method" value={method} /> : null}
      <input type="hidden" name={name} value={value} />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        aria-describedby={refusal ? `${intent}-resend-error` : undefined}
        className="w-full rounded-md border border-cosmic px-4 py-2 font-semibold text-cosmic hover:bg-cosmic-light aria-disabled:opacity-60"
      >
        {busy ? "Sending..." : "Resend Email"}
      </button>
      <p id={`${intent}-resend-error`} role="alert" className="mt-2 text-sm text-red-700 empty:hidden">
        {refusal ?? ""}
      </p>
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

export function ResetSentDialog({
  method,
  value,
  closeTo,
}: {
  method: ResetMethod;
  value: string | null;
  closeTo: string;
}) {
  return (
    <RouteDialog id="reset-sent" title="Password Reset Link Sent" closeTo={closeTo}>
      {value ? (
        <p>
          {method === "email" ? (
            <>
              If an account uses <strong>{value}</strong>, we&apos;ve sent a link to reset its password.
            </>
          ) : (
            <>
              If the account <strong>{value}</strong> has an email address on file, we&apos;ve sent it a link to reset
              the password.
            </>
          )}{" "}
          The link expires in 1 hour.
        </p>
      ) : (
        <p>If the account exists, we&apos;ve sent a link to reset its password. The link expires in 1 hour.</p>
      )}
      <p className="text-sm">Check your spam folder if you don&apos;t see it.</p>
      <div className="grid gap-2">
        <GotIt to={closeTo} />
        {value ? (
          <ResendForm
            intent="forgot-password"
            method={method}
            name={method === "email" ? "email" : "username"}
            value={value}
          />
        ) : null}
      </div>
    </RouteDialog>
  );
}

export function RecoverUsernameDialog({ closeTo, constraint }: { closeTo: string; constraint: FormConstraint }) {
  const { form, fields, answer, busy } = useIntentForm<{ email: string }>("forgot-username", {
    id: "recover-username",
    constraint,
    network: { field: "email", message: NETWORK_FAILURE_MESSAGE },
  });
  return (
    <RouteDialog
      id="recover-username-dialog"
      title="Recover Your Username"
      closeTo={closeTo}
      description="Enter the email address of your account and we'll send you your username."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <ErrorSummary form={form} title="We could not send the reminder" fields={[fields.email]} resultKey={answer} />
        <input type="hidden" name="intent" value="forgot-username" />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Username
        </SubmitButton>
      </Form>
    </RouteDialog>
  );
}

export function UsernameSentDialog({ value, closeTo }: { value: string | null; closeTo: string }) {
  return (
    <RouteDialog id="username-sent" title="Username Reminder Sent" closeTo={closeTo}>
      <p>
        {value ? (
          <>
            If an account uses <strong>{value}</strong>, we&apos;ve sent its username to that address.
          </>
        ) : (
          "If an account uses that address, we've sent its username to it."
        )}
      </p>
      <p className="text-sm">Check your spam folder if you don&apos;t see it.</p>
      <div className="grid gap-2">
        <GotIt to={closeTo} />
        {value ? <ResendForm intent="forgot-username" name="email" value={value} /> : null}
      </div>
    </RouteDialog>
  );
}

/** What the 'Check Your Email' dialog says was sent: the mail the visitor asked for last (issue 47). */
function sentMailText(mail: SentMail | null, value: ReactNode): ReactNode {
  switch (mail) {
    case "password-reset":
      return (
        <>
          We&apos;ve sent a link to reset your password to {value}. Open it to choose a new password; it expires in 1
          hour.
        </>
      );
    case "username":
      return <>We&apos;ve sent your username to {value}.</>;
    case "registration":
      return <>We&apos;ve sent a confirmation link to {value}. Open it to complete your registration.</>;
    default:
      return <>We&apos;ve sent an email to {value}. Open it to go on.</>;
  }
}

export function CheckEmailDialog({
  value,
  mail,
  closeTo,
}: {
  value: string | null;
  mail: SentMail | null;
  closeTo: string;
}) {
  return (
    <RouteDialog id="check-email" title="Check Your Email" closeTo={closeTo}>
      <p>{sentMailText(mail, value ? <strong>{value}</strong> : "your email address")}</p>
      <p className="text-sm">If you don&apos;t see it within a few minutes:</p>
      <ul className="list-disc pl-5 text-sm">
        <li>check your spam or junk folder,</li>
        <li>look in the Promotions and Social tabs,</li>
        <li>search All Mail for the message.</li>
      </ul>
      <GotIt to={closeTo} />
    </RouteDialog>
  );
}
