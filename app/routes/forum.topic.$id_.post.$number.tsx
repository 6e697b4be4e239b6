import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/accounts/session.server";
import { TOPIC_MISSING } from "~/forum/notices";
import { loadTopic, postRedirect } from "~/forum/topic-page.server";
import { canSeeTopic, readerOf } from "~/forum/topics.server";

/**
 * `/forum/topic/ID/post/N`: the address of post N (decision 311). It redirects to the topic page that holds the post,
 * at the post, for whoever may see the topic (a notification, a quote's link back, a search result, an unread link).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const topic = await loadTopic(params.id);
  if (!canSeeTopic(readerOf(await getUser(request)), topic)) {
    throw new Response(TOPIC_MISSING, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  throw await postRedirect(topic, params.number);
}
