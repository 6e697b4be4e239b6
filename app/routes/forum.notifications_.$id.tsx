import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/accounts/session.server";
import { openNotification } from "~/forum/member-notifications.server";
import { topicHref } from "~/forum/pages";
import { pageOfPost } from "~/forum/topics.server";
import { parseId } from "~/utils/ids";

/**
 * Opening one of the member's notifications (decision 312): it is marked read and the member lands on the post it is
 * about (on the page that holds it, as its address does: decision 311). Another member's, or one whose post is gone or hidden: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const notificationId = parseId(params.id);
  const target = notificationId ? await openNotification({ memberId: user.id, notificationId }) : null;
  if (!target) {
    throw new Response("No such notification", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // A new topic in a watched category (decision 350) has no post: its first page.
  if (target.number === null) return redirect(topicHref(target.topicId, 1));
  return redirect(`${topicHref(target.topicId, pageOfPost(target.number))}#post-${target.number}`);
}
