import { clientIp, hashIp } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/**
 * Who a speech request is counted against: the visitor's session id when they have one (header or cookie),
 * otherwise their hashed address, so a client that sends neither cannot dodge the limit with fresh ids.
 */
export async function speechVisitorKey(request: Request, context: { clientIp?: string }): Promise<string> {
  const visitor = await getVisitor(request);
  return visitor.setCookie ? `ip:${hashIp(clientIp(context))}` : `sid:${visitor.sessionId}`;
}
