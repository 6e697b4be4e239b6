import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { firstIssue } from "~/numerology/api.server";
import { getPreferences, savePreferences } from "~/preferences/preferences.server";
import { preferencesSchema } from "~/preferences/schema";
import { combineHeaders, jsonError, readJsonBody } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** GET /api/preferences (x-session-id) → {style, composition, keywords}; defaults poetic/detailed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const preferences = await getPreferences({ sessionId: visitor.sessionId });
  return data(preferences, { headers: combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null) });
}

/** POST /api/preferences (x-session-id) {style, composition, keywords}: saves and answers what was saved. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const parsed = preferencesSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const visitor = await getVisitor(request);
  const saved = await savePreferences({ sessionId: visitor.sessionId, ...parsed.data });
  return data(saved, { headers: combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null) });
}
