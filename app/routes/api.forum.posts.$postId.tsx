import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser, requireApiUser } from "~/accounts/session.server";
import { enforceLimit, postWithHtml, refusedAsApiError } from "~/forum/api.server";
import { postSchema } from "~/forum/schemas";
import { getVisiblePost, readerOf, updatePost } from "~/forum/topics.server";
import { answer, apiError, readBody, readId } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";
import type { RouteMethods } from "~/utils/request-edge.server";

/** The request edge lets PATCH through to this action (decision 127). */
export const handle: RouteMethods = { actionMethods: ["PATCH"] };

/** GET /api/forum/posts/{postId}: one post, with its `html` as the topic page shows it (decision 421). */
export async function loader({ request, params }: ActionFunctionArgs) {
  const postId = readId(params.postId, "post");
  const post = await getVisiblePost({ postId, reader: readerOf(await getUser(request)) });
  if (!post) return apiError(404, "Post not found");
  return answer(await postWithHtml(post), 200, { "Cache-Control": cacheControl.noStore });
}

/** PATCH /api/forum/posts/{postId} {content}: the updated post (with its `html`); 403 for another member's post. */
export async function action({ request, params }: ActionFunctionArgs) {
  const postId = readId(params.postId, "post");
  const user = await requireApiUser(request);
  const { content } = await readBody(request, postSchema);
  await enforceLimit("edit", user.id);
  const outcome = await refusedAsApiError(updatePost({ postId, authorId: user.id, content }));
  if (outcome.status === "not-found") return apiError(404, "Post not found");
  if (outcome.status === "forbidden") return apiError(403, "You can only edit your own posts.");
  return answer(await postWithHtml(outcome.post));
}
