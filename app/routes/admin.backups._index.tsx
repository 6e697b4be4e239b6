import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireAdmin } from "~/accounts/session.server";
import { formatBytes } from "~/backups/format";
import { backupsOverview } from "~/backups/schedule.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormattedDate } from "~/components/formatted-date";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /admin/backups (decisions 203, 283): the backups recorded in the database (the same list on every instance), newest first, each downloadable by an admin
 * from /admin/backups/<name>, and the outcome of the last run.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // a download holds every member's data: the password again within the last 15 minutes (decision 164)
  await requireRecentAuth(request);
  return backupsOverview();
}

export default function AdminBackups() {
  const { backups, lastRun, keep, intervalHours } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">Backups</h1>
      <p className="mt-3">
        {intervalHours > 0
          ? `A backup of the database and the members' files is taken every ${intervalHours} hours; the newest ${keep} are kept in the database, listed and downloadable on every instance.`
          : `Automatic backups are off (BACKUP_INTERVAL_HOURS=0); the newest ${keep} backups made with npm run backup are kept in the database, listed and downloadable on every instance.`}{" "}
        Copy them off the database&apos;s machine: a backup kept in the database does not survive that database.
      </p>

      <h2 className="mt-6 text-xl font-semibold">Last run</h2>
      {lastRun === null ? (
        <p className="mt-2">No backup has run yet.</p>
      ) : lastRun.ok ? (
        <p className="mt-2">
          <FormattedDate date={lastRun.at} />: succeeded, {lastRun.name} ({formatBytes(lastRun.bytes)}, {lastRun.rows}{" "}
          rows, {lastRun.files} files, {(lastRun.durationMs / 1000).toFixed(1)} s).
        </p>
      ) : (
        <p className="mt-2 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          <FormattedDate date={lastRun.at} />: failed: {lastRun.error}
        </p>
      )}

      <h2 className="mt-6 text-xl font-semibold">Kept backups</h2>
      {backups.length === 0 ? (
        <p className="mt-2">No backups yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Backups, newest first</caption>
            <thead>
              <tr className="border-b border-violet-300">
                <th scope="col" className="p-2">
                  Backup
                </th>
                <th scope="col" className="p-2">
                  Taken
                </th>
                <th scope="col" className="p-2 text-right">
                  Size
                </th>
              </tr>
            </thead>
            <tbody>
              {backups.map((backup) => (
                <tr key={backup.name} className="border-b border-violet-100">
                  <td className="p-2 break-all">
                    <a href={`/admin/backups/${backup.name}`} download className="text-cosmic underline">
                      <span className="sr-only">Download </span>
                      {backup.name}
                    </a>
                  </td>
                  <td className="p-2 whitespace-nowrap">
                    <FormattedDate date={backup.createdAt} />
                  </td>
                  <td className="p-2 text-right whitespace-nowrap">{formatBytes(backup.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Backups",
    description: "The site's backups, for administrators.",
    path: "/admin/backups",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
