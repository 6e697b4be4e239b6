import type { ActionFunctionArgs } from "@remix-run/node";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireApiUser } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { setModeratorRole } from "~/moderation/actions.server";
import { roleSchema } from "~/moderation/schemas";
import { jsonError, parseOrThrow, readJsonObject } from "~/utils/http.server";

/** POST /api/moderation/roles {username, role: "moderator"|"member", reason}: admins only (403 otherwise). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  const user = await requireApiUser(request);
  if (!isAdminUser(user)) return jsonError("Forbidden: only admins can grant or revoke roles.", 403);
  await requireRecentAuth(request);
  const input = parseOrThrow(roleSchema, await readJsonObject(request));
  const outcome = await setModeratorRole({ actor: user, input });
  if (!outcome.ok) return jsonError(outcome.error, outcome.status);
  return Response.json(outcome);
}
