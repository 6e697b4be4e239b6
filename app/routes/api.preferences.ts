import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GRAPHIC_ALERT } from "~/ai/moderation.server";
import { getPreferences, saveScreenedPreferences } from "~/preferences/preferences.server";
import { preferencesSchema } from "~/preferences/schema";
import { answer, apiError, readBody } from "~/utils/api.server";
import { combineHeaders } from "~/utils/http.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

/** GET /api/preferences (x-session-id) → {style, composition, keywords}; defaults poetic/detailed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const preferences = await getPreferences({ sessionId: visitor.sessionId });
  return answer(preferences, 200, combineHeaders(visitorCookieHeader(visitor)));
}

/** POST /api/preferences (x-session-id) {style, composition, keywords}: saves and answers what was saved;
 * keywords that fail the screen are refused (400 GRAPHIC_ALERT) and nothing is stored. */
export async function action({ request }: ActionFunctionArgs) {
  const input = await readBody(request, preferencesSchema);
  const visitor = await getVisitor(request);
  const headers = combineHeaders(visitorCookieHeader(visitor));
  const saved = await saveScreenedPreferences({ sessionId: visitor.sessionId, ...input });
  if (!saved.ok) return apiError(400, saved.message, { code: GRAPHIC_ALERT, title: saved.title }, headers);
  return answer(saved.preferences, 200, headers);
}
