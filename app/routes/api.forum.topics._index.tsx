import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { enforceLimit, refusedAsApiError } from "~/forum/api.server";
import { isForumCategory } from "~/forum/categories";
import { topicSchema } from "~/forum/schemas";
import { createTopic, isRecentRepeat, listTopics, TOPICS_PER_PAGE } from "~/forum/topics.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/forum/topics (?category, ?cursor, ?limit): topics by latest activity; the next page in a Link header. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("category");
  if (category && !isForumCategory(category)) return apiError(400, "Unknown category");
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit")) || TOPICS_PER_PAGE));
  const { topics, nextCursor } = await listTopics({
    category: category && isForumCategory(category) ? category : null,
    cursor: url.searchParams.get("cursor"),
    limit,
  });
  const headers = new Headers({ "Cache-Control": cacheControl.noStore });
  if (nextCursor) {
    const next = new URL(url);
    next.searchParams.set("cursor", nextCursor);
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return answer(topics, 200, headers);
}

/** POST /api/forum/topics {title, description, category}: 201 with the topic (200 with the first one on a double submit). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readBody(request, topicSchema);
  await enforceLimit("topic", user.id, () => isRecentRepeat({ authorId: user.id, title: input.title }));
  const { topic, created } = await refusedAsApiError(createTopic({ authorId: user.id, ...input }));
  return answer(topic, created ? 201 : 200);
}
