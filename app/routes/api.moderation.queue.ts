import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiModerator } from "~/accounts/session.server";
import { listQueue } from "~/moderation/queue.server";
import { answer } from "~/utils/api.server";

/** GET /api/moderation/queue: the review queue's items (moderators and admins), newest flag first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiModerator(request);
  return answer({ items: await listQueue() });
}
