import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser, requireApiUser } from "~/accounts/session.server";
import { apiReader, enforceLimit, refusedAsApiError } from "~/forum/api.server";
import { postSchema } from "~/forum/schemas";
import { getVisiblePost, parseId, updatePost } from "~/forum/topics.server";
import { jsonError, parseOrThrow, readJsonObject } from "~/utils/http.server";
import type { RouteMethods } from "~/utils/request-edge.server";

/** The request edge lets PATCH through to this action (decision 127). */
export const handle: RouteMethods = { actionMethods: ["PATCH"] };

/** GET /api/forum/posts/{postId}: one post. */
export async function loader({ request, params }: ActionFunctionArgs) {
  const id = parseId(params.postId);
  const post = id ? await getVisiblePost({ postId: id, reader: apiReader(await getUser(request)) }) : null;
  if (!post) return jsonError("Post not found", 404);
  return Response.json(post, {
    headers: { "Cache-Control": "no-store" },
  });
}

/** PATCH /api/forum/posts/{postId} {content}: the updated post; 403 for another member's post. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError("Method not allowed", 405, { Allow: "GET, PATCH" });
  const user = await requireApiUser(request);
  const id = parseId(params.postId);
  if (!id) return jsonError("Post not found", 404);
  const { content } = parseOrThrow(postSchema, await readJsonObject(request));
  await enforceLimit("edit", user.id);
  const outcome = await refusedAsApiError(updatePost({ postId: id, authorId: user.id, content }));
  if (outcome.status === "not-found") return jsonError("Post not found", 404);
  if (outcome.status === "forbidden") return jsonError("You can only edit your own posts.", 403);
  return Response.json(outcome.post);
}
