import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/accounts/session.server";
import { listLog, logToCsv } from "~/moderation/queue.server";
import { answer, apiError, readId } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/moderation/log (?before=id, ?format=csv): the audit log for admins, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "json";
  if (format === "csv") {
    return new Response(await logToCsv(), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="moderation-log.csv"',
        "Cache-Control": cacheControl.noStore,
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  if (format !== "json") return apiError(400, "format must be json or csv");
  const before = url.searchParams.has("before") ? readId(url.searchParams.get("before"), "log entry") : null;
  return answer(await listLog({ before }));
}
