import { data, type ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/accounts/session.server";
import { firstIssue, generateContentBody } from "~/numerology/api.server";
import { generateContent } from "~/numerology/generation.server";
import type { Digit } from "~/numerology/principles";
import { savePreferences } from "~/preferences/preferences.server";
import { clientIp, combineHeaders, jsonError, readJsonBody } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/generate-content {number, preferences} → {principle, affirmation, imageUrl}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const parsed = generateContentBody.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const visitor = await getVisitor(request);
  const cookie = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null;
  const { number, preferences } = parsed.data;
  await savePreferences({ sessionId: visitor.sessionId, ...preferences });
  const result = await generateContent({
    digit: number as Digit,
    preferences,
    sessionId: visitor.sessionId,
    userId: await getUserId(request),
    ip: clientIp(context),
  });
  if (!result.ok) {
    return data({ error: result.message, code: result.code, title: result.title }, { status: result.status, headers: combineHeaders(cookie) });
  }
  return data({ id: result.id, ...result.content }, { headers: combineHeaders(cookie) });
}
