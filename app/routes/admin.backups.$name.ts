import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/accounts/session.server";
import { openBackup } from "~/backups/schedule.server";
import { invariantResponse } from "~/utils/http.server";

/** GET /admin/backups/<name> (decision 203): one backup archive as a download, for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const backup = await openBackup(params.name ?? "");
  invariantResponse(backup, "No backup by that name.", { status: 404 });
  return new Response(createReadableStreamFromReadable(backup.stream), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(backup.bytes),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
