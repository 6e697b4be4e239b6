import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorSummary, SubmitButton, TextField, type FormConstraint } from "~/components/form";
import { useIntentForm } from "./intent-forms";

/**
 * The second factor's forms (decision 210): plain POST forms, each with its `intent` and one named field, so they
 * work without JavaScript and in lynx and w3m; with it, Conform's errors, the error summary taking focus, a toast.
 */
const CODE_LABEL = "6-digit code";
const CODE_OR_RECOVERY_LABEL = "Code from your authenticator app, or a recovery code";

/** One code form: its heading, the error summary, the field and the button. */
function CodeForm({
  intent,
  constraint,
  heading,
  failedTitle,
  label,
  numeric,
  button,
  busyLabel,
  children,
}: {
  intent: string;
  constraint: FormConstraint;
  heading: string;
  failedTitle: string;
  label: string;
  numeric: boolean;
  button: string;
  busyLabel: string;
  children?: React.ReactNode;
}) {
  const fieldName = intent === "recovery" ? "recoveryCode" : "code";
  const { form, fields, answer, busy } = useIntentForm<Record<string, string>>(intent, {
    constraint,
    toast: { title: failedTitle, fallback: "Please check the code and try again." },
  });
  const field = fields[fieldName]!;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby={`${form.id}-heading`}>
      <h2 id={`${form.id}-heading`} className="font-serif text-xl font-bold">
        {heading}
      </h2>
      {children}
      <ErrorSummary form={form} title={failedTitle} fields={[field]} resultKey={answer} />
      <input type="hidden" name="intent" value={intent} />
      <TextField meta={field} label={label} autoComplete="one-time-code" inputMode={numeric ? "numeric" : "text"} />
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {button}
      </SubmitButton>
    </Form>
  );
}

/** The sign-in's second step: the code from the app. */
export function SignInCodeForm({ constraint }: { constraint: FormConstraint }) {
  return (
    <CodeForm
      intent="code"
      constraint={constraint}
      heading="Enter the 6-digit code from your authenticator app"
      failedTitle="Sign-in failed"
      label={CODE_LABEL}
      numeric
      button="Verify"
      busyLabel="Checking..."
    />
  );
}

/** The sign-in's second step with a recovery code instead (each works once). */
export function SignInRecoveryForm({ constraint }: { constraint: FormConstraint }) {
  return (
    <CodeForm
      intent="recovery"
      constraint={constraint}
      heading="Enter one of your recovery codes"
      failedTitle="Sign-in failed"
      label="Recovery code"
      numeric={false}
      button="Verify"
      busyLabel="Checking..."
    >
      <p className="text-sm">Each recovery code works once. It is used up when you sign in with it.</p>
    </CodeForm>
  );
}

/** The set-up's last step: the first code switches the second factor on. */
export function ConfirmEnrolmentForm({ constraint }: { constraint: FormConstraint }) {
  return (
    <CodeForm
      intent="confirm"
      constraint={constraint}
      heading="2. Enter the code the app shows"
      failedTitle="Set-up failed"
      label={CODE_LABEL}
      numeric
      button="Turn on two-factor authentication"
      busyLabel="Checking..."
    />
  );
}

/** New recovery codes, with a current code. */
export function RegenerateCodesForm({ constraint }: { constraint: FormConstraint }) {
  return (
    <CodeForm
      intent="regenerate"
      constraint={constraint}
      heading="New recovery codes"
      failedTitle="No new recovery codes"
      label={CODE_OR_RECOVERY_LABEL}
      numeric={false}
      button="Make new recovery codes"
      busyLabel="Making codes..."
    >
      <p className="text-sm">Your current recovery codes stop working.</p>
    </CodeForm>
  );
}

/** Turning the second factor off, with a current code. */
export function DisableTwoFactorForm({ constraint }: { constraint: FormConstraint }) {
  return (
    <CodeForm
      intent="disable"
      constraint={constraint}
      heading="Turn off two-factor authentication"
      failedTitle="Two-factor authentication is still on"
      label={CODE_OR_RECOVERY_LABEL}
      numeric={false}
      button="Turn off two-factor authentication"
      busyLabel="Turning off..."
    >
      <p className="text-sm">Signing in will ask for your password only.</p>
    </CodeForm>
  );
}
