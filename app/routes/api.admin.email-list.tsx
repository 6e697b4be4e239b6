import type { LoaderFunctionArgs } from "@remix-run/node";
import { authorizeEmailExport, emailsToCsv, emailsToTxt, exportMemberEmails } from "~/forum/emails.server";
import { answer, apiError } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/**
 * GET /api/admin/email-list (?format=csv|txt): the members' e-mail addresses for an admin session or the
 * admin API token. JSON {emails, totalEmails, exportedAt} by default; CSV and TXT as attachments.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await authorizeEmailExport(request);
  if (access === 401)
    return apiError(401, "Authentication required", {}, { "WWW-Authenticate": 'Bearer realm="admin"' });
  if (access === 403) return apiError(403, "Forbidden: administrators only.");

  const format = new URL(request.url).searchParams.get("format") ?? "json";
  if (!["json", "csv", "txt"].includes(format)) return apiError(400, "format must be csv or txt");
  const list = await exportMemberEmails();
  const headers = { "Cache-Control": cacheControl.noStore, "X-Content-Type-Options": "nosniff" };
  if (format === "json") return answer(list, 200, headers);
  const csv = format === "csv";
  return new Response(csv ? emailsToCsv(list.emails) : emailsToTxt(list.emails), {
    headers: {
      ...headers,
      "Content-Type": csv ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="forum-emails.${format}"`,
    },
  });
}
