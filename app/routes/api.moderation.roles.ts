import type { ActionFunctionArgs } from "@remix-run/node";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireApiAdmin } from "~/accounts/session.server";
import { setModeratorRole } from "~/moderation/actions.server";
import { roleSchema } from "~/moderation/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";

/** POST /api/moderation/roles {username, role: "moderator"|"member", reason}: admins only (403 otherwise). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiAdmin(request, { forbidden: "Forbidden: only admins can grant or revoke roles." });
  await requireRecentAuth(request);
  const input = await readBody(request, roleSchema);
  const outcome = await setModeratorRole({ actor: user, input });
  if (!outcome.ok) return apiError(outcome.status, outcome.error);
  return answer(outcome);
}
