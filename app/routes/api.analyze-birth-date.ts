import { type ActionFunctionArgs } from "@remix-run/node";
import { birthDateErrorTitle } from "~/numerology/birth-date";
import { analyzeBirthDate } from "~/numerology/birth-date.server";
import { birthDateSchema } from "~/numerology/schemas";
import { firstIssueMessage, jsonError, jsonResponse, safeParseJsonObject } from "~/utils/http.server";

/**
 * POST /api/analyze-birth-date {birthDate, extractedNumbers, lifePathNumber} → the analysis. Only birthDate is
 * read: the digits and the life path are recomputed on the server.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const parsed = await safeParseJsonObject(request, birthDateSchema);
  if (parsed instanceof Response) return parsed;
  if (!parsed.success) {
    const message = firstIssueMessage(parsed.error);
    return jsonResponse({ error: message, title: birthDateErrorTitle(message) }, 400);
  }
  const result = await analyzeBirthDate(parsed.data.birthDate);
  if (!result.ok) return jsonResponse({ error: result.message, title: result.title }, result.status);
  return jsonResponse(result.analysis);
}
