import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { authHref } from "~/accounts/auth-page";
import { PASSWORD_HINT } from "~/accounts/form-texts";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { HoneypotField } from "~/components/honeypot";
import { useIntentForm } from "./intent-forms";

export function LoginForm({ redirectTo, constraint }: { redirectTo: string | null; constraint: FormConstraint }) {
  const { form, fields, answer, busy } = useIntentForm<{ username: string; password: string }>("login", {
    constraint,
    toast: { title: "Login failed", fallback: "Please check your credentials and try again." },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="login-heading">
      <h2 id="login-heading" className="font-serif text-2xl font-bold">
        Sign In
      </h2>
      <ErrorSummary form={form} title="Login failed" fields={[fields.username, fields.password]} resultKey={answer} />
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField meta={fields.username} label="Username or email" autoComplete="username" />
      <TextField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <SubmitButton busy={busy} busyLabel="Signing in...">
        Sign In
      </SubmitButton>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link
          to={authHref({ dialog: "reset", method: "email", redirectTo })}
          preventScrollReset
          className="text-cosmic underline"
        >
          Forgot password?
        </Link>
        <Link
          to={authHref({ dialog: "recover-username", redirectTo })}
          preventScrollReset
          className="text-cosmic underline"
        >
          Forgot username?
        </Link>
      </p>
    </Form>
  );
}

export function RegisterForm({ redirectTo, constraint }: { redirectTo: string | null; constraint: FormConstraint }) {
  const { form, fields, answer, busy } = useIntentForm<{ username: string; email: string; password: string }>(
    "register",
    { constraint, toast: { title: "Registration failed", fallback: "Please try again with different credentials." } },
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="register-heading">
      <h2 id="register-heading" className="font-serif text-2xl font-bold">
        Register
      </h2>
      <ErrorSummary
        form={form}
        title="Registration failed"
        fields={[fields.username, fields.email, fields.password]}
        resultKey={answer}
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
        hint={PASSWORD_HINT}
      />
      <SubmitButton busy={busy} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </Form>
  );
}
