import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireAdmin } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import { ErrorSummary, FieldError } from "~/forum/ui";
import { listStaff, setModeratorRole } from "~/moderation/actions.server";
import { roleSchema } from "~/moderation/schemas";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * /admin/moderation/roles (decision 026): admins grant and take back the moderator role, with a reason that the
 * audit log keeps. Taking it back opens a confirmation at ?revoke=<username>. Admins themselves are made with
 * scripts/make-admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const staff = await listStaff();
  const revoke = new URL(request.url).searchParams.get("revoke");
  return { staff, revoke: staff.some((s) => s.role === "moderator" && s.username === revoke) ? revoke : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: roleSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        toast: { title: "Could not change the role", description: "Please check the form." },
      },
      { status: 400 },
    );
  }
  const outcome = await setModeratorRole({ actor: user, input: submission.value });
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({ formErrors: [outcome.error] }),
        toast: { title: "Could not change the role", description: outcome.error },
      },
      { status: outcome.status },
    );
  }
  return redirectWithToast("/admin/moderation/roles", { title: outcome.message, type: "success" });
}

function RoleForm({ role, username }: { role: "moderator" | "member"; username?: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `role-${role}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(roleSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 space-y-3 rounded border border-violet-200 bg-white p-4"
    >
      {form.errors?.length ? (
        <ErrorSummary title="Could not change the role" description={form.errors.join(" ")} />
      ) : null}
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
          <FieldError id={fields.username.errorId} errors={fields.username.errors} />
        </div>
      )}
      <div>
        <label htmlFor={fields.reason.id} className="block font-semibold">
          Reason (required)
        </label>
        <textarea
          {...getTextareaProps(fields.reason)}
          rows={2}
          className="w-full rounded border border-violet-300 px-3 py-2"
        />
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
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

export default function ModerationRoles() {
  const { staff, revoke } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { show } = useToast();
  useEffect(() => {
    if (actionData?.toast) show({ ...actionData.toast, type: "error" });
  }, [actionData, show]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">Moderators</h1>
      <nav aria-label="Moderation" className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href="/admin/moderation" className="text-cosmic underline">
          Moderation queue
        </a>
        <a href="/admin/moderation/log" className="text-cosmic underline">
          Audit log
        </a>
      </nav>
      <h2 className="mt-6 text-xl font-semibold">Moderators and admins</h2>
      <ul
        className="mt-2 divide-y divide-violet-100 rounded border border-violet-200 bg-white"
        aria-label="Moderators and admins"
      >
        {staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-3 px-4 py-2">
            <span className="flex-1">
              {member.username} ({member.role})
            </span>
            {member.role === "moderator" ? (
              <Link
                to={`/admin/moderation/roles?revoke=${encodeURIComponent(member.username)}`}
                className="text-cosmic underline"
              >
                Revoke<span className="sr-only"> {member.username}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {revoke ? (
        <section aria-labelledby="revoke-heading" className="mt-6">
          <h2 id="revoke-heading" className="text-xl font-semibold">
            Revoke the moderator role of {revoke}
          </h2>
          <RoleForm role="member" username={revoke} />
        </section>
      ) : (
        <section aria-labelledby="grant-heading" className="mt-6">
          <h2 id="grant-heading" className="text-xl font-semibold">
            Grant the moderator role
          </h2>
          <RoleForm role="moderator" />
        </section>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Moderators",
    description: "Grant and revoke the moderator role, for administrators.",
    path: "/admin/moderation/roles",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
