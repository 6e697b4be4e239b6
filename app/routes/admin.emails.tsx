import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireAdmin } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormattedDate } from "~/components/formatted-date";
import { useHydrated } from "~/components/use-hydrated";
import { exportMemberEmails } from "~/forum/emails.server";
import { useEmailList } from "~/forum/ui/use-email-list";
import { originFromMatches, pageMeta } from "~/utils/meta";

/** /admin/emails (decision 2): admins only; signed-out visitors go to /auth, members get 403. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  await requireRecentAuth(request);
  return exportMemberEmails();
}

export default function AdminEmails() {
  const {
    list,
    refreshing,
    error: refreshError,
    refresh,
    download,
    copy,
  } = useEmailList(useLoaderData<typeof loader>());
  const { emails, totalEmails, exportedAt } = list;
  const navigation = useNavigation();
  const hydrated = useHydrated();

  const button = "rounded border border-violet-300 bg-white px-3 py-1 text-sm text-ink hover:bg-cosmic-light";
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">Admin Forum Email List</h1>
      <p className="mt-2 text-sm">
        For a program that reads this list, make a token of your own on the{" "}
        <Link to="/admin/api-tokens" className="text-cosmic underline">
          API tokens
        </Link>{" "}
        page.
      </p>
      {navigation.state === "loading" && navigation.location?.pathname === "/admin/emails" ? (
        <p role="status">Loading email list</p>
      ) : null}
      {refreshing ? <p role="status">Loading email list</p> : null}
      {refreshError ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {refreshError}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Total email addresses</dt>
        <dd>{totalEmails}</dd>
        <dt className="font-semibold">Exported at</dt>
        <dd>
          <FormattedDate date={exportedAt} />
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/admin/emails" className={button} onClick={refresh} aria-disabled={refreshing || undefined}>
          Refresh
        </Link>
        {hydrated && totalEmails > 0 ? (
          <button type="button" className={button} onClick={() => copy(emails.join("\n"))}>
            Copy All
          </button>
        ) : null}
        <a href="/api/admin/email-list?format=csv" download className={button} onClick={(e) => download(e, "csv")}>
          Download CSV
        </a>
        <a href="/api/admin/email-list?format=txt" download className={button} onClick={(e) => download(e, "txt")}>
          Download TXT
        </a>
      </div>

      {totalEmails === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-violet-300 bg-white p-6 text-center">
          No email addresses found
        </p>
      ) : (
        <>
          <h2 className="mt-8 text-xl font-semibold">Addresses</h2>
          <ul
            className="mt-2 divide-y divide-violet-100 rounded-lg border border-violet-200 bg-white"
            aria-label="Email addresses"
          >
            {emails.map((email) => (
              <li key={email} className="flex items-center gap-3 px-4 py-2">
                <span className="flex-1 break-all">{email}</span>
                {hydrated ? (
                  <button type="button" className={button} onClick={() => copy(email)}>
                    Copy<span className="sr-only"> {email}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-semibold">
            <label htmlFor="plain-listing">Plain text listing</label>
          </h2>
          <textarea
            id="plain-listing"
            readOnly
            value={emails.join("\n")}
            rows={Math.min(12, emails.length + 1)}
            className="mt-2 w-full rounded border border-violet-300 bg-white p-3 font-mono text-sm"
          />
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Admin Forum Email List",
    description: "E-mail addresses of forum members, for administrators.",
    path: "/admin/emails",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
