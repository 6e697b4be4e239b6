import type { LoaderFunctionArgs } from "@remix-run/node";
import { listMemberSessions, requireApiSession } from "~/accounts/session.server";
import { answer } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/**
 * GET /api/sessions: the signed-in member's browsers as `{ sessions: [{ device, createdAt, lastSeenAt, current }] }`
 * (the profile's list), or 401 `{ error }`. POST /api/logout-others ends all but this one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { id, user } = await requireApiSession(request);
  const sessions = await listMemberSessions({ userId: user.id, currentSessionId: id });
  return answer({ sessions }, 200, { "Cache-Control": cacheControl.privateNoStore });
}
