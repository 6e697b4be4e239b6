import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_TOKEN_DAY_CHOICES, ADMIN_TOKENS_PATH, listAdminApiTokens } from "~/accounts/admin-tokens.server";
import { ADMIN_TOKEN_CONSTRAINT, submitAdminTokenForm } from "~/accounts/forms.server";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireAdmin } from "~/accounts/session.server";
import { NewAdminTokenPanel } from "~/accounts/ui/admin-token-parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast } from "~/components/form-answer";
import { FormattedDate } from "~/components/formatted-date";
import { onUse } from "~/components/on-use";
import { originFromMatches, pageMeta } from "~/utils/meta";

// the form hydrates on first use (decision 109)
const NewAdminTokenForm = onUse(() => import("~/accounts/ui/admin-token-form").then((m) => m.NewAdminTokenForm));

/**
 * /admin/api-tokens (issue 46, decision 291): an admin's own bearer tokens for the e-mail export API. Made here by
 * an admin with a second factor who proved it recently (password and code), shown once, listed with their expiry
 * and last use, revoked with a button.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  await requireRecentAuth(request);
  return {
    tokens: await listAdminApiTokens(user.id),
    constraint: ADMIN_TOKEN_CONSTRAINT,
    dayChoices: ADMIN_TOKEN_DAY_CHOICES,
    now: new Date().toISOString(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  await requireRecentAuth(request, { returnTo: ADMIN_TOKENS_PATH });
  return submitAdminTokenForm(request, user);
}

export default function AdminApiTokens() {
  const { tokens, constraint, dayChoices, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useAnswerToast(answer);
  const made = answer && "token" in answer ? answer : null;
  const state = (t: (typeof tokens)[number]) =>
    t.revokedAt ? "revoked" : new Date(t.expiresAt) <= new Date(now) ? "expired" : "active";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">API tokens</h1>
      <p className="mt-3">
        A token lets a program read the e-mail export (<code>/api/admin/email-list</code>) as you. It is shown once,
        works until it expires, and stops at once when you revoke it or turn off your two-factor authentication.
      </p>
      {made ? <NewAdminTokenPanel token={made.token} name={made.name} expiresAt={made.expiresAt} /> : null}
      <section aria-labelledby="new-token-heading" className="mt-6">
        <h2 id="new-token-heading" className="text-xl font-semibold">
          Make a token
        </h2>
        <NewAdminTokenForm constraint={constraint} dayChoices={dayChoices} />
      </section>
      <section aria-labelledby="tokens-heading" className="mt-6">
        <h2 id="tokens-heading" className="text-xl font-semibold">
          Your tokens
        </h2>
        {tokens.length === 0 ? (
          <p className="mt-2">You have no tokens.</p>
        ) : (
          <ul
            aria-labelledby="tokens-heading"
            className="mt-2 divide-y divide-violet-100 rounded border border-violet-200 bg-white"
          >
            {tokens.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3 px-4 py-2">
                <span className="flex-1">
                  <strong>{t.name}</strong> ({state(t)}): made <FormattedDate date={t.createdAt} />, expires{" "}
                  <FormattedDate date={t.expiresAt} />,{" "}
                  {t.lastUsedAt ? (
                    <>
                      last used <FormattedDate date={t.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}
                </span>
                {state(t) === "active" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={t.id} />
                    <button type="submit" className="rounded border border-red-300 bg-white px-3 py-1 text-red-900">
                      Revoke<span className="sr-only"> {t.name}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "API tokens",
    description: "An admin's own tokens for the e-mail export API.",
    path: ADMIN_TOKENS_PATH,
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
