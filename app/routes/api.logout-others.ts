import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePost } from "~/accounts/api.server";
import { endMemberSessions, requireApiSession, signedOutOthersMessage } from "~/accounts/session.server";

/** POST /api/logout-others: signs the member out of every other browser; `{ message, ended }`. */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  const { id, user } = await requireApiSession(request);
  const ended = await endMemberSessions({ userId: user.id, exceptSessionId: id });
  return Response.json({ message: signedOutOthersMessage(ended), ended });
}
