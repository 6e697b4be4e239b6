import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { listLog, logToCsv } from "~/moderation/queue.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/moderation/log (?before=id, ?format=csv): the audit log for admins, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!isAdminUser(user)) return jsonError("Forbidden: administrators only.", 403);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "json";
  if (format === "csv") {
    return new Response(await logToCsv(), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="moderation-log.csv"',
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  if (format !== "json") return jsonError("format must be json or csv", 400);
  const before = Number(url.searchParams.get("before"));
  const page = await listLog({ before: Number.isSafeInteger(before) && before > 0 ? before : null });
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}
