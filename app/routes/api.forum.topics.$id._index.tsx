import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/accounts/session.server";
import { apiReader } from "~/forum/api.server";
import { canSeeTopic, getTopic, parseId } from "~/forum/topics.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/forum/topics/{id}: the topic with author.username and postCount, or 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const topic = id ? await getTopic(id) : null;
  if (!topic || !canSeeTopic(apiReader(await getUser(request)), topic)) {
    return jsonError("Topic not found", 404);
  }
  return Response.json(topic, { headers: { "Cache-Control": "no-store" } });
}
