import { type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { generateContent } from "~/numerology/generation.server";
import type { Digit } from "~/numerology/principles";
import { generateContentSchema } from "~/numerology/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";
import { clientIp, combineHeaders } from "~/utils/http.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

/** POST /api/generate-content {number, preferences} → {principle, affirmation, imageUrl}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const input = await readBody(request, generateContentSchema);
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitorCookieHeader(visitor));
  const result = await generateContent({
    digit: input.number as Digit,
    preferences: input.preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) return apiError(result.status, result.message, { code: result.code, title: result.title }, headers);
  return answer({ id: result.id, ...result.content, ...budgetNotice(result.provider) }, 200, headers);
}
