import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { PASSWORD_HINT, RESET_PASSWORD_INTENT } from "~/accounts/form-texts";
import { ErrorSummary, SubmitButton, TextField, useSiteForm, type FormConstraint } from "~/components/form";

/** The new password, twice, for the reset link's token (the page's form, hydrated on first use: decision 109);
 * its errors are the page's answer to it (decision 250). */
export function ResetPasswordForm({ token, constraint }: { token: string; constraint: FormConstraint }) {
  const { form, fields, answer, busy } = useSiteForm<{ password: string; confirmPassword: string }>({
    intent: RESET_PASSWORD_INTENT,
    constraint,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-xl border border-violet-200 bg-white p-6"
    >
      <ErrorSummary
        form={form}
        title="Your password was not changed"
        fields={[fields.password, fields.confirmPassword]}
        resultKey={answer}
      />
      <input type="hidden" name="intent" value={RESET_PASSWORD_INTENT} />
      <input type="hidden" name="token" value={token} />
      <TextField
        meta={fields.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <TextField
        meta={fields.confirmPassword}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={busy} busyLabel="Saving...">
        Set New Password
      </SubmitButton>
    </Form>
  );
}
