import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, firstIssue, readApiBody } from "~/numerology/api.server";
import { getPreferences, savePreferences } from "~/preferences/preferences.server";
import { preferencesSchema } from "~/preferences/schema";
import { combineHeaders } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** GET /api/preferences (x-session-id) → {style, composition, keywords}; defaults poetic/detailed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const preferences = await getPreferences({ sessionId: visitor.sessionId });
  return apiJson(preferences, 200, combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null));
}

/** POST /api/preferences (x-session-id) {style, composition, keywords}: saves and answers what was saved. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiJson({ error: "Use POST." }, 405);
  const body = await readApiBody(request);
  if (body === null) return apiJson({ error: "The request body is not valid JSON." }, 400);
  const parsed = preferencesSchema.safeParse(body);
  if (!parsed.success) return apiJson({ error: firstIssue(parsed.error) }, 400);
  const visitor = await getVisitor(request);
  const saved = await savePreferences({ sessionId: visitor.sessionId, ...parsed.data });
  return apiJson(saved, 200, combineHeaders(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : null));
}
