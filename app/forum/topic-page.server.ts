import { isDatabaseUnavailable } from "#db/client.server";
import { TOPIC_INVALID_ID, TOPIC_MISSING } from "./notices";
import { getTopic, parseId } from "./topics.server";

/** The topic page's reads, as the page answers when they fail (spec section 8). */
const notFound = (text: string) =>
  new Response(text, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loadTopic(idParam: string | undefined) {
  const id = parseId(idParam);
  if (!id) throw notFound(TOPIC_INVALID_ID);
  const topic = await getTopic(id);
  if (!topic) throw notFound(TOPIC_MISSING);
  return topic;
}

/** An unexpected failure of one of the loader's reads becomes a 500 whose text is the spec's (section 8). */
export async function orFail<T>(read: Promise<T>, message: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error; // an outage is a 503 (decision 006)
    console.error(error);
    throw new Response(message, { status: 500, statusText: "Internal Server Error" });
  }
}
