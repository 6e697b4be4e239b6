import { type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { generateContent } from "~/numerology/generation.server";
import type { Digit } from "~/numerology/principles";
import { generateContentSchema } from "~/numerology/schemas";
import {
  clientIp,
  combineHeaders,
  firstIssueMessage,
  jsonError,
  jsonResponse,
  safeParseJsonObject,
} from "~/utils/http.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/generate-content {number, preferences} → {principle, affirmation, imageUrl}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const parsed = await safeParseJsonObject(request, generateContentSchema);
  if (parsed instanceof Response) return parsed;
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null);
  const result = await generateContent({
    digit: parsed.data.number as Digit,
    preferences: parsed.data.preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok)
    return jsonResponse({ error: result.message, code: result.code, title: result.title }, result.status, headers);
  return jsonResponse({ id: result.id, ...result.content, ...budgetNotice(result.provider) }, 200, headers);
}
