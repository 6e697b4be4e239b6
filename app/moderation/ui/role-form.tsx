import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { TextareaField } from "~/components/fields";
import { ErrorSummary } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";

/** Grant the moderator role (a username) or take it back (`username` given), with the reason the audit log keeps. */
export function RoleForm({
  grant: role,
  username,
  constraint,
}: {
  /** the role the form gives: moderator, or member (taking the moderator role back) */
  grant: "moderator" | "member";
  username?: string;
  constraint: FormConstraint;
}) {
  const answer = useFormAnswer("role");
  const [form, fields] = useForm<{ username: string; reason: string }>({
    id: `role-${role}`,
    lastResult: answer?.result,
    constraint,
    shouldValidate: "onSubmit",
    defaultNoValidate: false,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 space-y-3 rounded border border-violet-200 bg-white p-4"
    >
      <ErrorSummary form={form} title="Could not change the role" resultKey={answer} />
      <input type="hidden" name="role" value={role} />
      {username ? (
        <input type="hidden" name="username" value={username} />
      ) : (
        <div>
          <label htmlFor={fields.username.id} className="block font-semibold">
            Username
          </label>
          <input
            {...getInputProps(fields.username, { type: "text" })}
            autoComplete="off"
            className="rounded border border-violet-300 px-3 py-1"
          />
          <FieldError meta={fields.username} />
        </div>
      )}
      <TextareaField meta={fields.reason} label="Reason (required)" rows={2} />
      <div className="flex gap-3">
        <button type="submit" className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
          {role === "moderator" ? "Make moderator" : `Confirm: revoke ${username}`}
        </button>
        {username ? (
          <Link to="/admin/moderation/roles" className="rounded border border-violet-300 px-4 py-2 text-ink">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
