import type { ActionFunctionArgs } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { GRAPHIC_ALERT } from "~/ai/moderation.server";
import { readingForVisitor } from "~/astrology/readings.server";
import { readingRequestSchema } from "~/astrology/schemas";
import { combineHeaders, jsonError, readJsonBody } from "~/utils/http.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/generate-personalized-reading (x-session-id) {planet, constellation, keywords?} → {reading}. */
export async function loader() {
  return jsonError("Use POST with {planet, constellation, keywords}.", 405, { Allow: "POST" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405, { Allow: "POST" });
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch {
    return jsonError("The request body is not valid JSON.", 400);
  }
  const parsed = readingRequestSchema.safeParse(body);
  if (!parsed.success) return jsonError(parsed.error.issues.map((i) => i.message).join(" "), 400);

  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null, {
    "Cache-Control": "no-store",
  });
  const result = await readingForVisitor({
    sessionId: visitor.sessionId,
    person: await personOf(request, context),
    planet: parsed.data.planet,
    sign: parsed.data.constellation,
    keywords: parsed.data.keywords,
  });
  if (!result.ok && result.code === "RATE_LIMITED") {
    headers.set("Retry-After", String(result.retryAfterSeconds));
    return jsonError(result.message, 429, headers);
  }
  if (!result.ok) {
    return Response.json(
      { error: result.message, code: result.code },
      { status: result.code === GRAPHIC_ALERT ? 400 : 503, headers },
    );
  }
  return Response.json({ reading: result.reading, ...budgetNotice(result.provider) }, { headers });
}
