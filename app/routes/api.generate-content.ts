import { type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { firstIssue, generateContentBody, readApiBody } from "~/numerology/api.server";
import { generateContent } from "~/numerology/generation.server";
import type { Digit } from "~/numerology/principles";
import { clientIp, combineHeaders, jsonResponse } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/generate-content {number, preferences} → {principle, affirmation, imageUrl}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ error: "Use POST." }, 405);
  const body = await readApiBody(request);
  if (body === null) return jsonResponse({ error: "The request body is not valid JSON." }, 400);
  const parsed = generateContentBody.safeParse(body);
  if (!parsed.success) return jsonResponse({ error: firstIssue(parsed.error) }, 400);
  const visitor = await getVisitor(request);
  const cookie = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null;
  const { number, preferences } = parsed.data;
  const result = await generateContent({
    digit: number as Digit,
    preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) {
    return jsonResponse(
      { error: result.message, code: result.code, title: result.title },
      result.status,
      combineHeaders(cookie),
    );
  }
  return jsonResponse({ id: result.id, ...result.content }, 200, combineHeaders(cookie));
}
