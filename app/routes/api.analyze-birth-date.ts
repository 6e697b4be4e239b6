import { type ActionFunctionArgs } from "@remix-run/node";
import { readApiBody } from "~/numerology/api.server";
import { analyzeBirthDate } from "~/numerology/birth-date.server";
import { jsonResponse } from "~/utils/http.server";

/**
 * POST /api/analyze-birth-date {birthDate, extractedNumbers, lifePathNumber} → the analysis. Only birthDate is
 * read: the digits and the life path are recomputed on the server.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ error: "Use POST." }, 405);
  const body = (await readApiBody(request)) as { birthDate?: unknown } | null;
  if (body === null) return jsonResponse({ error: "The request body is not valid JSON." }, 400);
  const result = await analyzeBirthDate(body && typeof body === "object" ? body.birthDate : undefined);
  if (!result.ok) return jsonResponse({ error: result.message, title: result.title }, result.status);
  return jsonResponse(result.analysis);
}
