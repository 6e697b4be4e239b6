import type { Person } from "~/utils/cost-limits.server";
import { clientIp } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";
import { getUserId } from "./session.server";

/**
 * The person a costly request counts against (decision 095, app/utils/cost-limits.server.ts): the client address,
 * the member when signed in, the visitor id when the browser already had one.
 */
export async function personOf(request: Request, context: { clientIp?: string } | undefined): Promise<Person> {
  const visitor = await getVisitor(request);
  return {
    ip: clientIp(context),
    userId: await getUserId(request).catch(() => null),
    // An id minted for this very request (no cookie, no header) names nobody yet.
    sessionId: visitor.setCookie ? null : visitor.sessionId,
  };
}
