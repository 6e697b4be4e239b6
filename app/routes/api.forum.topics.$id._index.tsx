import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/accounts/session.server";
import { apiTopicWatch } from "~/forum/api.server";
import { canSeeTopic, getTopic, readerOf } from "~/forum/topics.server";
import { answer, apiError, readId } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/**
 * GET /api/forum/topics/{id}: the topic with author.username and postCount, or 404; for a signed-in member, their
 * `watchLevel` of it and the `effectiveWatchLevel` (decision 421).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const topic = await getTopic(readId(params.id, "topic"));
  const user = await getUser(request);
  if (!topic || !canSeeTopic(readerOf(user), topic)) {
    return apiError(404, "Topic not found");
  }
  const watch = user ? await apiTopicWatch(user.id, topic.id) : {};
  return answer({ ...topic, ...watch }, 200, { "Cache-Control": cacheControl.noStore });
}
