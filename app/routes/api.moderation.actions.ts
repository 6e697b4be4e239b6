import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiModerator } from "~/accounts/session.server";
import { moderate } from "~/moderation/actions.server";
import { moderationSchema } from "~/moderation/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";

/**
 * POST /api/moderation/actions {action, targetType, targetId, reason, periodHours?, category?}: one moderation
 * action (the same as the pages'), answered {ok, message, actionId}. 401 signed out, 403 not a moderator,
 * 400 bad input, 404 missing item, 409 nothing to change.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiModerator(request);
  const input = await readBody(request, moderationSchema);
  const outcome = await moderate({ actor: user, input });
  if (!outcome.ok) return apiError(outcome.status, outcome.error);
  return answer(outcome);
}
