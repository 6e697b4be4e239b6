import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isResetTokenUsable, resetPassword } from "~/accounts/recovery.server";
import { resetPasswordSchema } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicOrigin } from "~/utils/env.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

/** The reset link of the mail (`/reset-password?token=…`): a new password twice, then the member is signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(token) };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const result = await resetPassword({
    token: submission.value.token,
    password: submission.value.password,
    origin: publicOrigin(),
  });
  if (!result.ok) {
    const reply =
      result.field === "password"
        ? submission.reply({ fieldErrors: { password: [result.error] }, hideFields })
        : submission.reply({ formErrors: [result.error], hideFields });
    return data(reply, { status: result.status });
  }
  return redirectWithToast(
    "/forum",
    {
      title: "Password updated",
      description: "Your password has been reset and you are now signed in.",
      type: "success",
    },
    { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
  );
}

export default function ResetPasswordPage() {
  const { token, usable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
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
            hint="8-16 characters with letters and numbers; symbols !@#$%^&*()_+-=[]{}|;:,.<>? are allowed."
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
