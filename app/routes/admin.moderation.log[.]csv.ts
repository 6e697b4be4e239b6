import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/accounts/session.server";
import { logToCsv } from "~/moderation/queue.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /admin/moderation/log.csv: the whole audit log as a formula-safe CSV attachment (admins only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return new Response(await logToCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="moderation-log.csv"',
      "Cache-Control": cacheControl.noStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
