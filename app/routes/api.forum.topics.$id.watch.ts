import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { apiTopicWatch } from "~/forum/api.server";
import { topicWatchSchema } from "~/forum/schemas";
import { canSeeTopic, getTopic, readerOf } from "~/forum/topics.server";
import { setWatchLevel } from "~/forum/watching.server";
import { answer, apiError, readBody, readId } from "~/utils/api.server";

/**
 * POST /api/forum/topics/{id}/watch {level}: sets the member's watch level of the topic (decisions 350, 421) with the
 * topic page's form's schema (watching, tracking, normal or muted; anything else is a 400 naming them); the answer is
 * the topic's `watchLevel` and `effectiveWatchLevel`, as GET /api/forum/topics/{id} gives them.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = readId(params.id, "topic");
  const user = await requireApiUser(request);
  const topic = await getTopic(id);
  // A hidden topic is not found by those who cannot see it (decision 298), as on its page.
  if (!topic || !canSeeTopic(readerOf(user), topic)) return apiError(404, "Topic not found");
  const { level } = await readBody(request, topicWatchSchema);
  await setWatchLevel({ memberId: user.id, topicId: topic.id, level });
  return answer(await apiTopicWatch(user.id, topic.id));
}
