import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { PASSWORD_HINT, RESET_PASSWORD_INTENT } from "~/accounts/form-texts";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { useIntentResult } from "./intent-answer";

/** The new password, twice, for the reset link's token (the page's form, hydrated on first use: decision 109);
 * its errors are the page's answer to it (decision 250). */
export function ResetPasswordForm({ token, constraint }: { token: string; constraint: FormConstraint }) {
  const lastResult = useIntentResult(RESET_PASSWORD_INTENT);
  const navigation = useNavigation();
  const [form, fields] = useForm<{ password: string; confirmPassword: string }>({
    id: "reset-password",
    lastResult,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
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
        resultKey={lastResult}
      />
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
      <SubmitButton busy={navigation.state === "submitting"} busyLabel="Saving...">
        Set New Password
      </SubmitButton>
    </Form>
  );
}
