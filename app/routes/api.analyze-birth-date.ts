import { type ActionFunctionArgs } from "@remix-run/node";
import { birthDateErrorTitle } from "~/numerology/birth-date";
import { analyzeBirthDate } from "~/numerology/birth-date.server";
import { birthDateSchema } from "~/numerology/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";

/**
 * POST /api/analyze-birth-date {birthDate, extractedNumbers, lifePathNumber} → the analysis. Only birthDate is
 * read: the digits and the life path are recomputed on the server.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { birthDate } = await readBody(request, birthDateSchema, (message) => ({
    title: birthDateErrorTitle(message),
  }));
  const result = await analyzeBirthDate(birthDate);
  if (!result.ok) return apiError(result.status, result.message, { title: result.title });
  return answer(result.analysis);
}
