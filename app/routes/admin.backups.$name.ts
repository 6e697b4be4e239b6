import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireAdmin } from "~/accounts/session.server";
import { openBackup } from "~/backups/schedule.server";
import { cacheControl } from "~/utils/cache-control";
import { invariantResponse } from "~/utils/http.server";

/** GET /admin/backups/<name> (decision 203): one backup archive as a download, for admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // a download holds every member's data: the password again within the last 15 minutes (decision 164)
  await requireRecentAuth(request);
  const backup = await openBackup(params.name ?? "", { pace: context.responseDrained });
  invariantResponse(backup, "No backup by that name.", { status: 404 });
  return new Response(createReadableStreamFromReadable(backup.stream), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(backup.bytes),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": cacheControl.noStore,
    },
  });
}
