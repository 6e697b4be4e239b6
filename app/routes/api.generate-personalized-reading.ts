import type { ActionFunctionArgs } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { GRAPHIC_ALERT } from "~/ai/moderation.server";
import { readingForVisitor } from "~/astrology/readings.server";
import { readingRequestSchema } from "~/astrology/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";
import { combineHeaders } from "~/utils/http.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

/** POST /api/generate-personalized-reading (x-session-id) {planet, constellation, keywords?} → {reading}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const input = await readBody(request, readingRequestSchema);

  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitorCookieHeader(visitor), {
    "Cache-Control": cacheControl.noStore,
  });
  const result = await readingForVisitor({
    sessionId: visitor.sessionId,
    person: await personOf(request, context),
    planet: input.planet,
    sign: input.constellation,
    keywords: input.keywords,
  });
  if (!result.ok && result.code === "RATE_LIMITED") {
    headers.set("Retry-After", String(result.retryAfterSeconds));
    return apiError(429, result.message, {}, headers);
  }
  if (!result.ok) {
    return apiError(result.code === GRAPHIC_ALERT ? 400 : 503, result.message, { code: result.code }, headers);
  }
  return answer({ reading: result.reading, ...budgetNotice(result.provider) }, 200, headers);
}
