import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormattedDate } from "~/components/formatted-date";
import { listLog } from "~/moderation/queue.server";
import { invalidIdMessage, parseId } from "~/utils/ids";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /admin/moderation/log (decision 026): every moderation action, newest first, for admins; 50 a page
 * (?before=<id> continues), and the whole log as CSV at /admin/moderation/log.csv.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const param = new URL(request.url).searchParams.get("before");
  const before = param === null ? null : parseId(param);
  if (param !== null && before === null) throw new Response(invalidIdMessage("log entry"), { status: 400 });
  return listLog({ before });
}

const state = (value: unknown) =>
  value && typeof value === "object" && Object.keys(value).length ? JSON.stringify(value) : "";

export default function ModerationLog() {
  const { entries, nextBefore } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">Moderation audit log</h1>
      <nav aria-label="Moderation" className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href="/admin/moderation" className="text-cosmic underline">
          Moderation queue
        </a>
        <a href="/admin/moderation/log.csv" download className="text-cosmic underline">
          Download CSV
        </a>
      </nav>
      {entries.length === 0 ? (
        <p className="mt-6">No moderation actions yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Moderation actions, newest first</caption>
            <thead>
              <tr className="border-b border-violet-300">
                <th scope="col" className="p-2">
                  When
                </th>
                <th scope="col" className="p-2">
                  Who
                </th>
                <th scope="col" className="p-2">
                  Action
                </th>
                <th scope="col" className="p-2">
                  On
                </th>
                <th scope="col" className="p-2">
                  Member
                </th>
                <th scope="col" className="p-2">
                  Reason
                </th>
                <th scope="col" className="p-2">
                  Before
                </th>
                <th scope="col" className="p-2">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-violet-100 align-top">
                  <td className="p-2 whitespace-nowrap">
                    <FormattedDate date={e.createdAt} />
                  </td>
                  <td className="p-2">{e.actorName}</td>
                  <td className="p-2">{e.action}</td>
                  <td className="p-2">
                    {e.targetType} {e.targetId}
                  </td>
                  <td className="p-2">{e.subjectName ?? ""}</td>
                  <td className="p-2 break-words whitespace-pre-wrap">{e.reason}</td>
                  <td className="p-2 font-mono text-xs break-all">{state(e.before)}</td>
                  <td className="p-2 font-mono text-xs break-all">{state(e.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextBefore ? (
        <p className="mt-4">
          <a href={`/admin/moderation/log?before=${nextBefore}`} className="text-cosmic underline" rel="next">
            Older actions
          </a>
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Moderation audit log",
    description: "Every moderation action, for administrators.",
    path: "/admin/moderation/log",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
