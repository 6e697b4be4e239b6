import { data, type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { validateAngelNumber } from "~/numerology/angel";
import { decodeAngelNumber } from "~/numerology/angel.server";
import { angelNumberBody, firstIssue } from "~/numerology/api.server";
import { clientIp, combineHeaders, jsonError, readJsonBody } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/angel-numbers (x-session-id) {number, preferences} → the angel number result, saved for the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const parsed = angelNumberBody.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const valid = validateAngelNumber(parsed.data.number);
  if (!valid.ok) return data({ error: valid.message, title: valid.title }, { status: 400 });
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null);
  const result = await decodeAngelNumber({
    number: valid.number,
    preferences: parsed.data.preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) return data({ error: result.message, code: result.code, title: result.title }, { status: result.status, headers });
  return data(result.reading, { headers });
}
