import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/accounts/session.server";
import { canSeeTopic, getTopic, readerOf } from "~/forum/topics.server";
import { answer, apiError, readId } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/forum/topics/{id}: the topic with author.username and postCount, or 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const topic = await getTopic(readId(params.id, "topic"));
  if (!topic || !canSeeTopic(readerOf(await getUser(request)), topic)) {
    return apiError(404, "Topic not found");
  }
  return answer(topic, 200, { "Cache-Control": cacheControl.noStore });
}
