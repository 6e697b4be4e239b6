import { data, type ActionFunctionArgs } from "@remix-run/node";
import { analyzeBirthDate } from "~/numerology/birth-date.server";
import { jsonError, readJsonBody } from "~/utils/http.server";

/**
 * POST /api/analyze-birth-date {birthDate, extractedNumbers, lifePathNumber} → the analysis. Only birthDate is
 * read: the digits and the life path are recomputed on the server.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const body = (await readJsonBody(request)) as { birthDate?: unknown } | null;
  const result = await analyzeBirthDate(body && typeof body === "object" ? body.birthDate : undefined);
  if (!result.ok) return data({ error: result.message, title: result.title }, { status: result.status });
  return data(result.analysis);
}
