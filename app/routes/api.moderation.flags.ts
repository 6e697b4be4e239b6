import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { flagItem } from "~/moderation/flags.server";
import { flagSchema } from "~/moderation/schemas";
import { jsonError, parseOrThrow, readJsonObject } from "~/utils/http.server";

/**
 * POST /api/moderation/flags {targetType: "post"|"topic", targetId, reason, note?}: 201 {flagged: true, hidden}
 * (hidden: the flag reached the threshold). 401 signed out, 403 one's own, 409 already flagged, 429 first-day limit.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  const user = await requireApiUser(request);
  const input = parseOrThrow(flagSchema, await readJsonObject(request));
  const outcome = await flagItem({ flaggerId: user.id, input });
  if (!outcome.ok) return jsonError(outcome.error, outcome.status);
  return Response.json({ flagged: true, hidden: outcome.hidden }, { status: 201 });
}
