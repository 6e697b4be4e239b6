import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { isModeratorUser } from "~/accounts/users.server";
import { listQueue } from "~/moderation/queue.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/moderation/queue: the review queue's items (moderators and admins), newest flag first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!isModeratorUser(user)) return jsonError("Forbidden: only moderators and admins can do this.", 403);
  return Response.json({ items: await listQueue() }, { headers: { "Cache-Control": "no-store" } });
}
