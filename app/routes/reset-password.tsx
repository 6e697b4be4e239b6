import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PASSWORD_HINT } from "~/accounts/form-texts";
import { RESET_PASSWORD_CONSTRAINT, submitNewPassword } from "~/accounts/forms.server";
import { isResetTokenUsable } from "~/accounts/recovery.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { originFromMatches, pageMeta } from "~/utils/meta";

/** The reset link of the mail (`/reset-password?token=…`): a new password twice, then the member is signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(token), constraint: RESET_PASSWORD_CONSTRAINT };
}

export async function action({ request }: ActionFunctionArgs) {
  return submitNewPassword(request);
}

export default function ResetPasswordPage() {
  const { token, usable, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ password: string; confirmPassword: string }>({
    id: "reset-password",
    lastResult,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-ink">Choose a New Password</h1>
      {usable || lastResult ? (
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
      ) : (
        <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <p role="alert">This password reset link is invalid or has expired. Please request a new one.</p>
          <p className="mt-4">
            <Link to="/auth?dialog=reset&method=email" className="text-cosmic underline">
              Request a new reset link
            </Link>
          </p>
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-cosmic underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reset Password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
