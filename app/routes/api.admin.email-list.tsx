import type { LoaderFunctionArgs } from "@remix-run/node";
import { authorizeEmailExport, emailsToCsv, emailsToTxt, exportMemberEmails } from "~/forum/emails.server";
import { jsonError } from "~/utils/http.server";

/**
 * GET /api/admin/email-list (?format=csv|txt): the members' e-mail addresses for an admin session or the
 * admin API token. JSON {emails, totalEmails, exportedAt} by default; CSV and TXT as attachments.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await authorizeEmailExport(request);
  if (access === 401) return jsonError("Authentication required", 401, { "WWW-Authenticate": 'Bearer realm="admin"' });
  if (access === 403) return jsonError("Forbidden: administrators only.", 403);

  const format = new URL(request.url).searchParams.get("format") ?? "json";
  if (!["json", "csv", "txt"].includes(format)) return jsonError("format must be csv or txt", 400);
  const list = await exportMemberEmails();
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (format === "json") return Response.json(list, { headers });
  const csv = format === "csv";
  return new Response(csv ? emailsToCsv(list.emails) : emailsToTxt(list.emails), {
    headers: {
      ...headers,
      "Content-Type": csv ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="forum-emails.${format}"`,
    },
  });
}
