import { type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { validateAngelNumber } from "~/numerology/angel";
import { decodeAngelNumber } from "~/numerology/angel.server";
import { angelNumberBody, firstIssue, readApiBody } from "~/numerology/api.server";
import { clientIp, combineHeaders, jsonResponse } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/angel-numbers (x-session-id) {number, preferences} → the angel number result, saved for the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ error: "Use POST." }, 405);
  const body = await readApiBody(request);
  if (body === null) return jsonResponse({ error: "The request body is not valid JSON." }, 400);
  const parsed = angelNumberBody.safeParse(body);
  if (!parsed.success) return jsonResponse({ error: firstIssue(parsed.error) }, 400);
  const valid = validateAngelNumber(parsed.data.number);
  if (!valid.ok) return jsonResponse({ error: valid.message, title: valid.title }, 400);
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null);
  const result = await decodeAngelNumber({
    number: valid.number,
    preferences: parsed.data.preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok)
    return jsonResponse({ error: result.message, code: result.code, title: result.title }, result.status, headers);
  return jsonResponse(result.reading, 200, headers);
}
