import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/forum/api.server";
import { getTopic, parseId } from "~/forum/topics.server";

/** GET /api/forum/topics/{id}: the topic with author.username and postCount, or 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const topic = id ? await getTopic(id) : null;
  if (!topic) return apiError("Topic not found", 404);
  return Response.json(topic, { headers: { "Cache-Control": "no-store" } });
}
