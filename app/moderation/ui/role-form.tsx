import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ErrorSummary, TextareaField, TextField, useSiteForm, type FormConstraint } from "~/components/form";

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
  const { form, fields, answer } = useSiteForm<{ username: string; reason: string }>({
    intent: "role",
    id: `role-${role}`,
    constraint,
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
        <TextField meta={fields.username} label="Username" autoComplete="off" />
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
