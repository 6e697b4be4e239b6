import type { ActionFunctionArgs } from "@remix-run/node";
import { endMemberSessions, requireApiSession, signedOutOthersMessage } from "~/accounts/session.server";
import { answer } from "~/utils/api.server";

/** POST /api/logout-others: signs the member out of every other browser; `{ message, ended }`. */
export async function action({ request }: ActionFunctionArgs) {
  const { id, user } = await requireApiSession(request);
  const ended = await endMemberSessions({ userId: user.id, exceptSessionId: id });
  return answer({ message: signedOutOthersMessage(ended), ended });
}
