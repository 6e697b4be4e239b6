import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireAdmin } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast } from "~/components/form-answer";
import { onUse } from "~/components/on-use";
import { listStaff } from "~/moderation/actions.server";
import { handleRoleIntent, MODERATION_CONSTRAINTS } from "~/moderation/forms.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

// the role form hydrates on first use (decision 109)
const RoleForm = onUse(() => import("~/moderation/ui/role-form").then((m) => m.RoleForm));

/**
 * /admin/moderation/roles (decision 026): admins grant and take back the moderator role, with a reason that the
 * audit log keeps. Taking it back opens a confirmation at ?revoke=<username>. Admins themselves are made with
 * scripts/make-admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  await requireRecentAuth(request);
  const staff = await listStaff();
  const revoke = new URL(request.url).searchParams.get("revoke");
  return {
    staff,
    revoke: staff.some((s) => s.role === "moderator" && s.username === revoke) ? revoke : null,
    constraint: MODERATION_CONSTRAINTS.role,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  await requireRecentAuth(request, { returnTo: "/admin/moderation/roles" });
  return handleRoleIntent({ formData: await request.formData(), user, redirectTo: "/admin/moderation/roles" });
}

export default function ModerationRoles() {
  const { staff, revoke, constraint } = useLoaderData<typeof loader>();
  useAnswerToast(useActionData<typeof action>());
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
          <RoleForm grant="member" username={revoke} constraint={constraint} />
        </section>
      ) : (
        <section aria-labelledby="grant-heading" className="mt-6">
          <h2 id="grant-heading" className="text-xl font-semibold">
            Grant the moderator role
          </h2>
          <RoleForm grant="moderator" constraint={constraint} />
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
