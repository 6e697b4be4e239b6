import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { flagItem } from "~/moderation/flags.server";
import { flagSchema } from "~/moderation/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";

/**
 * POST /api/moderation/flags {targetType: "post"|"topic", targetId, reason, note?}: 201 {flagged: true, hidden}
 * (hidden: the flag reached the threshold). 401 signed out, 403 one's own, 409 already flagged, 429 first-day limit.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readBody(request, flagSchema);
  const outcome = await flagItem({ flaggerId: user.id, input });
  if (!outcome.ok) return apiError(outcome.status, outcome.error);
  return answer({ flagged: true, hidden: outcome.hidden }, 201);
}
