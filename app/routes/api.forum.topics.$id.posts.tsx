import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireApiUser } from "~/accounts/session.server";
import { apiReader, enforceLimit, refusedAsApiError } from "~/forum/api.server";
import { postSchema } from "~/forum/schemas";
import {
  canSeeTopic,
  createPost,
  getTopic,
  isRecentRepeat,
  listPosts,
  parseId,
  POSTS_PER_PAGE,
} from "~/forum/topics.server";
import { jsonError, parseOrThrow, readJsonObject } from "~/utils/http.server";

/**
 * GET /api/forum/topics/{id}/posts (?page, ?limit): the posts in number order, one page at a time; the total is
 * in X-Total-Count and the next page in a Link header.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const topic = id ? await getTopic(id) : null;
  const reader = apiReader(await getUser(request));
  if (!topic || !canSeeTopic(reader, topic)) return jsonError("Topic not found", 404);
  const url = new URL(request.url);
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("limit")) || POSTS_PER_PAGE));
  const { posts, page, pageCount } = await listPosts({
    topicId: topic.id,
    postCount: topic.postCount,
    page: Number(url.searchParams.get("page")) || 1,
    perPage,
    reader,
  });
  const headers = new Headers({ "Cache-Control": "no-store", "X-Total-Count": String(topic.postCount) });
  if (page < pageCount) {
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(posts, { headers });
}

/** POST /api/forum/topics/{id}/posts {content}: 201 with the new post (200 with the first one on a double submit). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "GET, POST" });
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  if (!id || !(await getTopic(id))) return jsonError("Topic not found", 404);
  const { content } = parseOrThrow(postSchema, await readJsonObject(request));
  await enforceLimit("reply", user.id, () => isRecentRepeat({ authorId: user.id, topicId: id, content }));
  const result = await refusedAsApiError(createPost({ topicId: id, authorId: user.id, content }));
  if (!result) return jsonError("Topic not found", 404);
  return Response.json(result.post, { status: result.created ? 201 : 200 });
}
