import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireApiUser } from "~/accounts/session.server";
import { enforceLimit, postsWithHtml, postWithHtml, refusedAsApiError } from "~/forum/api.server";
import { postSchema } from "~/forum/schemas";
import {
  canSeeTopic,
  createPost,
  getTopic,
  replyPassesPace,
  listPosts,
  POSTS_PER_PAGE,
  readerOf,
} from "~/forum/topics.server";
import { answer, apiError, readBody, readId } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/**
 * GET /api/forum/topics/{id}/posts (?page, ?limit): the posts in number order, one page at a time, each with its
 * `html` as the topic page shows it (decision 421); the total is in X-Total-Count and the next page in a Link header.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const topic = await getTopic(readId(params.id, "topic"));
  const reader = readerOf(await getUser(request));
  if (!topic || !canSeeTopic(reader, topic)) return apiError(404, "Topic not found");
  const url = new URL(request.url);
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("limit")) || POSTS_PER_PAGE));
  const { posts, page, pageCount } = await listPosts({
    topicId: topic.id,
    postCount: topic.postCount,
    page: Number(url.searchParams.get("page")) || 1,
    perPage,
    reader,
  });
  const headers = new Headers({ "Cache-Control": cacheControl.noStore, "X-Total-Count": String(topic.postCount) });
  if (page < pageCount) {
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return answer(await postsWithHtml(posts), 200, headers);
}

/** POST /api/forum/topics/{id}/posts {content}: 201 with the new post (200 with the first one on a double submit). */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = readId(params.id, "topic");
  const user = await requireApiUser(request);
  if (!(await getTopic(id))) return apiError(404, "Topic not found");
  const { content } = await readBody(request, postSchema);
  await enforceLimit("reply", user.id, () => replyPassesPace({ authorId: user.id, topicId: id, content }));
  const result = await refusedAsApiError(createPost({ topicId: id, authorId: user.id, content }));
  if (!result) return apiError(404, "Topic not found");
  return answer(await postWithHtml(result.post), result.created ? 201 : 200);
}
