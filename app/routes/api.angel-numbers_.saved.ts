import { type LoaderFunctionArgs } from "@remix-run/node";
import { listSavedReadings } from "~/numerology/angel.server";
import { answer } from "~/utils/api.server";
import { getVisitor } from "~/utils/visitor.server";

/** GET /api/angel-numbers/saved (x-session-id) → the session's saved readings; an empty list on failure. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const visitor = await getVisitor(request);
    return answer(await listSavedReadings({ sessionId: visitor.sessionId }));
  } catch (error) {
    console.warn(`[angel] saved readings unavailable: ${(error as Error).message}`);
    return answer([]);
  }
}
