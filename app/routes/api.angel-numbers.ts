import { type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { angelErrorTitle } from "~/numerology/angel";
import { decodeAngelNumber } from "~/numerology/angel.server";
import { angelRequestSchema } from "~/numerology/schemas";
import {
  clientIp,
  combineHeaders,
  firstIssueMessage,
  jsonError,
  jsonResponse,
  safeParseJsonObject,
} from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/angel-numbers (x-session-id) {number, preferences} → the angel number result, saved for the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const parsed = await safeParseJsonObject(request, angelRequestSchema);
  if (parsed instanceof Response) return parsed;
  if (!parsed.success) {
    const message = firstIssueMessage(parsed.error);
    return jsonResponse({ error: message, title: angelErrorTitle(message) }, 400);
  }
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null);
  const result = await decodeAngelNumber({
    ...parsed.data,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok)
    return jsonResponse({ error: result.message, code: result.code, title: result.title }, result.status, headers);
  return jsonResponse(result.reading, 200, headers);
}
