import { type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { angelErrorTitle } from "~/numerology/angel";
import { decodeAngelNumber } from "~/numerology/angel.server";
import { angelRequestSchema } from "~/numerology/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";
import { clientIp, combineHeaders } from "~/utils/http.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

/** POST /api/angel-numbers (x-session-id) {number, preferences} → the angel number result, saved for the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const input = await readBody(request, angelRequestSchema, (message) => ({ title: angelErrorTitle(message) }));
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitorCookieHeader(visitor));
  const result = await decodeAngelNumber({
    ...input,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) return apiError(result.status, result.message, { code: result.code, title: result.title }, headers);
  return answer(result.reading, 200, headers);
}
