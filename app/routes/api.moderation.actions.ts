import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { isModeratorUser } from "~/accounts/users.server";
import { moderate } from "~/moderation/actions.server";
import { moderationSchema } from "~/moderation/schemas";
import { jsonError, parseOrThrow, readJsonObject } from "~/utils/http.server";

/**
 * POST /api/moderation/actions {action, targetType, targetId, reason, periodHours?, category?}: one moderation
 * action (the same as the pages'), answered {ok, message, actionId}. 401 signed out, 403 not a moderator,
 * 400 bad input, 404 missing item, 409 nothing to change.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  const user = await requireApiUser(request);
  if (!isModeratorUser(user)) return jsonError("Forbidden: only moderators and admins can do this.", 403);
  const input = parseOrThrow(moderationSchema, await readJsonObject(request));
  const outcome = await moderate({ actor: user, input });
  if (!outcome.ok) return jsonError(outcome.error, outcome.status);
  return Response.json(outcome);
}
